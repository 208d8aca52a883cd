/**
 * A key revoked or an account changed in one process is refused at once by the other processes
 * of a deployment, although their key caches would trust the old rows for a minute
 * (AUTH_CACHE_MS=60000): through Redis pub/sub (`REDIS_URL`), also from the CLI. A process without
 * the bus keeps answering from its cache for that minute (the control).
 * Skipped, saying so, when the Redis at TEST_REDIS_URL does not answer.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { revokeKey } from "../src/modules/api-keys/api-keys.service.ts";
import { catalogueCopy, startTestService, type TestService } from "./helpers.ts";
import { dropKeys, redisUnreachable, TEST_REDIS_URL } from "./redis.ts";

const run = promisify(execFile);
const unreachable = await redisUnreachable(TEST_REDIS_URL);
if (unreachable) console.log(`# skipped key-cache bus tests: ${unreachable}`);

const prefix = `wds-test:bus:${randomUUID().slice(0, 8)}:`;
let path: string;
let a: TestService;
let b: TestService;
let control: TestService;

before(async () => {
  if (unreachable) return;
  path = await catalogueCopy();
  const shared = { DATABASE_URL: `sqlite:${path}`, AUTH_CACHE_MS: "60000" };
  const bus = { ...shared, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
  a = await startTestService(bus);
  b = await startTestService(bus);
  control = await startTestService(shared);
});
after(async () => {
  await Promise.all([a?.close(), b?.close(), control?.close()]);
  if (path) rmSync(path, { force: true });
  if (!unreachable) await dropKeys(TEST_REDIS_URL, prefix);
});

/** Statuses of /ping with `key` from each service, until `want` holds for `service` (at most 2 s). */
async function statusOf(service: TestService, key: string, want: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < 40; i++) {
    status = (await service.request("/ping", { key })).status;
    if (status === want) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

test("a key revoked in one process is refused by the others at once", {
  skip: unreachable ?? false,
}, async () => {
  const key = await a.newKey({ plan: "trial" });
  // Every process has the key cached now.
  for (const s of [a, b, control]) assert.equal((await s.request("/ping", { key })).status, 200);
  const started = performance.now();
  assert.ok(await revokeKey(a.app.db, key.slice(0, 12), a.clock.now(), a.app.keyCache));
  assert.equal((await a.request("/ping", { key })).status, 401, "this process: the next request");
  assert.equal(await statusOf(b, key, 401), 401, "the other process, through Redis");
  const took = performance.now() - started;
  assert.ok(took < 2_000, `took ${took} ms`);
  assert.equal(
    (await control.request("/ping", { key })).status,
    200,
    "without the bus the cache still trusts it",
  );
});

test("the CLI's revocation and state change reach running services through Redis", {
  skip: unreachable ?? false,
}, async () => {
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${path}`,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
  };
  const cli = (args: string[]) => run(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { env });
  const key = await a.newKey({ plan: "standard" });
  assert.equal((await b.request("/ping", { key })).status, 200);
  const revoked = await cli(["keys", "revoke", key.slice(0, 12)]);
  assert.match(revoked.stdout, /revoked\. Running services were told through Redis\./);
  assert.equal(await statusOf(b, key, 401), 401);

  const other = await a.newKey({ plan: "standard" });
  const ping = await b.request("/ping", { key: other });
  assert.equal(ping.status, 200);
  const email = ping.body.authenticated_as.user_email as string;
  const expired = await cli(["accounts", "set-state", "--email", email, "--state", "expired"]);
  assert.match(expired.stdout, /is expired\. Running services were told through Redis\./);
  assert.equal(await statusOf(b, other, 403), 403);
  const active = await cli(["accounts", "set-plan", "--email", email, "--plan", "enterprise"]);
  assert.match(active.stdout, /is on enterprise, active for 30 days/);
  assert.equal(await statusOf(b, other, 200), 200);
  await assert.rejects(
    cli(["accounts", "set-state", "--email", email, "--state", "frozen"]),
    /--state must be/,
  );
});
