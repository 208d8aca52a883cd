import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { CATEGORIES, grape, region, wine } from "../../../../../test/wine-fixtures.ts";
import type { Language } from "../../../../domain/vocabulary.ts";
import { drinkingWindow } from "../../../../domain/wine/drinking-window.ts";
import type { WineFacts } from "../../../../domain/wine/wine-facts.ts";
import { createOfflineGenerator } from "../offline-generator.ts";
import { type ContentKind, createOpenAiGenerator, type OpenAiGeneratorOptions } from "./openai-generator.ts";
import {
  chatCompletion,
  ENGLISH_DRINKING,
  ENGLISH_WINE_TEXTS,
  GERMAN_REGION,
  GERMAN_WINE_TEXTS,
  type MockServer,
  startMockServer,
} from "./test-fixtures.ts";

/** The calendar year the styles are decided in (which vintage may be named). */
const YEAR = new Date().getUTCFullYear();

const API_KEY = "sk-test-SECRET-0123456789";
const MODEL = "wine-writer-1";
const offline = createOfflineGenerator();

function facts(label: string): WineFacts {
  const c = CATEGORIES.find((x) => x.label === label);
  assert.ok(c, label);
  return c.facts;
}
const barolo = facts("Nebbiolo red");

let server: MockServer;
let fallbacks: { kind: ContentKind; reason: string }[];

function generator(over: Partial<OpenAiGeneratorOptions> = {}) {
  return createOpenAiGenerator(
    {
      baseUrl: server.baseUrl,
      apiKey: API_KEY,
      model: MODEL,
      timeoutMs: 2_000,
      maxRetries: 0,
      onFallback: (kind, reason) => fallbacks.push({ kind, reason }),
      ...over,
    },
    offline,
  );
}

function assertOneFallback(kind: ContentKind, pattern: RegExp): void {
  assert.equal(fallbacks.length, 1, JSON.stringify(fallbacks));
  const [f] = fallbacks;
  assert.equal(f?.kind, kind);
  assert.match(f?.reason ?? "", pattern);
  assert.ok(!f?.reason.includes(API_KEY), "reason must not contain the API key");
}

before(async () => {
  server = await startMockServer();
});
after(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  fallbacks = [];
});

describe("wineTexts", () => {
  test("a valid answer is used and the request carries model, key, language and facts", async () => {
    server.reply({ content: JSON.stringify(GERMAN_WINE_TEXTS) });
    const texts = await generator().wineTexts(barolo, "de");
    assert.deepEqual(texts, {
      description: GERMAN_WINE_TEXTS.description,
      descriptionLong: GERMAN_WINE_TEXTS.text_long,
      tastingNotes: GERMAN_WINE_TEXTS.tasting_notes,
      pairing: GERMAN_WINE_TEXTS.pairing,
    });
    assert.deepEqual(fallbacks, []);

    assert.equal(server.requests.length, 1);
    const req = server.requests[0];
    assert.ok(req);
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/v1/chat/completions");
    assert.equal(req.headers.authorization, `Bearer ${API_KEY}`);
    assert.ok(req.body);
    assert.equal(req.body.model, MODEL);
    assert.deepEqual(req.body.response_format, { type: "json_object" });
    assert.equal(req.body.temperature, 0.4);
    const [system, user] = req.body.messages;
    assert.equal(system?.role, "system");
    assert.equal(user?.role, "user");
    assert.match(system?.content ?? "", /German/);
    assert.match(system?.content ?? "", /wine merchant/);
    for (const key of ["description", "text_long", "tasting_notes", "pairing"]) {
      assert.ok(system?.content.includes(`"${key}"`), key);
    }
    const userText = user?.content ?? "";
    assert.match(userText, /German \(de\)/);
    const payload = JSON.parse(userText.slice(userText.indexOf("{"))) as { wine: Record<string, unknown> };
    assert.equal(payload.wine.name, "Barolo");
    assert.equal(payload.wine.producer, "Cascina Esempio");
    assert.equal(payload.wine.colour, "red");
    assert.equal(payload.wine.abv_percent, 14.5);
    assert.equal(payload.wine.vintage, 2019);
    assert.deepEqual(payload.wine.foods, ["Beef", "Game Meat", "Maturated Cheese"]);
    assert.deepEqual(payload.wine.region, { name: "Barolo", country: "Italien", country_code: "IT" });
    assert.deepEqual(payload.wine.flavour_profile_0_to_10, barolo.flavor);
  });

  test("grapes are sent with their localized names", async () => {
    const pinot = wine({
      id: 900,
      name: "Spätburgunder trocken",
      producerName: "Weingut Beispiel",
      grapes: [grape("Pinot Noir", "red", { de: "Spätburgunder", it: "Pinot Nero" })],
    });
    server.reply({ content: JSON.stringify(GERMAN_WINE_TEXTS) });
    await generator().wineTexts(pinot, "it");
    const userText = server.requests[0]?.body?.messages[1]?.content ?? "";
    const payload = JSON.parse(userText.slice(userText.indexOf("{"))) as {
      wine: { grapes: { name: string; local_name: string }[] };
    };
    assert.deepEqual(
      payload.wine.grapes.map((g) => [g.name, g.local_name]),
      [["Pinot Noir", "Pinot Nero"]],
    );
    assert.match(server.requests[0]?.body?.messages[0]?.content ?? "", /Italian/);
  });

  const failures: { name: string; reply: Parameters<MockServer["reply"]>[0]; reason: RegExp }[] = [
    { name: "wrong language", reply: { content: JSON.stringify(ENGLISH_WINE_TEXTS) }, reason: /language/ },
    {
      name: "missing key",
      reply: { content: JSON.stringify({ ...GERMAN_WINE_TEXTS, pairing: undefined }) },
      reason: /missing key "pairing"/,
    },
    {
      name: "too short",
      reply: { content: JSON.stringify({ ...GERMAN_WINE_TEXTS, description: "Ein Wein." }) },
      reason: /too short/,
    },
    {
      name: "unfilled slot",
      reply: {
        content: JSON.stringify({
          ...GERMAN_WINE_TEXTS,
          pairing: "Passt sehr gut zu undefined und zu Wild.",
        }),
      },
      reason: /unfilled slot/,
    },
    {
      name: "malformed JSON",
      reply: { content: '{"description": "Ein kraftvoller' },
      reason: /invalid JSON/,
    },
    {
      name: "HTTP 500",
      reply: { status: 500, json: { error: { message: "boom", type: "server_error" } } },
      reason: /http 500/,
    },
    {
      name: "refusal",
      reply: { completion: chatCompletion(null, MODEL, { refusal: "I can't help with that." }) },
      reason: /refused/,
    },
    { name: "empty content", reply: { content: "" }, reason: /empty/ },
  ];
  for (const f of failures) {
    test(`${f.name} falls back to the offline texts`, async () => {
      server.reply(f.reply);
      const texts = await generator().wineTexts(barolo, "de");
      assert.deepEqual(texts, await offline.wineTexts(barolo, "de"));
      assertOneFallback("wineTexts", f.reason);
    });
  }

  test("a hang beyond timeoutMs falls back (with the default retry)", async () => {
    server.reply({ hang: true });
    const started = Date.now();
    const texts = await generator({ timeoutMs: 300, maxRetries: undefined }).wineTexts(barolo, "fr");
    assert.deepEqual(texts, await offline.wineTexts(barolo, "fr"));
    assertOneFallback("wineTexts", /timeout after 300 ms/);
    assert.equal(server.requests.length, 2, "one request plus one retry");
    assert.ok(Date.now() - started < 5_000);
  });

  test("HTTP 500 is retried once by default, then falls back", async () => {
    server.reply({ status: 500, json: { error: { message: `bad key ${API_KEY}` } } });
    const texts = await generator({ maxRetries: undefined }).wineTexts(barolo, "en");
    assert.deepEqual(texts, await offline.wineTexts(barolo, "en"));
    assert.equal(server.requests.length, 2);
    assertOneFallback("wineTexts", /http 500/);
  });

  test("a retry that succeeds is used", async () => {
    let n = 0;
    server.reply(() =>
      n++ === 0 ? { status: 503, json: { error: "busy" } } : { content: JSON.stringify(GERMAN_WINE_TEXTS) },
    );
    const texts = await generator({ maxRetries: 1 }).wineTexts(barolo, "de");
    assert.equal(texts.description, GERMAN_WINE_TEXTS.description);
    assert.deepEqual(fallbacks, []);
  });

  test("an unreachable endpoint falls back", async () => {
    const gen = createOpenAiGenerator(
      {
        baseUrl: "http://127.0.0.1:1/v1",
        apiKey: API_KEY,
        model: MODEL,
        maxRetries: 0,
        onFallback: (kind, reason) => fallbacks.push({ kind, reason }),
      },
      offline,
    );
    assert.deepEqual(await gen.wineTexts(barolo, "it"), await offline.wineTexts(barolo, "it"));
    assertOneFallback("wineTexts", /connection error/);
  });

  test("a throwing onFallback does not break the call", async () => {
    server.reply({ content: "not json" });
    const gen = generator({
      onFallback: () => {
        throw new Error("logger down");
      },
    });
    assert.deepEqual(await gen.wineTexts(barolo, "de"), await offline.wineTexts(barolo, "de"));
  });
});

describe("drinkingPeriod", () => {
  test("texts come from the model, numbers from the offline window", async () => {
    const f = facts("Cabernet red");
    const w = drinkingWindow(f, YEAR);
    server.reply({ content: JSON.stringify({ ...ENGLISH_DRINKING, from: w.from, to: w.to }) });
    const period = await generator().drinkingPeriod(f, "en");
    assert.deepEqual(period, { from: w.from, to: w.to, ...ENGLISH_DRINKING });
    assert.deepEqual(fallbacks, []);
    const userText = server.requests[0]?.body?.messages[1]?.content ?? "";
    const payload = JSON.parse(userText.slice(userText.indexOf("{"))) as {
      drinking_window: Record<string, number>;
    };
    assert.equal(payload.drinking_window.from_years_after_vintage, w.from);
    assert.equal(payload.drinking_window.to_years_after_vintage, w.to);
    assert.equal(payload.drinking_window.from_year, 2018 + w.from);
  });

  test("numbers equal the offline window for every category, with or without model numbers", async () => {
    const gen = generator();
    for (const c of CATEGORIES) {
      const w = drinkingWindow(c.facts, YEAR);
      const offlinePeriod = await offline.drinkingPeriod(c.facts, "en");
      assert.deepEqual({ from: offlinePeriod.from, to: offlinePeriod.to }, w, c.label);
      server.reply({ content: JSON.stringify(ENGLISH_DRINKING) });
      const a = await gen.drinkingPeriod(c.facts, "en");
      assert.deepEqual({ from: a.from, to: a.to }, w, c.label);
      assert.equal(a.statement, ENGLISH_DRINKING.statement);
      server.reply({ content: JSON.stringify({ ...ENGLISH_DRINKING, from: w.from + 1, to: w.to + 5 }) });
      const b = await gen.drinkingPeriod(c.facts, "en");
      assert.deepEqual(b, offlinePeriod, c.label);
    }
    assert.equal(fallbacks.length, CATEGORIES.length);
    for (const f of fallbacks) {
      assert.equal(f.kind, "drinkingPeriod");
      assert.match(f.reason, /disagrees/);
    }
  });

  const cases: [string, Parameters<MockServer["reply"]>[0], Language, RegExp][] = [
    ["wrong language", { content: JSON.stringify(ENGLISH_DRINKING) }, "it", /language/],
    ["missing key", { content: JSON.stringify({ ...ENGLISH_DRINKING, ripe: undefined }) }, "en", /"ripe"/],
    ["malformed JSON", { content: "{statement: nope}" }, "en", /invalid JSON/],
    ["HTTP 500", { status: 500, json: {} }, "en", /http 500/],
  ];
  for (const [name, reply, lang, reason] of cases) {
    test(`${name} falls back to the offline drinking period`, async () => {
      server.reply(reply);
      const f = facts("Port");
      assert.deepEqual(await generator().drinkingPeriod(f, lang), await offline.drinkingPeriod(f, lang));
      assertOneFallback("drinkingPeriod", reason);
    });
  }

  test("a hang beyond timeoutMs falls back", async () => {
    server.reply({ hang: true });
    const f = facts("rosé");
    assert.deepEqual(
      await generator({ timeoutMs: 300 }).drinkingPeriod(f, "de"),
      await offline.drinkingPeriod(f, "de"),
    );
    assertOneFallback("drinkingPeriod", /timeout/);
  });
});

describe("regionInsight", () => {
  const baroloRegion = region(5, "Barolo", "IT", [
    barolo,
    wine({
      id: 950,
      name: "Barolo Riserva",
      producerName: "Cantina Due",
      grapes: [grape("Nebbiolo", "red")],
      region: barolo.region,
    }),
  ]);

  test("a valid answer is used; keyGrapes are computed from the facts", async () => {
    server.reply({ content: JSON.stringify(GERMAN_REGION) });
    const insight = await generator().regionInsight(baroloRegion, "de");
    const expected = await offline.regionInsight(baroloRegion, "de");
    assert.deepEqual(insight, {
      summary: GERMAN_REGION.summary,
      climateAndTerroir: GERMAN_REGION.climate_and_terroir,
      signatureStyles: GERMAN_REGION.signature_styles,
      keyGrapes: expected.keyGrapes,
    });
    assert.deepEqual(fallbacks, []);
    const userText = server.requests[0]?.body?.messages[1]?.content ?? "";
    const payload = JSON.parse(userText.slice(userText.indexOf("{"))) as { region: Record<string, unknown> };
    assert.equal(payload.region.name, "Barolo");
    assert.equal(payload.region.country, "Italien");
    assert.equal(payload.region.wine_count, 2);
    assert.deepEqual(payload.region.wines_by_colour, { red: 2, white: 0, rose: 0 });
    assert.deepEqual(payload.region.grapes_by_frequency, [
      { name: "Nebbiolo", local_name: "Nebbiolo", colour: "red", wines: 2 },
    ]);
    assert.match(server.requests[0]?.body?.messages[0]?.content ?? "", /German/);
  });

  const cases: [string, Parameters<MockServer["reply"]>[0], RegExp][] = [
    [
      "wrong language",
      {
        content: JSON.stringify({
          summary:
            "The catalogue lists two wines from Barolo in Italy, both of them red and made from Nebbiolo.",
          climate_and_terroir:
            "The region has a continental climate, and the soils are mainly marl and limestone with some sand.",
          signature_styles: ["Full-bodied dry reds", "Age-worthy reds with firm acidity"],
        }),
      },
      /language/,
    ],
    [
      "too many signature styles",
      {
        content: JSON.stringify({ ...GERMAN_REGION, signature_styles: ["Rotwein", "A", "B", "C", "D", "E"] }),
      },
      /signature_styles/,
    ],
    [
      "signature styles not an array",
      { content: JSON.stringify({ ...GERMAN_REGION, signature_styles: "Rotwein" }) },
      /not an array/,
    ],
    ["malformed JSON", { content: "[1, 2" }, /invalid JSON/],
    ["HTTP 500", { status: 500, json: {} }, /http 500/],
  ];
  for (const [name, reply, reason] of cases) {
    test(`${name} falls back to the offline insight`, async () => {
      server.reply(reply);
      assert.deepEqual(
        await generator().regionInsight(baroloRegion, "de"),
        await offline.regionInsight(baroloRegion, "de"),
      );
      assertOneFallback("regionInsight", reason);
    });
  }

  test("a hang beyond timeoutMs falls back", async () => {
    server.reply({ hang: true });
    assert.deepEqual(
      await generator({ timeoutMs: 300 }).regionInsight(baroloRegion, "en"),
      await offline.regionInsight(baroloRegion, "en"),
    );
    assertOneFallback("regionInsight", /timeout/);
  });
});
