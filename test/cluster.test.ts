/**
 * `winedata serve --processes 2`: two HTTP processes on one port, rate limits exact across them through
 * Redis (`TEST_REDIS_URL`, under a key prefix of its own), `/metrics` summed by the primary, a dead
 * worker replaced, a clean stop; without Redis, key revocations reach every worker's key cache
 * through the primary.
 * Skipped, with the reason printed, without a reachable Redis.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../src/db/database.ts";
import { csrfOf, FormClient } from "./browser-client.ts";
import { catalogueCopyWithKey, enterpriseKey } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { dropKeys, redisUnreachable, TEST_REDIS_URL } from "./redis.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

let primary: ChildProcess | null = null;
after(() => {
  primary?.kill("SIGKILL");
});

/** Pids of the live worker processes (children running the CLI) of `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid), "-f", "src/cli.ts"], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 30_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    assert.ok(performance.now() - started < ms, `${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

test("serve --processes 2: one port, limits exact across the workers, metrics summed, a dead worker replaced, a clean stop", async (t) => {
  const skip = await redisUnreachable(TEST_REDIS_URL);
  if (skip) return t.skip(skip);
  const prefix = `wds-cluster-${randomUUID().slice(0, 8)}:`;
  try {
    const { path, key } = await catalogueCopyWithKey(5);
    const db = openDatabase({ kind: "sqlite", path });
    const warmKey = await enterpriseKey(db.kysely, 1000).finally(() => db.destroy());
    const port = await freePort();
    const metricsPort = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "serve", "--processes", "2"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path}`,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        GENERATION: "inline",
      },
      stdio: "ignore",
    });
    primary = child;
    const pid = child.pid as number;
    const base = `http://127.0.0.1:${port}`;
    const workersUp = () =>
      until("two workers", () => (childrenOf(pid).length === 2 ? childrenOf(pid) : null));
    const healthy = () =>
      until("health", () =>
        fetch(`${base}/health`).then(
          (r) => (r.ok ? true : null),
          () => null,
        ),
      );
    await healthy();
    const workers = await workersUp();

    // Warm-up with a key of its own, through both workers: a fresh worker compiles and loads what a
    // request needs on its first few, and an event loop held past 250 ms meanwhile makes a Redis
    // count time out (each process then counts alone, by design: see plugins/rate-limit.ts).
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}/v1/ping`, { headers: { authorization: `Bearer ${warmKey}` } });
      assert.equal(res.status, 200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/v1/ping`, { headers: { authorization: `Bearer ${key}` } });
      statuses.push(res.status);
    }
    const exact = [200, 200, 200, 200, 200, 429, 429, 429, 429, 429];
    if (statuses.join() !== exact.join()) {
      // Say whether Redis missed counts (each process then counts alone) or the counts were wrong.
      const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const fallbacks = scraped.split("\n").filter((l) => l.startsWith("wds_rate_limit_fallback_total"));
      assert.deepEqual(statuses, exact, `counts Redis did not answer: ${fallbacks.join("; ") || "none"}`);
    }
    // The primary's /metrics sums both workers: every request counted once, whichever answered it.
    // A request is counted right after its answer is sent, so the last one may lag a moment; and a
    // scrape while a worker is still starting waits for it, then fails (503) until it has started.
    const expected = {
      'wds_http_requests_total{route="/v1/ping",method="GET",status="200"}': 25,
      'wds_http_requests_total{route="/v1/ping",method="GET",status="429"}': 5,
      'wds_rate_limit_rejections_total{reason="rate_limited"}': 5,
    };
    let text = "";
    const value = (series: string) =>
      Number(
        text
          .split("\n")
          .find((l) => l.startsWith(`${series} `))
          ?.slice(series.length + 1),
      );
    await until(
      "the summed metrics",
      async () => {
        const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        text = await res.text();
        return Object.entries(expected).every(([series, n]) => value(series) === n) ? true : null;
      },
      30_000,
    ).catch((err: Error) => assert.fail(`${err.message}\n${text.slice(0, 3000)}`));
    assert.equal(value("wds_catalogue_wines"), 1007, "read from the shared database: not summed");

    // A worker killed: the primary starts another; the service keeps answering meanwhile.
    process.kill(workers[0] as number, "SIGKILL");
    const replaced = await until("a new worker", () => {
      const now = childrenOf(pid);
      return now.length === 2 && !now.includes(workers[0] as number) ? now : null;
    });
    assert.equal(replaced.length, 2);
    await healthy();

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    primary = null;
    await until("no worker left", () => (replaced.every((w) => !alive(w)) ? true : null), 10_000);
  } finally {
    await dropKeys(TEST_REDIS_URL, prefix);
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Status of GET `path` with `key` on a new connection (so the cluster hands it to the next worker). */
function pingOnNewConnection(base: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/v1/ping`,
      { agent: false, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("serve --processes 2 without Redis: a key revoked in the dashboard is refused by both workers at once", async () => {
  const { path } = await catalogueCopyWithKey(600);
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "serve", "--processes", "2"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      GENERATION: "off",
      // Both workers would trust a cached key for a minute without the cluster's messages.
      AUTH_CACHE_MS: "60000",
    },
    stdio: "ignore",
  });
  primary = child;
  try {
    const pid = child.pid as number;
    const base = `http://127.0.0.1:${port}`;
    await until("two workers", () => (childrenOf(pid).length === 2 ? true : null));
    await until("health", () =>
      fetch(`${base}/health`).then(
        (r) => (r.ok ? true : null),
        () => null,
      ),
    );
    const browser = new FormClient(base);
    const signup = await browser.submit("/account/signup", {
      name: "Cluster",
      email: `cluster-${Date.now()}@example.com`,
      password: "a long password here",
    });
    assert.equal(signup.status, 303);
    assert.equal(
      (await browser.submit("/account/keys", { name: "k", abilities: "*", rate_limit: "60" })).status,
      303,
    );
    const key =
      /data-testid="new-key"[^>]*>([^<]+)</.exec((await browser.get("/account/keys")).html)?.[1] ?? "";
    // New connections alternate between the workers: both cache the key.
    const before = await Promise.all(Array.from({ length: 8 }, () => pingOnNewConnection(base, key)));
    assert.deepEqual(before, Array(8).fill(200));
    const confirm = await browser.get(`/account/keys/${key.slice(0, 12)}/revoke`);
    const revoked = await browser.post(`/account/keys/${key.slice(0, 12)}/revoke`, {}, csrfOf(confirm.html));
    assert.equal(revoked.status, 303);
    await sleep(200); // the message's way through the primary
    const afterRevoke: number[] = [];
    for (let i = 0; i < 8; i++) afterRevoke.push(await pingOnNewConnection(base, key));
    assert.deepEqual(afterRevoke, Array(8).fill(401));
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    primary = null;
  }
});
