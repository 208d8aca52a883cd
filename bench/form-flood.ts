/**
 * A customer's cached request while anyone, without logging in, floods the dashboard's forms with
 * 10 MB bodies (issue 33: a 9.4 MB nested JSON posted to `/account/signup` held the event loop for
 * 4.5–6.6 s; a customer's cached wine detail took 6.1 s instead of 7 ms).
 *
 * Starts the compiled service (`npm run build` first) on a fresh copy of the bundled catalogue,
 * warms a customer's wine detail (`GET /v1/wines/100003`, then answered from the response cache)
 * and measures that request's latency, one request at a time over a kept-alive connection:
 *   idle         nothing else runs;
 *   json flood   4 clients post, in a loop, 10 MB of nested JSON (`[[[…]]]`) to every dashboard form;
 *   form flood   the same with 10 MB `application/x-www-form-urlencoded` bodies.
 * The forms are the `POST /account/…` routes the app registers (`app.routeAccess`, read from an app
 * built on an empty in-memory database), so a new form is flooded too. The flood runs in a process
 * of its own; each body goes on a new kept-alive connection and is written whole whatever the
 * service answers, as by a client that ignores an early answer (the most a body can cost the service).
 * Each phase runs REQUESTS cached requests (default 1,000) or until MAX_SECONDS (default 120) have
 * passed, whichever comes first (a service that parses the bodies answers a few requests a minute).
 * Writes bench/results/form-flood-<BENCH_LABEL>.json (default `after`; BENCH_COMMIT names the code)
 * and bench/results/form-flood.md from every form-flood-*.json there (`--report`: only that).
 * Run: npm run bench:form-flood. The `before` run: this file copied into a build of the older commit.
 */
import { fork } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { startBenchService } from "./support.ts";

const REQUESTS = Number(process.env.REQUESTS ?? 1_000);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 120);
const LABEL = process.env.BENCH_LABEL ?? "after";
const PARALLEL = 4;
const BODY_BYTES = 10_000_000;
const CACHED = "/v1/wines/100003";
const RESULTS = new URL("results/", import.meta.url);

/** The dashboard's forms: every POST route under /account the app registers (`:param` filled in). */
async function dashboardForms(): Promise<string[]> {
  const config = loadConfig({ DATABASE_URL: "sqlite::memory:", LOG_LEVEL: "silent", GENERATION: "off" });
  const app = await buildApp(config);
  try {
    await app.ready();
    return app.routeAccess
      .filter((r) => r.method === "POST" && r.url.startsWith("/account/"))
      .map((r) => r.url.replace(/:\w+/g, "wds_abcdefgh"));
  } finally {
    await app.close();
  }
}

interface Phase {
  phase: string;
  requests: number;
  seconds: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Bodies the flood sent, by the status they were answered with (0: no answer). */
  flood_statuses: Record<string, number>;
  /** The slowest answer to a flood body, from connecting to the answer. */
  flood_slowest_ms: number | null;
}

/** One labelled run, as written to bench/results/form-flood-<label>.json. */
interface Run {
  label: string;
  date: string;
  commit: string | null;
  cpus: number;
  /** REQUESTS and MAX_SECONDS of the run. */
  requests: number;
  max_seconds: number;
  forms: string[];
  rows: Phase[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One flood body: a new connection (kept alive: no `Connection: close`), the whole body written as a
 * client that ignores an early answer would, and the answer's status read (0: none, the connection
 * was reset or closed first). Resolves once the body is written (or the write failed) and the
 * answer's head arrived (or the connection ended).
 */
function postBody(port: number, path: string, type: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    let head = "";
    let status = 0;
    let written = false;
    let settled = false;
    const finish = () => {
      if (settled || (!written && !socket.destroyed) || (status === 0 && !socket.destroyed)) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.on("data", (chunk: Buffer) => {
      if (status !== 0) return;
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match && head.includes("\r\n\r\n")) {
        status = Number(match[1]);
        finish();
      }
    });
    socket.on("error", () => {
      socket.destroy();
      finish();
    });
    socket.on("close", () => finish());
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body, () => {
        written = true;
        finish();
      });
    });
  });
}

/**
 * The flood, in a process of its own (so that writing the bodies does not delay this process's
 * timing of the cached request): PARALLEL loops posting `body` to the forms in turn until the parent
 * says stop; then the statuses and the slowest answer go to the parent.
 */
async function floodProcess(): Promise<void> {
  const [port, type, bodyKind, ...paths] = process.argv.slice(3);
  const body = Buffer.from(bodyKind === "json" ? nestedJson() : formBody(), "latin1");
  let running = true;
  process.once("message", () => {
    running = false;
  });
  const statuses: Record<string, number> = {};
  let slowest = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async (_, worker) => {
      for (let i = worker; running; i++) {
        const started = performance.now();
        const status = await postBody(Number(port), paths[i % paths.length] as string, type as string, body);
        slowest = Math.max(slowest, performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (++sent === 1) process.send?.("started");
      }
    }),
  );
  process.send?.({ statuses, slowest: Math.round(slowest) });
  process.disconnect();
}

const nestedJson = () => `${"[".repeat(BODY_BYTES / 2)}${"]".repeat(BODY_BYTES / 2)}`;
const formBody = () => `name=${"x".repeat(BODY_BYTES - 5)}`;

/** bench/results/form-flood.md from every form-flood-*.json there, "before" first. */
function writeReport(): void {
  const runs = readdirSync(RESULTS)
    .filter((f) => /^form-flood-.+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(new URL(f, RESULTS), "utf8")) as Run)
    .sort((a, b) => (a.label === "before" ? -1 : b.label === "before" ? 1 : a.label.localeCompare(b.label)));
  const lines = [
    "# A customer's cached request during a flood of the dashboard's forms",
    "",
    `\`npm run bench:form-flood\` (bench/form-flood.ts): \`GET ${CACHED}\` (from the response cache), one`,
    "request at a time, until the run's number of requests or its time cap; meanwhile, from another",
    `process, ${PARALLEL} clients post 10 MB bodies without logging in to every dashboard form in turn, each body`,
    "written whole on a new kept-alive connection whatever the answer. Service and clients on the same",
    "2-core machine (shared with other work: compare a run's phases with its idle phase). Target: the",
    "cached request under 50 ms during the flood.",
    "",
    "Flood answers: `303` the account pages sending a logged-out browser to the log-in page (without",
    "reading the body), `403` the CSRF check after the body was parsed, `413`/`415` refused from the",
    "headers; `0` no answer read: the service closed the connection of a refused body it did not read",
    "while the client was still writing it, and the reset came first (a client using `Expect:",
    "100-continue` gets the answer before sending the body).",
    "",
  ];
  for (const r of runs) {
    lines.push(
      `## ${r.label} (${r.date}${r.commit ? `, ${r.commit}` : ""}, ${r.cpus} cores)`,
      "",
      `${r.requests.toLocaleString("en-US")} requests per phase or ${r.max_seconds} s at most.`,
      "",
      `Forms: ${r.forms.map((f) => `\`${f}\``).join(", ")}.`,
      "",
      "| phase | requests | s | p50 ms | p99 ms | max ms | flood answers (status: bodies) | slowest flood answer ms |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const row of r.rows) {
      const statuses = Object.entries(row.flood_statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ");
      lines.push(
        `| ${row.phase} | ${row.requests} | ${row.seconds} | ${row.p50_ms} | ${row.p99_ms} | ${row.max_ms} | ${statuses || "–"} | ${row.flood_slowest_ms ?? "–"} |`,
      );
    }
    lines.push("");
  }
  writeFileSync(new URL("form-flood.md", RESULTS), lines.join("\n"));
}

if (process.argv[2] === "--report") {
  writeReport();
  process.exit(0);
}
if (process.argv[2] === "--flood") {
  await floodProcess();
  process.exit(0);
}

const forms = await dashboardForms();
const bench = await startBenchService("form-flood");
const { key, port, server } = bench;
const origin = `http://127.0.0.1:${port}`;

async function cachedRequest(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}${CACHED}`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${CACHED} answered ${res.status}`);
  return performance.now() - started;
}

async function measure(phase: string, flood: { kind: "json" | "form"; type: string } | null): Promise<Phase> {
  const child =
    flood === null
      ? null
      : fork(fileURLToPath(import.meta.url), ["--flood", String(port), flood.type, flood.kind, ...forms], {
          execArgv: ["--import", "tsx"],
        });
  // Measured once the first flood body was answered.
  if (child) await new Promise((resolve) => child.once("message", resolve));
  const started = performance.now();
  const latencies: number[] = [];
  while (latencies.length < REQUESTS && performance.now() - started < MAX_SECONDS * 1000) {
    latencies.push(await cachedRequest());
  }
  const seconds = (performance.now() - started) / 1000;
  let floodResult: { statuses: Record<string, number>; slowest: number } | null = null;
  if (child) {
    floodResult = await new Promise((resolve) => {
      child.once("message", resolve);
      child.send("stop");
    });
  }
  latencies.sort((a, b) => a - b);
  const row: Phase = {
    phase,
    requests: latencies.length,
    seconds: Math.round(seconds * 10) / 10,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? 0),
    flood_statuses: floodResult?.statuses ?? {},
    flood_slowest_ms: floodResult?.slowest ?? null,
  };
  console.log(row);
  return row;
}

let rows: Phase[];
try {
  for (let i = 0; i < 20; i++) await cachedRequest();
  rows = [
    await measure("idle", null),
    await measure("json flood (10 MB nested JSON, 4 in parallel)", {
      kind: "json",
      type: "application/json",
    }),
    await measure("form flood (10 MB form bodies, 4 in parallel)", {
      kind: "form",
      type: "application/x-www-form-urlencoded",
    }),
  ];
} finally {
  server.kill("SIGTERM");
  rmSync(bench.dir, { recursive: true, force: true });
}

const run: Run = {
  label: LABEL,
  date: new Date().toISOString().slice(0, 10),
  commit: process.env.BENCH_COMMIT ?? null,
  cpus: cpus().length,
  requests: REQUESTS,
  max_seconds: MAX_SECONDS,
  forms,
  rows,
};
writeFileSync(new URL(`form-flood-${LABEL}.json`, RESULTS), `${JSON.stringify(run, null, 2)}\n`);
writeReport();
