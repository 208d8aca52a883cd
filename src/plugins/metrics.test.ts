/**
 * `/metrics` on `METRICS_PORT`, scraped over HTTP: requests, latency, 429 reasons, the queue and the
 * catalogue; the outcomes of generation jobs as counted by the runner, in a worker thread (the default
 * `GENERATION=thread`) and on the main thread (`inline`, with a generator that always fails). The Redis
 * fallback counter under an outage is in test/redis-limits.test.ts.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { metricSample, pollUntil, startTestService, type TestService } from "../../test/helpers.ts";
import { freePort } from "../../test/raw-http.ts";
import { offlineGenerator } from "../app.ts";

let s: TestService;
let metricsPort: number;
before(async () => {
  metricsPort = await freePort();
  s = await startTestService({ METRICS_PORT: String(metricsPort) });
});
after(() => s.close());

const sample = (series: string) => metricSample(metricsPort, series);

/**
 * Scrapes `series` on `port` until it reads `expected` (at most 200 times, 25 ms apart): an outcome
 * is counted just after the job's row is written, which an HTTP answer may show first.
 */
async function settlesAt(port: number, series: string, expected: number): Promise<void> {
  let value: number | undefined;
  for (let i = 0; i < 200; i++) {
    value = await metricSample(port, series);
    if (value === expected) return;
    await sleep(25);
  }
  assert.equal(value, expected, series);
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
  // Not on the API's port, and nothing else on the metrics port.
  assert.equal((await s.request("/metrics")).status, 404);
  assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/`)).status, 404);
});

test("a missing text generated in the worker thread (GENERATION=thread): the queue shows it done, the outcomes count it", async () => {
  const outcome = (o: string) => sample(`wds_generation_job_outcomes_total{kind="wine_text",outcome="${o}"}`);
  assert.equal(await outcome("done"), 0, "every kind and outcome is exposed from the start");
  // A German detail queues a generation job; English answers until the worker thread wrote German.
  assert.equal((await s.request("/wines/100005?lang=de")).body.description.language, "en");
  await pollUntil(s, "/wines/100005?lang=de", (res) => res.body.description?.language === "de", {
    tries: 2000,
    what: "the German text of wine 100005 was never generated",
  });
  await settlesAt(metricsPort, 'wds_generation_job_outcomes_total{kind="wine_text",outcome="done"}', 1);
  assert.equal(await outcome("retried"), 0);
  assert.equal(await outcome("failed"), 0);
  assert.equal(await sample('wds_generation_jobs{status="done"}'), 1);
  assert.equal(await sample('wds_generation_jobs{status="pending"}'), undefined, "no pending job left");
});

test("a job that keeps failing (GENERATION=inline): three outcomes retried, then failed", async () => {
  const offline = offlineGenerator();
  const broken = {
    name: "broken",
    generator: { ...offline.generator, drinkingPeriod: () => Promise.reject(new Error("model offline")) },
  };
  const port = await freePort();
  const svc = await startTestService(
    { GENERATION: "inline", METRICS_PORT: String(port) },
    { generator: broken, backoffBaseMs: 1 },
  );
  try {
    assert.equal((await svc.request("/drinking-periods/100010?lang=it")).body.generating, true);
    await pollUntil(svc, "/drinking-periods/100010?lang=it", (res) => res.body.generating === false, {
      tries: 2000,
      what: "the failing job was never given up",
    });
    const series = (o: string) => `wds_generation_job_outcomes_total{kind="drinking_period",outcome="${o}"}`;
    // MAX_ATTEMPTS is 4: attempts 1–3 are retried, the 4th gives up.
    await settlesAt(port, series("failed"), 1);
    assert.equal(await metricSample(port, series("retried")), 3);
    assert.equal(await metricSample(port, series("done")), 0);
    assert.equal(await metricSample(port, 'wds_generation_jobs{status="failed"}'), 1);
  } finally {
    await svc.close();
  }
});
