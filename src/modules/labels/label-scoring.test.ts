/**
 * Guards of the label matcher's scoring, not only of its winner (issue 36): the trigram score of a
 * label against a cosine computed here from its definition (label-matcher.ts, label-indexer.ts), the
 * evidence order of a fixed candidate list, and the calibration of `confidence` on a fixed set of
 * simulated labels of the bundled catalogue (the simulation of bench/label-matcher.ts, smaller).
 * In label-matcher.test.ts's own file these would take it past 400 lines.
 */
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/database.ts";
import { mulberry32 } from "../catalogue/synthetic-random.ts";
import { FIELD_TF, type LabelDocument, trigrams } from "./label-indexer.ts";
import { LabelMatcher } from "./label-matcher.ts";
import { smoothIdf } from "./label-words.ts";
import { labelDocumentPages } from "./labels.repository.ts";

let bundled: LabelDocument[] = [];
let matcher: LabelMatcher;
before(async () => {
  const db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  for await (const page of labelDocumentPages(db.kysely)) bundled.push(...page);
  await db.destroy();
  bundled = bundled.sort((a, b) => a.id - b.id);
  matcher = LabelMatcher.of(bundled);
});

const byId = (id: number) => bundled.find((d) => d.id === id) as LabelDocument;

/**
 * The score of a label that shows every word of wine `target`, from the definitions: each wine a
 * vector of its fields' trigrams (the largest field weight, FIELD_TF, times smoothed idf over the
 * wines), the label a vector of its trigram counts times idf, the score their cosine (word coverage
 * 1: (1 + 1) / 2 = 1 times it). `walkedOnly`: only trigrams in at most `maxDf` wines (what is left
 * when the frequent ones are dropped).
 */
function expectedScore(docs: LabelDocument[], target: LabelDocument, label: string, maxDf = Infinity) {
  const vectors = docs.map((d) => {
    const v = new Map<string, number>();
    [d.producer, d.wine, d.region, d.grapes.join(" ")].forEach((text, field) => {
      for (const t of trigrams(text)) v.set(t, Math.max(v.get(t) ?? 0, FIELD_TF[field] ?? 0));
    });
    return v;
  });
  const df = new Map<string, number>();
  for (const v of vectors) for (const t of v.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => smoothIdf(docs.length, df.get(t) ?? 0);
  const wine = vectors[docs.indexOf(target)] as Map<string, number>;
  const query = new Map<string, number>();
  for (const t of trigrams(label)) if (df.has(t)) query.set(t, (query.get(t) ?? 0) + 1);
  let dot = 0;
  let qNorm = 0;
  let wNorm = 0;
  for (const [t, tf] of query) {
    qNorm += (tf * idf(t)) ** 2;
    if ((df.get(t) ?? 0) <= maxDf) dot += tf * idf(t) * (wine.get(t) ?? 0) * idf(t);
  }
  for (const [t, w] of wine) wNorm += (w * idf(t)) ** 2;
  return dot / Math.sqrt(qNorm * wNorm);
}

test("the score of a clean label is the trigram cosine, frequent trigrams included", () => {
  // 1,500 more wines of Burgundy Pinot Noir: the trigrams of "bourgogne", "pinot", "noir",
  // "burgundy" and "maison" are then in more than 1,000 wines, which have no posting list and are
  // scored from the wines' words (label-matcher.ts).
  const filler: LabelDocument[] = Array.from({ length: 1500 }, (_, i) => ({
    id: 10_000_000 + i,
    producer: `Maison ${i.toString(36)}`,
    wine: "Bourgogne Pinot Noir",
    region: "Burgundy",
    grapes: ["Pinot Noir"],
  }));
  const docs = [...bundled, ...filler];
  const large = LabelMatcher.of(docs);
  const cuvee = byId(111973); // Louis Latour · Bourgogne Cuvée Latour · Burgundy · Pinot Noir
  const label = `${cuvee.producer} ${cuvee.wine} ${cuvee.region} ${cuvee.grapes.join(" ")}`;
  const got = large.match(label, 1);
  assert.equal(got.matches[0]?.id, cuvee.id);
  const full = expectedScore(docs, cuvee, label);
  const walked = expectedScore(docs, cuvee, label, Math.max(1000, Math.floor(docs.length * 0.05)));
  // Posting weights are kept to 1/65,535: the two agree to well within 0.002.
  assert.ok(Math.abs(got.score - full) < 0.002, `score ${got.score}, cosine ${full}`);
  assert.ok(full - walked > 0.03, `the frequent trigrams weigh: ${full} against ${walked} without them`);
  assert.ok(got.score > walked + 0.03, `score ${got.score}, without frequent trigrams ${walked}`);
  // The same on the bundled catalogue alone (every trigram walked).
  const santenay = byId(117009);
  const text = `${santenay.producer} ${santenay.wine} ${santenay.region}`;
  const alone = matcher.match(text, 1).score;
  assert.ok(Math.abs(alone - expectedScore(bundled, santenay, text)) < 0.002, String(alone));
});

test("evidence orders a fixed candidate list: the producer's wines that the label names first, grapes confirm", () => {
  const { matches } = matcher.match("LOUIS LATOUR BOURGOGNE PINOT NOIR", 8);
  // Louis Latour's three Bourgognes (Cuvée Latour is the Pinot Noir; Chardonnay and Gamay each
  // lack one word of their name, the rarer "gamay" costing more), then its wines whose names the
  // label does not show and another producer's Bourgogne Pinot Noir.
  assert.deepEqual(
    matches.slice(0, 4).map((m) => m.id),
    [111973, 111763, 113154, 117009],
  );
  assert.deepEqual(new Set(matches.slice(4, 6).map((m) => m.id)), new Set([111803, 111466]));
  for (let i = 1; i < matches.length; i++)
    assert.ok((matches[i - 1]?.evidence ?? 0) > (matches[i]?.evidence ?? 0), JSON.stringify(matches));
  // Each of Latour's Bourgognes is more than four times as likely as Louis Jadot's Bourgogne
  // (evidence is in log-odds: a gap over ln 4).
  const jadot = matches.find((m) => m.id === 111466)?.evidence ?? 0;
  assert.ok((matches[2]?.evidence ?? 0) - jadot > Math.log(4), JSON.stringify(matches));
  // Confidences follow the evidence and sum below 1 (the "another wine" option keeps a share).
  const sum = matches.reduce((s, m) => s + m.confidence, 0);
  assert.ok(sum < 1 && (matches[0]?.confidence ?? 0) > (matches[1]?.confidence ?? 0), String(sum));
});

/** What OCR might read on a label of `d` (bench/label-matcher.ts's simulation, abridged). */
function simulatedLabel(d: LabelDocument, rnd: () => number): string {
  const confusions: Record<string, string> = { o: "0", l: "1", i: "l", m: "rn", e: "c", a: "o", u: "v" };
  const boilerplate = ["grand vin de bordeaux", "contains sulfites", "750 ml", "product of italy", "reserva"];
  const parts: string[] = [];
  if (rnd() < 0.88) parts.push(d.producer);
  parts.push(
    d.wine
      .split(" ")
      .filter(() => rnd() > 0.2)
      .join(" "),
  );
  if (rnd() < 0.5) parts.push(d.region);
  if (rnd() < 0.3) parts.push(d.grapes.join(" "));
  const extra = Math.floor(rnd() * 4);
  for (let i = 0; i < extra; i++) {
    const other = bundled[Math.floor(rnd() * bundled.length)] as LabelDocument;
    parts.push(rnd() < 0.6 ? (boilerplate[Math.floor(rnd() * boilerplate.length)] as string) : other.region);
  }
  let text = "";
  for (const ch of parts.join(" ")) {
    const r = rnd();
    if (r < 0.02) continue;
    text += r < 0.05 ? (confusions[ch.toLowerCase()] ?? ch) : ch;
  }
  return rnd() < 0.5 ? text.toUpperCase() : text;
}

test("calibration on a fixed simulated set: confident answers are right, unsure ones often not", () => {
  const rnd = mulberry32(36);
  const buckets = [0, 0.2, 0.4, 0.6, 0.8].map(() => ({ answers: 0, right: 0, confidence: 0 }));
  const count = 400;
  for (let i = 0; i < count; i++) {
    const d = bundled[Math.floor(rnd() * bundled.length)] as LabelDocument;
    const top = matcher.match(simulatedLabel(d, rnd), 1).matches[0];
    const b = buckets[Math.min(4, Math.floor((top?.confidence ?? 0) * 5))] as (typeof buckets)[number];
    b.answers++;
    b.confidence += top?.confidence ?? 0;
    if (top?.id === d.id) b.right++;
  }
  const report = JSON.stringify(buckets);
  const [low, , , , sure] = buckets as [(typeof buckets)[number], ...(typeof buckets)[number][]];
  assert.ok(sure && sure.answers >= count * 0.6, report);
  assert.ok(sure.right / sure.answers >= 0.95, report);
  assert.ok(low.answers >= 10 && low.right / low.answers <= 0.6, report);
  // Expected calibration error: answers weighted, |mean confidence − share right| per bucket.
  const ece = buckets.reduce((e, b) => e + Math.abs(b.confidence - b.right) / count, 0);
  assert.ok(ece < 0.08, `ECE ${ece.toFixed(3)} ${report}`);
});
