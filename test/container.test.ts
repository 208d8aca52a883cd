/**
 * The deployment files proven by running them: the Dockerfile builds, and deploy/compose.yaml starts
 * PostgreSQL, Redis, two API containers behind nginx and a worker that serve a real request.
 *
 * Builds the base images first with deploy/offline-images.sh (present images are kept, a registry that
 * answers gives the official ones, stand-ins from Debian's and npm's packages otherwise), then the service
 * image (its size printed), then `compose up` under a project name of its own with nginx published on a
 * free port of 127.0.0.1. Through nginx: `/ready` (time from `up` printed), a wine read with a key made by
 * `winedata accounts create` / `keys create` inside api-1, and requests until 429: the key's limit of 5
 * per minute holds across both API containers (Redis), and each container's metrics show it answered.
 * The stack is removed (`down -v`) afterwards, whatever happened.
 *
 * Skipped, with the reason, when no Docker daemon answers (`docker info`) or WDS_CONTAINER_TEST=0.
 * Cold (no images) it takes minutes: debootstrap, Debian packages, `npm ci` with a native build.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort } from "./raw-http.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const COMPOSE_FILE = join(ROOT, "deploy/compose.yaml");
/** The key's limit: requests per minute, shared by both API containers. */
const RATE_LIMIT = 5;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command args` from the repository root; resolves with its exit status and output (never rejects). */
function run(command: string, args: string[], env: Record<string, string> = {}, timeoutMs = 0): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({
          code,
          stdout: String(stdout),
          stderr: String(stderr || (err && code !== 0 ? err.message : "")),
        });
      },
    );
  });
}

/** Like {@link run}, but rejects with the command and the tail of its output when it fails. */
async function must(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const r = await run(command, args, env);
  if (r.code !== 0) {
    const tail = `${r.stdout}\n${r.stderr}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`${command} ${args.join(" ")} exited ${r.code}:\n${tail}`);
  }
  return r.stdout;
}

/** Why the test cannot run here, or null: WDS_CONTAINER_TEST=0, or no Docker daemon answers. */
async function skipReason(): Promise<string | null> {
  if (process.env.WDS_CONTAINER_TEST === "0") return "WDS_CONTAINER_TEST=0";
  const info = await run("docker", ["info", "--format", "{{.ServerVersion}}"], {}, 20_000);
  if (info.code !== 0 || info.stdout.trim() === "") {
    const why = (info.stderr.trim().split("\n")[0] ?? "").trim() || `exit ${info.code}`;
    return `no Docker daemon answers (docker info: ${why})`;
  }
  return null;
}

/** `docker compose` when the CLI plugin is there, else the standalone `docker-compose`, else null. */
async function composeCommand(): Promise<string[] | null> {
  if ((await run("docker", ["compose", "version"], {}, 20_000)).code === 0) return ["docker", "compose"];
  if ((await run("docker-compose", ["version"], {}, 20_000)).code === 0) return ["docker-compose"];
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The sum per `route|status` of `wds_http_requests_total` in a Prometheus text exposition. */
function requestCounts(metrics: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, labels, value] of metrics.matchAll(/^wds_http_requests_total\{([^}]*)\} (\S+)$/gm)) {
    const route = /route="([^"]*)"/.exec(labels ?? "")?.[1];
    const status = /status="([^"]*)"/.exec(labels ?? "")?.[1];
    const key = `${route}|${status}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(value));
  }
  return counts;
}

const reason = await skipReason();

test("deploy/compose.yaml: nginx, two API containers sharing rate limits over Redis, PostgreSQL and a worker", {
  skip: reason ?? false,
  timeout: 45 * 60_000,
}, async (t) => {
  const compose = await composeCommand();
  if (compose === null) return t.skip("neither `docker compose` nor `docker-compose` is installed");
  const [composeBin, ...composeArgs] = compose as [string, ...string[]];
  const project = `wds-test-${randomBytes(4).toString("hex")}`;
  const image = `wds-test-service:${project}`;
  // nginx's port: chosen right before `up` (the builds may take minutes).
  const env = { WDS_HTTP_ADDRESS: "127.0.0.1", WDS_HTTP_PORT: "" };
  let base = "";
  const log = (line: string) => console.log(`container: ${line}`);
  const phases: string[] = [];
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    phases.push(`${phase} ${seconds(performance.now() - started)}`);
    return result;
  };
  // The API containers and the worker run the image built (and measured) below, not three builds of it;
  // the health of the API containers is checked every 2 s instead of 10 s and PostgreSQL's every 1 s
  // (each waits for the one before), so that the start is measured rather than the checks' intervals.
  const overrideDir = mkdtempSync(join(tmpdir(), "wds-compose-"));
  const override = join(overrideDir, "compose.test.yaml");
  const services = ["api-1", "api-2", "worker"].map((service) => {
    const health = service === "worker" ? "" : ", healthcheck: { interval: 2s }";
    return `  ${service}: { image: "${image}"${health} }\n`;
  });
  services.push("  postgres: { healthcheck: { interval: 1s } }\n");
  writeFileSync(override, `services:\n${services.join("")}`);
  const dc = (...args: string[]) =>
    must(composeBin, [...composeArgs, "-p", project, "-f", COMPOSE_FILE, "-f", override, ...args], env);
  t.after(async () => {
    const down = await run(
      composeBin,
      [...composeArgs, "-p", project, "-f", COMPOSE_FILE, "-f", override, "down", "-v", "--remove-orphans"],
      env,
    );
    await run("docker", ["image", "rm", image]); // the tag; wds-test-service:latest keeps the layers
    // Earlier runs' images, no longer tagged (a changed src/ or lock file builds new ones): a few GB each.
    await run("docker", ["image", "prune", "-f", "--filter", "label=wds.test=1"]);
    rmSync(overrideDir, { recursive: true, force: true });
    log(`compose down -v: ${down.code === 0 ? "done" : `exit ${down.code}: ${down.stderr.trim()}`}`);
    log(`phases: ${phases.join(", ")}`);
  });
  const containerOf = async (service: string) => (await dc("ps", "-q", service)).trim();
  const inspect = async (service: string, format: string) =>
    (await must("docker", ["inspect", "--format", format, await containerOf(service)])).trim();

  await timed("base images", () => must("bash", ["deploy/offline-images.sh"]));
  // The build stage tagged too, so that its layers (npm ci) stay cached when older ones are pruned.
  await timed("service image", async () => {
    const build = ["build", "-q", "--label", "wds.test=1"];
    await must("docker", [...build, "--target", "build", "-t", "wds-test-service:build", "."]);
    await must("docker", [...build, "-t", "wds-test-service:latest", "-t", image, "."]);
  });
  const size = Number((await must("docker", ["image", "inspect", "--format", "{{.Size}}", image])).trim());
  log(`service image ${image}: ${(size / 1e6).toFixed(0)} MB`);
  assert.ok(size > 0, "the service image has a size");

  const port = await freePort();
  env.WDS_HTTP_PORT = String(port);
  base = `http://127.0.0.1:${port}`;
  const upStarted = performance.now();
  try {
    await timed("compose up", () => dc("up", "-d"));
  } catch (err) {
    const logs = await run(
      composeBin,
      [...composeArgs, "-p", project, "-f", COMPOSE_FILE, "-f", override, "logs", "--tail=20"],
      env,
    );
    throw new Error(`${(err as Error).message}\n--- compose logs ---\n${logs.stdout}`);
  }

  // Ready through nginx: the first 200 of /ready.
  let ready: Response | null = null;
  let readyBody = "";
  while (performance.now() - upStarted < 180_000) {
    ready = await fetch(`${base}/ready`).catch(() => null);
    if (ready?.status === 200) {
      readyBody = await ready.text();
      break;
    }
    await ready?.body?.cancel();
    await sleep(250);
  }
  const toReady = performance.now() - upStarted;
  phases.push(`up to /ready ${seconds(toReady)}`);
  assert.equal(ready?.status, 200, "GET /ready through nginx answers 200 within 180 s of compose up");
  assert.equal(ready?.headers.get("server")?.startsWith("nginx"), true, "answered through nginx");
  log(`GET /ready through nginx: ${ready?.status} ${readyBody} (${seconds(toReady)} after compose up)`);

  // api-2 starts once api-1 is healthy: both must be before requests are spread over them.
  await timed("api-2 healthy", async () => {
    const deadline = performance.now() + 120_000;
    while ((await inspect("api-2", "{{.State.Health.Status}}")) !== "healthy") {
      assert.ok(performance.now() < deadline, "api-2 is healthy within 120 s");
      await sleep(500);
    }
  });

  const email = `container-${project}@example.org`;
  const key = await timed("account and key", async () => {
    await dc(
      "exec",
      "-T",
      "api-1",
      "node",
      "dist/cli.js",
      "accounts",
      "create",
      "--name",
      "Container test",
      "--email",
      email,
      "--plan",
      "standard",
    );
    const created = await dc(
      "exec",
      "-T",
      "api-1",
      "node",
      "dist/cli.js",
      "keys",
      "create",
      "--email",
      email,
      "--name",
      "container",
      "--rate-limit",
      String(RATE_LIMIT),
      "--json",
    );
    return (JSON.parse(created) as { key: string }).key;
  });
  const headers = { "x-api-key": key };

  const wines = await fetch(`${base}/v1/wines?per_page=2`, { headers });
  const wineBody = (await wines.json()) as { data?: Array<{ id: number; display_name: string }> };
  assert.equal(wines.status, 200, "GET /v1/wines with the key");
  assert.equal(wineBody.data?.length, 2, "two wines of the bundled catalogue");
  log(`GET /v1/wines?per_page=2: ${wines.status}, ${wineBody.data?.map((w) => w.display_name).join("; ")}`);

  // The read above was the first request of the key's minute; go on until the first 429.
  const statuses = [wines.status];
  while (statuses.at(-1) !== 429 && statuses.length < 4 * RATE_LIMIT) {
    const r = await fetch(`${base}/v1/wines?per_page=2`, { headers });
    const body = (await r.json()) as { code?: string };
    if (r.status === 429) assert.equal(body.code, "rate_limited");
    statuses.push(r.status);
  }
  log(`rate limit ${RATE_LIMIT}/min through nginx: ${statuses.join(" ")}`);
  assert.deepEqual(
    statuses,
    [...Array<number>(RATE_LIMIT).fill(200), 429],
    `${RATE_LIMIT} answers, then 429`,
  );

  // Who answered: each API container's own request counters (metrics port 9464 inside it).
  const perContainer: Record<string, Map<string, number>> = {};
  for (const service of ["api-1", "api-2"]) {
    const script =
      "fetch('http://127.0.0.1:9464/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))";
    perContainer[service] = requestCounts(await dc("exec", "-T", service, "node", "-e", script));
  }
  const count = (service: string, status: number) => perContainer[service]?.get(`/v1/wines|${status}`) ?? 0;
  log(
    `answered: api-1 ${count("api-1", 200)}×200 ${count("api-1", 429)}×429, api-2 ${count("api-2", 200)}×200 ${count("api-2", 429)}×429`,
  );
  assert.equal(
    count("api-1", 200) + count("api-2", 200),
    RATE_LIMIT,
    "the limit is one count over both containers",
  );
  assert.equal(count("api-1", 429) + count("api-2", 429), 1);
  assert.ok(count("api-1", 200) + count("api-1", 429) > 0, "api-1 answered some of the requests");
  assert.ok(count("api-2", 200) + count("api-2", 429) > 0, "api-2 answered some of the requests");

  // The worker runs, and nothing was restarted (a container that crashed at start would have been).
  for (const service of ["api-1", "api-2", "worker", "postgres", "redis", "nginx"]) {
    const [running, restarts] = (await inspect(service, "{{.State.Running}} {{.RestartCount}}")).split(" ");
    assert.equal(running, "true", `${service} is running`);
    assert.equal(restarts, "0", `${service} was never restarted`);
  }
  log("worker and all other containers running, none restarted");
});
