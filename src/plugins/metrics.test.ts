import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../test/helpers.ts";
import { freePort } from "../../test/raw-http.ts";

let s: TestService;
let metricsPort: number;
before(async () => {
  metricsPort = await freePort();
  s = await startTestService({ METRICS_PORT: String(metricsPort) });
});
after(() => s.close());

/** The value of one sample line of the exposition (`name{labels} value`), or undefined. */
async function sample(series: string): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("/metrics on METRICS_PORT: requests by route and status, latency, 429 reasons, queue and catalogue", async () => {
  for (let i = 0; i < 3; i++) assert.equal((await s.request("/wines")).status, 200);
  assert.equal((await s.request("/wines/999999999")).status, 404);
  assert.equal((await s.request("/wines", { key: null })).status, 401);
  const limited = await s.newKey({ rateLimit: 1 });
  assert.equal((await s.request("/ping", { key: limited })).status, 200);
  assert.equal((await s.request("/ping", { key: limited })).status, 429);

  assert.equal(await sample('wds_http_requests_total{route="/v1/wines",method="GET",status="200"}'), 3);
  assert.equal(await sample('wds_http_requests_total{route="/v1/wines/:id",method="GET",status="404"}'), 1);
  assert.equal(await sample('wds_http_requests_total{route="/v1/wines",method="GET",status="401"}'), 1);
  assert.equal(await sample('wds_http_request_duration_seconds_count{route="/v1/wines"}'), 4);
  assert.equal(await sample('wds_rate_limit_rejections_total{reason="rate_limited"}'), 1);
  assert.equal(await sample("wds_rate_limit_shared_store_down"), 0);
  assert.equal(await sample("wds_rate_limit_fallback_total"), 0, "no Redis, no fallback");
  assert.equal(await sample("wds_catalogue_wines"), 1007);
  assert.equal(await sample("wds_ocr_queue"), 0);
  // A German detail queues a generation job: the queue shows it (pending or already done).
  await s.request("/wines/100005?lang=de");
  const pending = (await sample('wds_generation_jobs{status="pending"}')) ?? 0;
  const running = (await sample('wds_generation_jobs{status="running"}')) ?? 0;
  const done = (await sample('wds_generation_jobs{status="done"}')) ?? 0;
  assert.ok(pending + running + done >= 1, `jobs: ${pending} pending, ${running} running, ${done} done`);
  // Not on the API's port, and nothing else on the metrics port.
  assert.equal((await s.request("/metrics")).status, 404);
  assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/`)).status, 404);
});
