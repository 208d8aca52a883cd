/**
 * Shared rate limits (`REDIS_URL`): exact across two service processes on one database, and, while
 * Redis does not answer, per-process counting with one warning, then sharing again by itself.
 *
 * The first test uses the Redis at `TEST_REDIS_URL` (default the machine's, 127.0.0.1:6379) under a
 * key prefix of its own; the second starts and kills a `redis-server` of its own on a free port and
 * never touches the shared one (and scrapes the service's `/metrics`: the fallback counter rises by
 * one per count Redis did not answer). Each test is skipped, with the reason printed, when what it
 * needs is missing.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { type AddressInfo, connect, createServer } from "node:net";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { ConfigError, parseRedis } from "../src/config.ts";
import { catalogueCopyWithKey, metricSample } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { dropKeys, keysUnder, redisUnreachable, TEST_REDIS_URL } from "./redis.ts";
import { ServiceProcess } from "./service-process.ts";

const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Status, body code and rate-limit headers of `GET /v1/ping` on `service`. */
async function ping(service: ServiceProcess, key: string) {
  const res = await fetch(`http://127.0.0.1:${service.port}/v1/ping`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await res.json()) as { code?: string; retry_after?: number };
  return {
    status: res.status,
    code: body.code ?? null,
    limit: res.headers.get("x-ratelimit-limit"),
    remaining: res.headers.get("x-ratelimit-remaining"),
  };
}

async function started(env: Record<string, string>): Promise<ServiceProcess> {
  const service = new ServiceProcess(await freePort(), env);
  cleanups.push(() => service.stop());
  await service.start();
  return service;
}

test("two processes, one key at 5 per minute, 10 requests alternating: exactly 5 × 200 and 5 × 429", async (t) => {
  const skip = await redisUnreachable(TEST_REDIS_URL);
  if (skip) return t.skip(skip);
  const { path, key } = await catalogueCopyWithKey(5);
  const prefix = `wds-test-${randomUUID().slice(0, 8)}:`;
  cleanups.push(() => dropKeys(TEST_REDIS_URL, prefix));
  const env = { DATABASE_URL: `sqlite:${path}`, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const [first, second] = await Promise.all([started(env), started(env)]);
  const answers = [];
  for (let i = 0; i < 10; i++) answers.push(await ping(i % 2 === 0 ? first : second, key));
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, 200, 200, 429, 429, 429, 429, 429],
  );
  assert.deepEqual(
    answers.map((a) => a.remaining),
    ["4", "3", "2", "1", "0", "0", "0", "0", "0", "0"],
  );
  assert.ok(answers.every((a) => a.limit === "5"));
  assert.ok(answers.slice(5).every((a) => a.code === "rate_limited"));
});

/** `redis-server` on the PATH, or null. */
function redisServerBinary(): string | null {
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

/** Starts a Redis of the test's own on `port` (nothing kept on disk) and waits until it answers. */
async function privateRedis(binary: string, port: number): Promise<ChildProcess> {
  const server = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; (await redisUnreachable(url)) !== null; i++) {
    if (i > 100) throw new Error(`redis-server did not start on port ${port}`);
    await sleep(50);
  }
  return server;
}

test("a Redis that answers only after the service started: its first request is counted in Redis, not alone", async (t) => {
  const skip = await redisUnreachable(TEST_REDIS_URL);
  if (skip) return t.skip(skip);
  // A TCP proxy to the shared Redis that closes every connection at once for 700 ms after the
  // service's first (as a Redis still starting refuses them; the clients retry 100, 200, 300, 400 ms
  // apart), then passes them through: the rate limits' client is answered about 1 s after it first
  // asked, while the service is ready to listen after about 0.4–0.9 s here.
  const upstream = new URL(TEST_REDIS_URL);
  let firstAt: number | null = null;
  let refused = 0;
  const proxy = createServer((client) => {
    client.on("error", () => {});
    firstAt ??= performance.now();
    if (performance.now() - firstAt < 700) {
      refused++;
      client.destroy();
      return;
    }
    const server = connect(Number(upstream.port || 6379), upstream.hostname);
    server.on("error", () => client.destroy());
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => proxy.close(resolve)));
  const { port } = proxy.address() as AddressInfo;
  const { path, key } = await catalogueCopyWithKey(5);
  const prefix = `wds-test-${randomUUID().slice(0, 8)}:`;
  cleanups.push(() => dropKeys(TEST_REDIS_URL, prefix));
  const service = await started({
    DATABASE_URL: `sqlite:${path}`,
    REDIS_URL: `redis://127.0.0.1:${port}`,
    REDIS_KEY_PREFIX: prefix,
  });
  assert.ok(refused >= 3, "the first connections were refused");
  assert.deepEqual(await ping(service, key), { status: 200, code: null, limit: "5", remaining: "4" });
  assert.ok(
    (await keysUnder(TEST_REDIS_URL, prefix)).some((k) => k.startsWith(`${prefix}rpm`)),
    "the first request's count is in Redis",
  );
});

test("Redis stops or hangs: requests are still served and limited per process, one warning; shared again once it is back", async (t) => {
  const binary = redisServerBinary();
  if (binary === null) return t.skip("redis-server is not on the PATH");
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let redis = await privateRedis(binary, port);
  cleanups.push(async () => redis.kill("SIGKILL"));
  const { path, key } = await catalogueCopyWithKey(1000);
  const prefix = "outage:";
  const metricsPort = await freePort();
  const service = await started({
    DATABASE_URL: `sqlite:${path}`,
    REDIS_URL: url,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: "info",
    METRICS_PORT: String(metricsPort),
  });
  const stored = () => keysUnder(url, prefix);
  /** The fallback counter and the outage gauge, scraped. */
  const metrics = async () => ({
    fallbacks: await metricSample(metricsPort, "wds_rate_limit_fallback_total"),
    down: await metricSample(metricsPort, "wds_rate_limit_shared_store_down"),
  });

  const ready = async () => {
    const res = await fetch(`http://127.0.0.1:${service.port}/ready`);
    return { status: res.status, body: await res.json() };
  };
  assert.deepEqual(await ready(), { status: 200, body: { status: "ready", redis: "up" } });
  assert.deepEqual(await ping(service, key), { status: 200, code: null, limit: "1000", remaining: "999" });
  assert.ok(
    (await stored()).some((k) => k.startsWith(`${prefix}rpm`)),
    "the count is kept in Redis",
  );
  assert.deepEqual(await metrics(), { fallbacks: 0, down: 0 });

  // Redis goes away: every request is still answered and counted, by this process alone.
  const mark = service.mark();
  redis.kill("SIGKILL");
  await new Promise((resolve) => redis.once("exit", resolve));
  const during = [];
  for (let i = 0; i < 6; i++) during.push(await ping(service, key));
  assert.ok(
    during.every((a) => a.status === 200),
    JSON.stringify(during.map((a) => a.status)),
  );
  const remaining = during.map((a) => Number(a.remaining));
  assert.ok(
    remaining.every((r, i) => i === 0 || r === (remaining[i - 1] as number) - 1),
    `counted per process: ${remaining}`,
  );
  const warnings = service.linesSince(mark).filter((l) => l.text.includes("Redis does not answer"));
  assert.equal(warnings.length, 1, service.tail(20));
  // Still ready (requests are served), and says which dependency is down.
  assert.deepEqual(await ready(), { status: 200, body: { status: "ready", redis: "down" } });
  // Each ping is one count (per minute; /ping is outside the daily budget), each answered by the fallback.
  assert.deepEqual(await metrics(), { fallbacks: 6, down: 1 });

  // Redis is back (empty): counting goes back to it by itself.
  redis = await privateRedis(binary, port);
  let back = false;
  for (let i = 0; i < 100 && !back; i++) {
    assert.equal((await ping(service, key)).status, 200);
    back = service.linesSince(mark).some((l) => l.text.includes("Redis answers again"));
    if (!back) await sleep(100);
  }
  assert.ok(back, `no recovery line:\n${service.tail(20)}`);
  assert.ok(
    (await stored()).some((k) => k.startsWith(`${prefix}rpm`)),
    "counted in Redis again",
  );
  assert.deepEqual(await ready(), { status: 200, body: { status: "ready", redis: "up" } });
  assert.equal(service.linesSince(mark).filter((l) => l.text.includes("Redis does not answer")).length, 1);
  // The counter keeps what it counted (and the pings made while the client reconnected); the gauge is back to 0.
  const afterOutage = await metrics();
  assert.equal(afterOutage.down, 0);
  assert.ok((afterOutage.fallbacks ?? 0) >= 6, `fallbacks after the outage: ${afterOutage.fallbacks}`);

  // Redis hangs (accepts, never answers): each count waits at most the command time limit.
  const frozen = service.mark();
  redis.kill("SIGSTOP");
  try {
    for (let i = 0; i < 3; i++) assert.equal((await ping(service, key)).status, 200);
    assert.equal(
      service.linesSince(frozen).filter((l) => l.text.includes("Redis does not answer")).length,
      1,
    );
    // Each of the three waited for Redis in vain, then the fallback answered it.
    assert.deepEqual(await metrics(), { fallbacks: (afterOutage.fallbacks ?? 0) + 3, down: 1 });
  } finally {
    redis.kill("SIGCONT");
  }
  let thawed = false;
  for (let i = 0; i < 100 && !thawed; i++) {
    await ping(service, key);
    thawed = service.linesSince(frozen).some((l) => l.text.includes("Redis answers again"));
    if (!thawed) await sleep(100);
  }
  assert.ok(thawed, `no recovery line after the hang:\n${service.tail(20)}`);
  assert.ok(!service.linesSince(0).some((l) => l.text.includes(key)), "the key is never logged");
});

test("REDIS_URL and REDIS_KEY_PREFIX are checked at start", () => {
  assert.equal(parseRedis({}), null);
  assert.deepEqual(parseRedis({ REDIS_URL: "redis://:secret@cache:6379/2" }), {
    url: "redis://:secret@cache:6379/2",
    keyPrefix: "wds:",
  });
  assert.equal(parseRedis({ REDIS_URL: "rediss://cache", REDIS_KEY_PREFIX: "eu-1:" })?.keyPrefix, "eu-1:");
  assert.throws(() => parseRedis({ REDIS_URL: "http://cache:6379" }), ConfigError);
  assert.throws(() => parseRedis({ REDIS_URL: "cache:6379 x" }), ConfigError);
  assert.throws(() => parseRedis({ REDIS_URL: "redis://cache", REDIS_KEY_PREFIX: "a b" }), ConfigError);
});
