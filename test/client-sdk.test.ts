/**
 * The TypeScript SDK (packages/client) against a real service on a real database: search, a wine in
 * German through the generating flow, paging with the async iterator, 429 retries after
 * Retry-After, typed errors; and the committed generated types against a fresh generation.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { apiRoot } from "../packages/client/src/client.ts";
import {
  createWineDataClient,
  type RetryEvent,
  type WineDataClientOptions,
  WineDataError,
} from "../packages/client/src/index.ts";
import { CLIENT_TYPES_FILE, clientTypes } from "../scripts/generate-client.ts";
import { catalogueChanged, linkSource, retireWine, touchWine } from "./catalogue-sources.ts";
import { startTestService, type TestService } from "./helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

/** One request the client made and what came back. */
interface Exchange {
  path: string;
  status: number;
  retryAfter: string | null;
  sentAt: number;
  answeredAt: number;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field.
  body: any;
}

/** A client of `s` whose requests are recorded in `log`; `overrides` replace its options. */
function recordingClient(overrides: Partial<WineDataClientOptions> = {}) {
  const log: Exchange[] = [];
  const client = createWineDataClient({
    baseUrl: s.url(""),
    apiKey: s.key,
    generating: { intervalMs: 20, timeoutMs: 20_000 },
    ...overrides,
    fetch: async (request) => {
      const sentAt = Date.now();
      const response = await fetch(request);
      const url = new URL(request.url);
      log.push({
        path: url.pathname.slice(s.config.basePath.length) + url.search,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        sentAt,
        answeredAt: Date.now(),
        body: await response
          .clone()
          .json()
          .catch(() => undefined),
      });
      return response;
    },
  });
  return { client, log };
}

/** The error `promise` rejects with, asserted to be a WineDataError. */
async function failure(promise: Promise<unknown>): Promise<WineDataError> {
  const error = await promise.then(
    () => assert.fail("expected a WineDataError"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof WineDataError, String(error));
  return error;
}

describe("@winedata/client", () => {
  test("generated types are up to date with the service's /openapi.json", async () => {
    const committed = readFileSync(CLIENT_TYPES_FILE, "utf8");
    assert.ok(
      committed === (await clientTypes()),
      "packages/client/src/openapi-types.ts is stale: run `npm run generate:client` and commit it",
    );
  });

  test("the base URL with or without /v1 and a trailing slash: every request goes to /v1", async () => {
    const origin = new URL(s.url("")).origin;
    for (const baseUrl of [origin, `${origin}/`, `${origin}/v1`, `${origin}/v1/`]) {
      const paths: string[] = [];
      const client = createWineDataClient({
        baseUrl,
        apiKey: s.key,
        fetch: (request) => {
          paths.push(new URL(request.url).pathname);
          return fetch(request);
        },
      });
      assert.equal((await client.ping()).api_key.prefix, s.key.slice(0, 12), baseUrl);
      assert.equal((await client.wines.page({ per_page: 1 })).data.length, 1, baseUrl);
      assert.deepEqual(paths, ["/v1/ping", "/v1/wines"], baseUrl);
    }
    // A path prefix is kept; a host called v1 is a host; relative URLs follow the same rule.
    assert.deepEqual(
      ["https://h.example/wine", "https://h.example/wine/v1//", "https://v1", "/v1/", ""].map(apiRoot),
      ["https://h.example/wine/v1", "https://h.example/wine/v1", "https://v1/v1", "/v1", "/v1"],
    );
  });

  test("search finds a wine of the list by its name", async () => {
    const { client } = recordingClient();
    const wine = (await client.wines.page({ color: "red", per_page: 1, page: 7 })).data[0];
    assert.ok(wine);
    const found = await client.wines.search(wine.display_name, { limit: 5 });
    assert.equal(found.meta.query, wine.display_name);
    assert.equal(found.meta.count, found.data.length);
    assert.ok(found.data.length <= 5);
    assert.ok(
      found.data.some((w) => w.id === wine.id),
      JSON.stringify(found.data.map((w) => w.display_name)),
    );
  });

  test("wine detail in German: English while generating, asked again until German", async () => {
    const { client, log } = recordingClient();
    const wine = await client.wines.get(100021, { lang: "de" });
    assert.equal(wine.id, 100021);
    assert.equal(wine.description.language, "de");
    assert.equal(wine.tasting_notes.language, "de");
    const asked = log.filter((x) => x.path === "/wines/100021?lang=de");
    assert.equal(asked.length, log.length);
    assert.ok(asked.length >= 2, `asked ${asked.length} times`);
    assert.equal(asked[0]?.body.description.language, "en");
    assert.notEqual(asked[0]?.body.description.text, wine.description.text);
    // The client's own language (Accept-Language) counts as the wanted one too.
    const german = recordingClient({ lang: "de" });
    assert.equal((await german.client.wines.get(100021)).description.language, "de");
    assert.equal(german.log.length, 1);
  });

  test("drinking period in Italian: 404 generating, then the text", async () => {
    const { client, log } = recordingClient();
    const period = await client.drinkingPeriods.get(100022, { lang: "it" });
    assert.equal(period.wine_id, 100022);
    assert.equal(period.lang, "it");
    assert.equal(log[0]?.status, 404);
    assert.deepEqual(log[0]?.body, { error: log[0]?.body.error, generating: true });
    assert.equal(log.at(-1)?.status, 200);
    // generating: false asks once and gives the typed 404.
    const once = recordingClient({ generating: false });
    const region = (await client.regions.page({ per_page: 1, page: 5 })).data[0];
    assert.ok(region);
    const error = await failure(once.client.regionInsights.get(region.id, { lang: "fr" }));
    assert.deepEqual([error.status, error.code, error.generating], [404, "generating", true]);
    assert.equal(error.retryAfter, Number(once.log[0]?.retryAfter));
    assert.equal(once.log.length, 1);
  });

  test("the async iterator pages through all 1,007 wines, and through red ones", async () => {
    const { client, log } = recordingClient();
    const ids: number[] = [];
    for await (const wine of client.wines.list()) ids.push(wine.id);
    const total = (await client.wines.page({ per_page: 1 })).meta.total;
    assert.ok(total >= 250);
    assert.equal(ids.length, total);
    assert.equal(new Set(ids).size, total);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(log.length - 1, Math.ceil(total / 100));

    const reds: string[] = [];
    for await (const wine of client.wines.list({ color: "red" })) reds.push(wine.color);
    const redTotal = (await client.wines.page({ color: "red", per_page: 1 })).meta.total;
    assert.equal(reds.length, redTotal);
    assert.ok(reds.every((c) => c === "red"));
    // Breaking out of the loop fetches no further page.
    const before = log.length;
    for await (const _ of client.producers.list()) break;
    assert.equal(log.length, before + 1);
  });

  test("429 is retried after Retry-After and then succeeds", async () => {
    const key = await s.newKey({ rateLimit: 1 });
    const retries: RetryEvent[] = [];
    const { client, log } = recordingClient({
      apiKey: key,
      retry: { maxAttempts: 3, maxWaitMs: 61_000, onRetry: (event) => retries.push(event) },
    });
    await client.ping();
    const pong = await client.ping();
    assert.equal(pong.api_key.rate_limit_per_minute, 1);
    assert.equal(log[0]?.status, 200);
    assert.equal(log[1]?.status, 429);
    assert.equal(log.at(-1)?.status, 200);
    const limited = log.filter((x) => x.status === 429);
    assert.equal(retries.length, limited.length);
    for (const [i, x] of limited.entries()) {
      const waitMs = Number(x.retryAfter) * 1000;
      assert.ok(waitMs >= 1000, `Retry-After ${x.retryAfter}`);
      assert.equal(retries[i]?.waitMs, waitMs);
      assert.equal(retries[i]?.status, 429);
      const next = log[log.indexOf(x) + 1];
      assert.ok(next && next.sentAt - x.answeredAt >= waitMs - 2, "the retry came before Retry-After");
    }
  });

  test("429 over the bound: a typed error at once, Retry-After in it", async () => {
    const key = await s.newKey({ rateLimit: 1 });
    const { client, log } = recordingClient({ apiKey: key, retry: { maxWaitMs: 500 } });
    await client.wines.page({ per_page: 1 });
    const error = await failure(client.wines.page({ per_page: 1 }));
    assert.deepEqual([error.status, error.code], [429, "rate_limited"]);
    assert.equal(error.retryAfter, Number(log[1]?.retryAfter));
    assert.ok(error.retryAfter !== null && error.retryAfter >= 1);
    assert.equal(log.length, 2);
    // maxAttempts 1: no retry whatever the wait.
    const single = recordingClient({ apiKey: key, retry: { maxAttempts: 1 } });
    assert.equal((await failure(single.client.ping())).status, 429);
    assert.equal(single.log.length, 1);
  });

  test("typed errors: 401, 403, 404 and 422 with code, message and field errors", async () => {
    const { client } = recordingClient();
    const missing = await failure(client.wines.get(999_999_999));
    assert.deepEqual(
      [missing.status, missing.code, missing.message, missing.generating],
      [404, "not_found", "Wine not found.", false],
    );
    const unknown = await failure(client.drinkingPeriods.get(999_999_999, { lang: "de" }));
    assert.deepEqual([unknown.status, unknown.code, unknown.generating], [404, "not_found", false]);

    const invalid = await failure(client.wines.search("ab"));
    assert.deepEqual([invalid.status, invalid.code], [422, "validation_failed"]);
    assert.deepEqual(invalid.fieldErrors, { q: [invalid.message] });
    const perPage = await failure(client.wines.page({ per_page: 101 }));
    assert.deepEqual(Object.keys(perPage.fieldErrors), ["per_page"]);

    const badKey = `${s.key.slice(0, -4)}0000`;
    const stranger = recordingClient({ apiKey: badKey });
    const unauthenticated = await failure(stranger.client.ping());
    assert.deepEqual(
      [unauthenticated.status, unauthenticated.code, unauthenticated.message],
      [401, "unauthenticated", "Unauthenticated."],
    );
    // The key is in neither the error nor its serialisation.
    const shown = `${String(unauthenticated)} ${JSON.stringify(unauthenticated)} ${unauthenticated.stack}`;
    assert.ok(!shown.includes(badKey) && !shown.includes(badKey.slice(13)));

    const winesOnly = recordingClient({ apiKey: await s.newKey({ abilities: ["wines:read"] }) });
    const forbidden = await failure(winesOnly.client.producers.get(10001));
    assert.deepEqual([forbidden.status, forbidden.code], [403, "missing_ability"]);
    const standard = recordingClient({ apiKey: await s.newKey({ plan: "standard" }) });
    const notEnterprise = await failure(standard.client.photos.analyze("aGVsbG8="));
    assert.deepEqual([notEnterprise.status, notEnterprise.code], [403, "forbidden"]);
    const notImage = await failure(client.photos.analyze("aGVsbG8="));
    assert.deepEqual([notImage.status, notImage.code], [422, "invalid_image"]);
  });

  test("the other resources answer through the client", async () => {
    const { client } = recordingClient();
    const producer = await client.producers.get(10001, { includeWines: true });
    assert.equal(producer.id, 10001);
    assert.ok(producer.wines && producer.wines.length > 0);
    const region = await client.regions.get(1001, { lang: "de" });
    assert.equal(region.id, 1001);
    const insight = await client.regionInsights.get(1001, { lang: "en" });
    assert.equal(insight.region_id, 1001);
    const grapes = await client.grapes.page({ search: "Pinot" });
    assert.ok(grapes.data.length > 0);
    const grape = await client.grapes.get(grapes.data[0]?.id ?? 0, { lang: "de" });
    assert.equal(grape.id, grapes.data[0]?.id);
    const pong = await client.ping();
    assert.equal(pong.api_key.prefix, s.key.slice(0, 12));
  });

  test("label recognition: a bottle photo finds its wine", async () => {
    const { client } = recordingClient();
    const photo = readFileSync(new URL("fixtures/labels/100062.jpeg", import.meta.url)).toString("base64");
    const result = await client.photos.analyze(photo, { maxResults: 3, lang: "de" });
    assert.equal(result.message, "ok");
    assert.equal(result.candidates[0]?.id, 100062);
    assert.ok(result.candidates.length <= 3);
    assert.ok((result.detected_labels[0]?.producer_name.length ?? 0) > 0);
  });
});

describe("@winedata/client: codes, the changes feed, sources", () => {
  test("findByCode by LWIN and GTIN forms; null when none; 422 for a bad check digit", async () => {
    const { client } = recordingClient();
    const wine = (await client.wines.page({ per_page: 1, page: 3 })).data[0];
    assert.ok(wine);
    await linkSource(s.app.db, "lwin", "1088001", wine.id);
    await linkSource(s.app.db, "off", "00036000291452", wine.id);
    await catalogueChanged(s);
    const byLwin = await client.wines.findByCode({ lwin: "1088001" });
    assert.equal(byLwin?.id, wine.id);
    assert.deepEqual(byLwin?.identifiers, { lwin: "1088001", gtin: ["00036000291452"], xwines: wine.id });
    assert.equal((await client.wines.findByCode({ gtin: "036000291452" }))?.id, wine.id);
    assert.equal(await client.wines.findByCode({ lwin: "1088002" }), null);
    const error = await client.wines.findByCode({ gtin: "036000291453" }).catch((e: unknown) => e);
    assert.ok(error instanceof WineDataError);
    assert.equal(error.status, 422);
    assert.ok(error.fieldErrors.gtin);
  });

  test("changes: every change since a time, retired ones included, through the cursor", async () => {
    const { client, log } = recordingClient();
    const ids = (await client.wines.page({ per_page: 5, page: 9 })).data.map((w) => w.id);
    const at = (n: number) => new Date(Date.UTC(2098, 0, 1) + n * 1000).toISOString();
    for (const [i, id] of ids.slice(0, 4).entries()) await touchWine(s.app.db, id, at(i));
    await retireWine(s.app.db, ids[4] as number, { status: "retired", at: at(10) });
    await catalogueChanged(s);
    const seen: [number, string][] = [];
    for await (const w of client.wines.changes(new Date(Date.UTC(2098, 0, 1)))) seen.push([w.id, w.status]);
    assert.deepEqual(seen, [...ids.slice(0, 4).map((id) => [id, "active"]), [ids[4], "retired"]]);
    // A wine taken out: the detail is a typed 410.
    const gone = await client.wines.get(ids[4] as number).catch((e: unknown) => e);
    assert.ok(gone instanceof WineDataError);
    assert.deepEqual([gone.status, gone.code], [410, "gone"]);
    assert.ok(log.some((x) => x.path.includes("updated_since=")));
  });

  test("sources: licences and attribution", async () => {
    const { client } = recordingClient();
    const sources = await client.sources.list();
    assert.deepEqual(
      sources.map((x) => x.name),
      ["xwines", "lwin", "off"],
    );
    assert.equal(
      sources.find((x) => x.name === "off")?.attribution,
      "Open Food Facts contributors, https://world.openfoodfacts.org",
    );
  });
});
