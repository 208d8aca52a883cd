import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import sharp from "sharp";
import {
  collectedLog,
  metricSample,
  startTestService,
  type TestService,
  until,
} from "../../../test/helpers.ts";
import { freePort } from "../../../test/raw-http.ts";
import { AMBIGUOUS_BELOW, LabelMatcher, MATCH_THRESHOLD, NAMED_CONFIDENCE } from "./label-matcher.ts";
import { yearsOnLabel } from "./label-text.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import type { OcrReading } from "./ocr-worker.ts";

let s: TestService;
let metricsPort: number;
before(async () => {
  metricsPort = await freePort();
  s = await startTestService({
    BODY_LIMIT_BYTES: String(2 * 1024 * 1024),
    METRICS_PORT: String(metricsPort),
  });
});
after(() => s.close());

const photo = readFileSync(new URL("../../../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
  "base64",
);

test("a real bottle photo is recognised end to end (base64 and data: URL)", async () => {
  for (const encoded of [photo, `data:image/jpeg;base64,${photo}`]) {
    const res = await s.request("/photo/analyze?lang=de", { body: { photo: encoded, max_results: 3 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, "ok");
    assert.equal(res.body.candidates[0].id, 100062);
    assert.ok(res.body.candidates.length <= 3);
    const c = res.body.candidates[0];
    assert.deepEqual(Object.keys(c).sort(), [
      "color",
      "confidence",
      "display_name",
      "id",
      "producer",
      "region",
      "residual_sugar",
      "sub_type",
      "type",
    ]);
    assert.equal(c.residual_sugar, "trocken");
    assert.ok(c.confidence > 0.5 && c.confidence <= 1, String(c.confidence));
    assert.equal(res.body.ambiguous, false);
    assert.equal(c.region.country, "BR");
    const label = res.body.detected_labels[0];
    assert.equal(label.producer_name, "Casa Valduga");
    assert.equal(label.wine_name, "Origem Merlot");
    assert.equal(label.color, "red");
    assert.equal(label.country, "BR");
  }
});

test("a photo upside down or turned sideways is recognised as well, with one reading", async () => {
  // Every OCR reading is timed in wds_ocr_read_seconds, so its count is the number of readings.
  const readings = async () => (await metricSample(metricsPort, "wds_ocr_read_seconds_count")) ?? 0;
  for (const angle of [90, 180, 270]) {
    const turned = await sharp(Buffer.from(photo, "base64")).rotate(angle).jpeg({ quality: 90 }).toBuffer();
    const before = await readings();
    const res = await s.request("/photo/analyze", {
      body: { photo: turned.toString("base64"), max_results: 3 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.candidates[0]?.id, 100062, `turned ${angle}°`);
    assert.equal(res.body.detected_labels[0].producer_name, "Casa Valduga");
    assert.equal((await readings()) - before, 1, `turned ${angle}°: one reading`);
  }
});

test("a namesake the label cannot tell apart makes the answer ambiguous, with the confidence shared", async () => {
  const svc = await startTestService({ BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
  try {
    // A second "Casa Valduga · Origem Merlot" with the same vintages, then a new catalogue version.
    const db = svc.app.db;
    const original = await db
      .selectFrom("wines")
      .selectAll()
      .where("id", "=", 100062)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("wines")
      .values({ ...original, id: 999_001 })
      .execute();
    await db
      .updateTable("catalogue_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    svc.app.catalogueVersion.changed();
    const res = await svc.request("/photo/analyze", { body: { photo, max_results: 3 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, "ok");
    assert.equal(res.body.ambiguous, true, JSON.stringify(res.body.candidates));
    const [first, second] = res.body.candidates;
    assert.deepEqual(new Set([first.id, second.id]), new Set([100062, 999_001]));
    assert.ok(first.confidence <= 0.5 && second.confidence <= 0.5, JSON.stringify(res.body.candidates));
  } finally {
    await svc.close();
  }
});

test("a photo without any text: no_label_detected", async () => {
  const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: "#7a2438" } })
    .jpeg()
    .toBuffer();
  const res = await s.request("/photo/analyze", { body: { photo: blank.toString("base64") } });
  assert.deepEqual(
    [res.status, res.body],
    [200, { message: "no_label_detected", detected_labels: [], candidates: [], ambiguous: false }],
  );
});

test("a label of a wine we do not have: ok, the words read, no candidates", async () => {
  const svg = `<svg width="480" height="640" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#f3ead6"/>
    <text x="240" y="220" font-family="DejaVu Serif" font-size="44" text-anchor="middle">QUIZZMORPH</text>
    <text x="240" y="320" font-family="DejaVu Sans" font-size="30" text-anchor="middle">Plixbryt Zwonk</text>
    <text x="240" y="400" font-family="DejaVu Sans" font-size="26" text-anchor="middle">2019</text></svg>`;
  const image = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const res = await s.request("/photo/analyze", { body: { photo: image.toString("base64") } });
  assert.equal(res.status, 200);
  assert.equal(res.body.message, "ok");
  assert.deepEqual(res.body.candidates, []);
  const label = res.body.detected_labels[0];
  assert.match(label.producer_name, /QUIZZ/);
  assert.equal(label.vintage, 2019);
});

test("a label no wine fits well still gets the wines of the producer or appellation it names, ambiguous; noise alone gets none", async () => {
  // The OCR is replaced by the text below (a photo is still sent and decoded), one line per entry.
  let read: string[] = [];
  const reader = async (): Promise<OcrReading> => ({
    lines: read.map((text, i) => ({ text, confidence: 0.9, height: 60 - i })),
    upright: 0,
  });
  const svc = await startTestService({}, { photoReader: reader });
  try {
    const db = svc.app.db;
    const matcher = await LabelMatcher.build(labelDocumentPages(db));
    const backLabel = [
      "IMPORTED BY HOLBECK TRADING LONDON",
      "GOVERNMENT WARNING ACCORDING TO THE SURGEON GENERAL",
    ];
    const analyze = async (lines: string[]) => {
      read = lines;
      // The text alone fits no wine well enough: without the names, there would be no candidate.
      assert.ok(matcher.match(lines.join(" "), 5).score < MATCH_THRESHOLD, lines.join(" "));
      const res = await svc.request("/photo/analyze", { body: { photo, max_results: 10 } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.message, "ok");
      return res.body;
    };
    const idsOf = async (where: "p.display_name" | "r.name_en", value: string) =>
      (
        await db
          .selectFrom("wines as w")
          .innerJoin("producers as p", "p.id", "w.producer_id")
          .innerJoin("regions as r", "r.id", "w.region_id")
          .select("w.id")
          .where(where, "=", value)
          .execute()
      )
        .map((w) => w.id)
        .sort();
    const shared = (candidates: { confidence: number }[]) => {
      const sum = candidates.reduce((total, c) => total + c.confidence, 0);
      assert.ok(sum <= NAMED_CONFIDENCE + 0.002 && sum > 0, String(sum));
      assert.ok(candidates.every((c) => c.confidence < AMBIGUOUS_BELOW));
      for (let i = 1; i < candidates.length; i++)
        assert.ok((candidates[i - 1]?.confidence ?? 0) >= (candidates[i]?.confidence ?? 0));
    };

    // The producer's name read exactly, in capitals and without its accent (Esporão), the rest noise.
    const esporao = await analyze(["ESPORAO", "CONTAINS SULFITES 750 ML PRODUCT OF PORTUGAL", ...backLabel]);
    const esporaoWines = await idsOf("p.display_name", "Esporão");
    assert.ok(esporaoWines.length >= 2);
    assert.deepEqual(esporao.candidates.map((c: { id: number }) => c.id).sort(), esporaoWines);
    assert.equal(esporao.ambiguous, true);
    shared(esporao.candidates);
    // Ranked by the label's evidence: "Esporão" is also a word of the wine name of its Reserva Tinto.
    assert.equal(esporao.candidates[0].display_name, "Esporão Reserva Tinto");
    assert.equal(esporao.detected_labels[0].producer_name, "Esporão");

    // The producer garbled by OCR, the appellation legible: that appellation's wines.
    const gevrey = await analyze([
      "D0MXNE FVQRR",
      "GEVREY-CHAMBERTIN",
      "MIS EN BOUTEILLE AU DOMAINE PRODUIT DE FRANCE 13% VOL 750 ML CONTIENT DES SULFITES",
      ...backLabel,
      "WOMEN SHOULD NOT DRINK ALCOHOLIC BEVERAGES DURING PREGNANCY BECAUSE OF THE RISK OF BIRTH DEFECTS",
    ]);
    const gevreyWines = await idsOf("r.name_en", "Gevrey-Chambertin");
    assert.ok(gevreyWines.length >= 2);
    assert.deepEqual(gevrey.candidates.map((c: { id: number }) => c.id).sort(), gevreyWines);
    assert.equal(gevrey.ambiguous, true);
    shared(gevrey.candidates);
    // Only the appellation was recognised: the label reports it, and its own words for the rest.
    assert.equal(gevrey.detected_labels[0].region_name, "Gevrey-Chambertin");
    assert.equal(gevrey.detected_labels[0].producer_name, "D0MXNE FVQRR");

    // Noise, a common word alone ("Baron": Château Pichon Baron, Barons de Rothschild) and a
    // producer's name inside a longer word ("Te Mata" in "TE MATAKANA"): no candidates.
    for (const lines of [
      ["QUIZZMORPH", "Plixbryt Zwonk", ...backLabel],
      ["BARON", "QUIZZMORPH", ...backLabel],
      ["QUIZZMORPH TE MATAKANA", ...backLabel],
    ]) {
      const none = await analyze(lines);
      assert.deepEqual([none.candidates, none.ambiguous], [[], false], lines.join(" / "));
    }
  } finally {
    await svc.close();
  }
});

test("engine failure: 502 analysis_failed, and the service stays healthy", async () => {
  const svc = await startTestService(
    {},
    { photoReader: async () => Promise.reject(new Error("onnx session crashed")) },
  );
  try {
    const res = await svc.request("/photo/analyze", { body: { photo } });
    assert.equal(res.status, 502);
    assert.deepEqual(res.body, { message: "The photo could not be analysed.", code: "analysis_failed" });
    assert.equal((await svc.request("/wines/100062")).status, 200);
  } finally {
    await svc.close();
  }
});

test("a photo over its time budget: 503 with Retry-After, and the service stays healthy", async () => {
  const svc = await startTestService({ PHOTO_TIMEOUT_MS: "50" });
  try {
    const res = await svc.request("/photo/analyze", { body: { photo } });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, "service_unavailable");
    assert.ok(Number(res.headers.get("retry-after")) > 0);
    // Reads abandoned in the middle of recognition (a budget about one read long) must not take the
    // process down with them (ending the thread mid-inference used to abort it).
    const close = await startTestService({ PHOTO_TIMEOUT_MS: "300" });
    try {
      for (let i = 0; i < 4; i++) {
        const r = await close.request("/photo/analyze", { body: { photo } });
        assert.ok([200, 503].includes(r.status), String(r.status));
      }
      assert.equal((await close.request("/wines/100062")).status, 200);
    } finally {
      await close.close();
    }
    assert.equal((await svc.request("/health", { key: null })).status, 200);
    assert.equal((await svc.request("/wines/100062")).status, 200);
  } finally {
    await svc.close();
  }
});

test("undecodable data: 422 invalid_image", async () => {
  const cases = [
    Buffer.from("this is not an image").toString("base64"),
    "%%%not-base64%%%",
    photo.slice(0, 2000),
    "data:text/plain;base64,aGVsbG8=",
  ];
  for (const encoded of cases) {
    const res = await s.request("/photo/analyze", { body: { photo: encoded } });
    assert.equal(res.status, 422, encoded.slice(0, 30));
    assert.deepEqual(res.body, { message: "Could not decode image data", code: "invalid_image" });
  }
});

test("more than 40 megapixels: 422", async () => {
  const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const res = await s.request("/photo/analyze", { body: { photo: huge.toString("base64") } });
  assert.equal(res.status, 422);
  assert.equal(res.body.code, "invalid_image");
  assert.match(res.body.message, /40 megapixels/);
});

test("request validation: missing photo, max_results bounds, malformed JSON, body too large", async () => {
  const missing = await s.request("/photo/analyze", { body: {} });
  assert.deepEqual([missing.status, missing.body.errors], [422, { photo: ["The photo field is required."] }]);
  for (const max of [0, 51]) {
    const res = await s.request("/photo/analyze", { body: { photo, max_results: max } });
    assert.equal(res.status, 422);
    assert.ok(res.body.errors.max_results);
  }
  const malformed = await s.request("/photo/analyze", {
    rawBody: '{"photo":',
    headers: { "content-type": "application/json" },
  });
  assert.deepEqual([malformed.status, malformed.body.code], [400, "malformed_json"]);
  const text = await s.request("/photo/analyze", {
    rawBody: "photo",
    headers: { "content-type": "text/plain" },
  });
  assert.deepEqual([text.status, text.body.code], [415, "unsupported_media_type"]);
  const big = await s.request("/photo/analyze", { body: { photo: "A".repeat(3 * 1024 * 1024) } });
  assert.deepEqual([big.status, big.body.code], [413, "payload_too_large"]);
  const health = await s.request("/health", { key: null });
  assert.equal(health.status, 200);
});

test("vintage: years from 1900 to next year, newest first, founding dates left out", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  assert.deepEqual(yearsOnLabel("RESERVA 2019 Merlot 750ml", now), [2019]);
  assert.deepEqual(yearsOnLabel("Desde 1931 · Safra 2018", now), [2018]);
  assert.deepEqual(yearsOnLabel("Since 1850 Estate bottled", now), []);
  assert.deepEqual(yearsOnLabel("1899 2028 20195 2027", now), [2027]);
  assert.deepEqual(yearsOnLabel("Vintage 2015 Bottled 2017", now), [2017, 2015]);
});

test("after the idle time the matcher's thread stops, and the next photo starts it again while it is read", async () => {
  const log = collectedLog();
  const idle = await startTestService(
    { MATCHER_IDLE_MS: "300", OCR_IDLE_MS: "300", LOG_LEVEL: "info" },
    { logStream: log.stream },
  );
  // Starts are counted from the log rather than running() asked after the answer: on a loaded
  // machine the 300 ms idle time may have stopped the thread by then (or even during the reading).
  const starts = () => log.lines.filter((l) => l.includes('"msg":"label matcher ready"')).length;
  try {
    const analyze = () => idle.request("/photo/analyze", { body: { photo, max_results: 1 } });
    const first = await analyze();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await until(() => !idle.app.labels.matcher.running(), 30_000);
    const stopped = starts();
    const again = await analyze();
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.ok(starts() > stopped, "the photo after the idle stop started the thread again");
    assert.equal(again.body.candidates[0].id, 100062);
    assert.deepEqual(again.body.candidates, first.body.candidates);
  } finally {
    await idle.close();
  }
});
