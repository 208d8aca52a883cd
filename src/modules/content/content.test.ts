import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startFakeLlm } from "../../../test/fake-llm.ts";
import {
  catalogueCopy,
  outdateFirstPeriod,
  startTestService,
  type TestService,
} from "../../../test/helpers.ts";
import { freePort } from "../../../test/raw-http.ts";
import { offlineGenerator } from "../../app.ts";
import { createGenerator } from "./generator.ts";
import { claimJob, findJob } from "./jobs.repository.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

/**
 * Polls `path` until it answers 200 (at most ~30 s: the job runs on a worker thread started on demand,
 * whose start takes seconds on a busy machine).
 */
async function until200(service: TestService, path: string) {
  for (let i = 0; i < 1500; i++) {
    const res = await service.request(path);
    if (res.status === 200) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never answered 200`);
}

describe("drinking periods", () => {
  test("English exists after import: years after vintage, texts agree", async () => {
    const res = await s.request("/drinking-periods/100003?lang=en");
    assert.equal(res.status, 200);
    const p = res.body;
    assert.deepEqual(Object.keys(p).sort(), [
      "from",
      "id",
      "lang",
      "ripe",
      "statement",
      "storage",
      "to",
      "wine_id",
      "young",
    ]);
    assert.equal(p.wine_id, 100003);
    assert.equal(p.lang, "en");
    assert.ok(
      Number.isInteger(p.from) && Number.isInteger(p.to) && p.from >= 0 && p.from <= p.to && p.to <= 100,
    );
    assert.ok(p.statement && p.young && p.ripe && p.storage);
  });

  test("missing language: 404 generating true with Retry-After, then 200 in that language", async () => {
    const first = await s.request("/drinking-periods/100003?lang=de");
    assert.equal(first.status, 404);
    assert.deepEqual(first.body, {
      error: "No drinking period found for the specified language.",
      generating: true,
    });
    assert.equal(first.headers.get("retry-after"), "30");
    // The message is English: no Content-Language; the answer depends on the language asked: Vary.
    assert.equal(first.headers.get("content-language"), null);
    assert.match(first.headers.get("vary") ?? "", /accept-language/i);
    const done = await until200(s, "/drinking-periods/100003?lang=de");
    assert.equal(done.body.lang, "de");
    assert.equal(done.headers.get("content-language"), "de");
    const en = await s.request("/drinking-periods/100003?lang=en");
    assert.deepEqual([done.body.from, done.body.to], [en.body.from, en.body.to]);
    assert.notEqual(done.body.statement, en.body.statement);
  });

  test("a period written before its window ended is answered, not cached, and written again; others are left", async () => {
    const year = new Date().getUTCFullYear();
    const [stale, current] = await s.app.db
      .selectFrom("drinking_periods as d")
      .innerJoin("wines as w", "w.id", "d.wine_id")
      .select(["d.wine_id", "w.vintage", "d.to_years"])
      .where("d.lang", "=", "en")
      .where("w.vintage", "is not", null)
      .where("d.wine_id", ">", 100_500)
      .orderBy("d.wine_id")
      .limit(2)
      .execute();
    assert.ok(stale && current && stale.vintage !== null && current.vintage !== null);
    // Written last year, its window ending last year: then to come, now past. The other, written last
    // year too, ends this year or later: still to come.
    const lastYear = `${year - 1}-06-01T00:00:00.000Z`;
    const outdated = "Written before the window ended.";
    await s.app.db
      .updateTable("drinking_periods")
      .set({ to_years: year - 1 - stale.vintage, created_at: lastYear, statement: outdated })
      .where("wine_id", "=", stale.wine_id)
      .where("lang", "=", "en")
      .execute();
    const kept = "Written last year, window still open.";
    await s.app.db
      .updateTable("drinking_periods")
      .set({
        to_years: Math.max(current.to_years, year - current.vintage),
        created_at: lastYear,
        statement: kept,
      })
      .where("wine_id", "=", current.wine_id)
      .where("lang", "=", "en")
      .execute();

    const first = await s.request(`/drinking-periods/${stale.wine_id}?lang=en`);
    assert.equal(first.status, 200);
    assert.equal(first.body.statement, outdated);
    assert.equal(first.headers.get("cache-control"), "no-store");
    assert.equal(first.headers.get("etag"), null);
    let fresh = first;
    for (let i = 0; i < 150 && fresh.body.statement === outdated; i++) {
      await new Promise((r) => setTimeout(r, 20));
      fresh = await s.request(`/drinking-periods/${stale.wine_id}?lang=en`);
    }
    assert.notEqual(fresh.body.statement, outdated);
    assert.match(fresh.headers.get("cache-control") ?? "", /max-age/);
    const row = await s.app.db
      .selectFrom("drinking_periods")
      .select(["created_at", "to_years"])
      .where("wine_id", "=", stale.wine_id)
      .where("lang", "=", "en")
      .executeTakeFirstOrThrow();
    assert.equal(new Date(row.created_at).getUTCFullYear(), year);
    assert.equal(row.to_years, fresh.body.to);

    const other = await s.request(`/drinking-periods/${current.wine_id}?lang=en`);
    assert.equal(other.body.statement, kept);
    assert.match(other.headers.get("cache-control") ?? "", /max-age/);
    assert.equal(await findJob(s.app.db, "drinking_period", current.wine_id, "en"), undefined);
  });

  test("Accept-Language selects the language when lang is absent", async () => {
    const res = await until200(s, "/drinking-periods/100002");
    assert.equal(res.body.lang, "en");
    const fr = await s.request("/drinking-periods/100002", { headers: { "accept-language": "fr-CA" } });
    assert.equal(fr.status, 404);
    assert.equal(fr.body.generating, true);
  });

  test("unknown or non-numeric wine: 404 generating false", async () => {
    for (const id of ["1", "abc"]) {
      const res = await s.request(`/drinking-periods/${id}?lang=en`);
      assert.equal(res.status, 404);
      assert.equal(res.body.generating, false);
      assert.equal(res.headers.get("retry-after"), null);
    }
    assert.equal((await s.request("/drinking-periods/100003?lang=es")).status, 422);
  });
});

describe("region insights", () => {
  test("English exists: arrays of styles and {id, name} key grapes", async () => {
    const res = await s.request("/region-insights/1001?lang=en");
    assert.equal(res.status, 200);
    const i = res.body;
    assert.equal(i.region_id, 1001);
    assert.ok(i.summary.length > 40 && i.climate_and_terroir.length > 20);
    assert.ok(
      Array.isArray(i.signature_styles) && i.signature_styles.every((x: unknown) => typeof x === "string"),
    );
    assert.ok(
      i.key_grapes.length > 0 &&
        i.key_grapes.every((g: { id: number; name: string }) => Number.isInteger(g.id) && g.name),
    );
  });

  test("generating flow for Italian", async () => {
    const first = await s.request("/region-insights/1001?lang=it");
    assert.deepEqual(
      [first.status, first.body],
      [404, { error: "No region insight found for the specified language.", generating: true }],
    );
    const done = await until200(s, "/region-insights/1001?lang=it");
    assert.equal(done.body.lang, "it");
  });

  test("unknown region: 404 generating false", async () => {
    const res = await s.request("/region-insights/999999?lang=en");
    assert.deepEqual([res.status, res.body.generating], [404, false]);
  });

  test("50 simultaneous requests for one missing insight queue exactly one job", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => s.request("/region-insights/1002?lang=fr")),
    );
    assert.ok(results.every((r) => r.status === 404 || r.status === 200));
    const jobs = await s.app.db
      .selectFrom("generation_jobs")
      .selectAll()
      .where("resource_id", "=", 1002)
      .where("lang", "=", "fr")
      .execute();
    assert.equal(jobs.length, 1);
    await until200(s, "/region-insights/1002?lang=fr");
  });
});

describe("generator recorded beside the texts", () => {
  test("the model's name beside what the model wrote, offline beside what its fallback wrote", async () => {
    // The fake endpoint answers German; any other language gets a 400, so the generator falls back.
    const llm = await startFakeLlm(await freePort());
    const generator = createGenerator({
      kind: "openai",
      baseUrl: llm.baseUrl,
      apiKey: "test-key",
      model: "fake-model",
      timeoutMs: 5_000,
    });
    const svc = await startTestService({}, { generator });
    const answering = setInterval(() => {
      for (const r of llm.requests) r.answer();
    }, 10);
    try {
      for (const lang of ["de", "it"]) {
        assert.equal((await svc.request(`/drinking-periods/100012?lang=${lang}`)).status, 404);
        await until200(svc, `/drinking-periods/100012?lang=${lang}`);
      }
      const rows = await svc.app.db
        .selectFrom("drinking_periods")
        .select(["lang", "generator"])
        .where("wine_id", "=", 100012)
        .where("lang", "in", ["de", "it"])
        .orderBy("lang")
        .execute();
      assert.deepEqual(rows, [
        { lang: "de", generator: "openai:fake-model" },
        { lang: "it", generator: "offline" },
      ]);
      assert.deepEqual(
        llm.requests.map((r) => r.lang),
        ["de", "it"],
        "both were asked of the model",
      );
    } finally {
      clearInterval(answering);
      await svc.close();
      await llm.close();
    }
  });
});

describe("job durability", () => {
  test("a job that keeps failing ends generating: false after its retries", async () => {
    const failing = offlineGenerator();
    const broken = {
      name: "broken",
      generator: {
        ...failing.generator,
        drinkingPeriod: async () => Promise.reject(new Error("model offline")),
      },
    };
    const svc = await startTestService({}, { generator: broken, backoffBaseMs: 5 });
    try {
      assert.equal((await svc.request("/drinking-periods/100010?lang=it")).body.generating, true);
      let job = await findJob(svc.app.db, "drinking_period", 100010, "it");
      for (let i = 0; i < 200 && job?.status !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 10));
        job = await findJob(svc.app.db, "drinking_period", 100010, "it");
      }
      assert.equal(job?.status, "failed");
      assert.equal(job?.attempts, 4);
      assert.equal(job?.last_error, "model offline");
      const res = await svc.request("/drinking-periods/100010?lang=it");
      assert.deepEqual([res.status, res.body.generating], [404, false]);
    } finally {
      await svc.close();
    }
  });

  test("jobs queued before a stop are done after a restart", async () => {
    const url = `sqlite:${await catalogueCopy()}`;
    const stopped = await startTestService({ DATABASE_URL: url, GENERATION: "off" });
    try {
      const res = await stopped.request("/region-insights/1004?lang=de");
      assert.deepEqual([res.status, res.body.generating], [404, true]);
    } finally {
      await stopped.close();
    }
    const restarted = await startTestService({ DATABASE_URL: url });
    try {
      const res = await until200(restarted, "/region-insights/1004?lang=de");
      assert.equal(res.body.lang, "de");
    } finally {
      await restarted.close();
    }
  });
});

describe("a job being run", () => {
  test("a text whose job a worker is running answers as being generated, like a queued one", async () => {
    // No worker in this process: the test takes the jobs as a worker would (claimJob: status running).
    const svc = await startTestService({ GENERATION: "off" });
    try {
      // Written last year with a window that ended last year: answered as stored, written again.
      const wineId = await outdateFirstPeriod(svc.app.db);
      const missing = ["/region-insights/1004?lang=de", "/drinking-periods/100010?lang=it"];
      const refreshed = `/drinking-periods/${wineId}?lang=en`;
      const answers = async () => [
        ...(await Promise.all(missing.map((path) => svc.request(path)))).map((res) => {
          assert.deepEqual([res.status, res.body.generating], [404, true], JSON.stringify(res.body));
          assert.equal(res.headers.get("retry-after"), "30");
          return res;
        }),
        await svc.request(refreshed).then((res) => {
          assert.equal(res.status, 200);
          return res;
        }),
      ];
      for (const res of await answers()) assert.equal(res.headers.get("cache-control"), "no-store");
      const jobs = [
        ["region_insight", 1004, "de"],
        ["drinking_period", 100010, "it"],
        ["drinking_period", wineId, "en"],
      ] as const;
      for (const [kind, id, lang] of jobs)
        assert.equal((await findJob(svc.app.db, kind, id, lang))?.status, "pending");
      while ((await claimJob(svc.app.db, "a-worker", new Date())) !== undefined) {}
      for (const [kind, id, lang] of jobs)
        assert.equal((await findJob(svc.app.db, kind, id, lang))?.status, "running");
      // Running, not only queued: still being generated, still not final.
      for (const res of await answers()) assert.equal(res.headers.get("cache-control"), "no-store");
    } finally {
      await svc.close();
    }
  });
});

describe("worker thread on demand", () => {
  test("starts when a job is queued, stops when idle, starts again for the next job", async () => {
    const svc = await startTestService({
      DATABASE_URL: `sqlite:${await catalogueCopy()}`,
      GENERATION_IDLE_MS: "100",
    });
    const waitFor = async (running: boolean) => {
      for (let i = 0; i < 300 && svc.app.content.generationRunning() !== running; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return svc.app.content.generationRunning();
    };
    try {
      assert.equal(svc.app.content.generationRunning(), false, "no thread while the queue is empty");
      const first = await svc.request("/region-insights/1004?lang=de");
      assert.equal(first.body.generating, true, JSON.stringify(first.body));
      assert.equal((await until200(svc, "/region-insights/1004?lang=de")).body.lang, "de");
      assert.equal(await waitFor(false), false, "the idle thread stopped");
      assert.equal((await svc.request("/region-insights/1004?lang=fr")).body.generating, true);
      assert.equal((await until200(svc, "/region-insights/1004?lang=fr")).body.lang, "fr");
    } finally {
      await svc.close();
    }
  });
});
