/**
 * Precision and recall of the crosswalk (src/modules/catalogue/crosswalk.ts) on labelled sets, and its
 * time and memory at 300,000 wines.
 *
 * Sets: the generated set of bench/crosswalk-set.ts (seed 1) in its two parts — `development` (the
 * thresholds and penalties were fitted there) and `validation` (held apart, never tuned on) — and
 * the hand-written set test/fixtures/crosswalk/hand-labelled.json (real wines of the bundled
 * catalogue and look-alikes, written the way LWIN and Open Food Facts write them).
 *
 * Metrics per set (a `review` counts as no link):
 *   precision   = right links / links
 *   recall      = right links / records whose wine is in the index
 *   review rate = reviews / records
 * Every miss (a wine in the index not linked to it) and every false link is listed.
 *
 * Scale: the bundled catalogue grown to 300,000 wines (synthetic.ts `syntheticCatalogue`, seed 1,
 * "realistic"), all added; heap growth (after GC, `--expose-gc`), time to add, and the mean time of
 * one match over 20,000 records (LWIN and Open Food Facts ways, half each) of wines drawn from it,
 * after one unmeasured pass; with the links' precision and recall there too (informative only:
 * synthetic producers may hold two wines of one name).
 *
 * Fixtures: the import's real pipeline on the hand-checked fixture files (bench/crosswalk-fixtures.ts).
 *
 * Writes bench/results/crosswalk-quality.{md,json}.
 * Run: node --expose-gc --import tsx bench/crosswalk-quality.ts   (SCALE=0 skips the 300,000 part)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Crosswalk, type CrosswalkDecision, LINK_MIN, MARGIN } from "../src/modules/catalogue/crosswalk.ts";
import { PENALTY } from "../src/modules/catalogue/crosswalk-fit.ts";
import type { SourceRecord } from "../src/modules/catalogue/source-record.ts";
import { syntheticCatalogue } from "../src/modules/catalogue/synthetic.ts";
import { Draw, mulberry32 } from "../src/modules/catalogue/synthetic-random.ts";
import { fixtureQuality } from "./crosswalk-fixtures.ts";
import {
  blankRecord,
  bundledCatalogue,
  crosswalkWines,
  type LabelledRecord,
  labelledSet,
  lwinRecord,
  offRecord,
} from "./crosswalk-set.ts";

/** Quality figures of one set. */
interface Quality {
  records: number;
  inIndex: number;
  links: number;
  rightLinks: number;
  reviews: number;
  precision: number;
  recall: number;
  reviewRate: number;
  misses: string[];
  falseLinks: string[];
}

/** One line describing a record and what the crosswalk answered. */
function describe(l: LabelledRecord, decision: CrosswalkDecision): string {
  const r = l.record;
  const producer = `${r.producer.title ? `${r.producer.title} ` : ""}${r.producer.name}`;
  const facts = [r.color, r.appellation, r.classification, r.country].filter((x) => x).join(", ");
  const answer =
    decision.kind === "none"
      ? "none"
      : `${decision.kind} ${decision.wineId} (${decision.score}${decision.kind === "review" ? `: ${decision.reason}` : ""})`;
  return `[${l.kind}, ${r.source}] "${producer}" / "${r.wineName}" {${facts}} expected ${l.expected ?? "none"} → ${answer}`;
}

/** Runs the crosswalk over `set` and measures it. */
function measure(crosswalk: Crosswalk, set: readonly LabelledRecord[]): Quality {
  const q: Quality = {
    records: set.length,
    inIndex: 0,
    links: 0,
    rightLinks: 0,
    reviews: 0,
    precision: 0,
    recall: 0,
    reviewRate: 0,
    misses: [],
    falseLinks: [],
  };
  for (const l of set) {
    const decision = crosswalk.match(l.record);
    if (l.expected !== null) q.inIndex++;
    if (decision.kind === "review") q.reviews++;
    if (decision.kind === "link") {
      q.links++;
      if (decision.wineId === l.expected) q.rightLinks++;
      else q.falseLinks.push(describe(l, decision));
    }
    if (l.expected !== null && !(decision.kind === "link" && decision.wineId === l.expected))
      q.misses.push(describe(l, decision));
  }
  q.precision = q.links === 0 ? 1 : q.rightLinks / q.links;
  q.recall = q.inIndex === 0 ? 1 : q.rightLinks / q.inIndex;
  q.reviewRate = q.reviews / q.records;
  return q;
}

/** The hand-labelled records (test/fixtures/crosswalk/hand-labelled.json). */
export function handLabelled(): LabelledRecord[] {
  const file = new URL("../test/fixtures/crosswalk/hand-labelled.json", import.meta.url);
  const rows = JSON.parse(readFileSync(file, "utf8")) as {
    records: (Partial<SourceRecord> & {
      source: SourceRecord["source"];
      key: string;
      expected: number | null;
      note?: string;
    })[];
  };
  return rows.records.map(({ expected, note, ...fields }) => ({
    kind: fields.source === "lwin" ? "lwin" : "off",
    record: { ...blankRecord(fields.source, fields.key), ...fields },
    expected,
  }));
}

/** Heap in use after a full GC, in MB (needs --expose-gc; without it, as it is). */
function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1048576;
}

/** Time, memory and quality with 300,000 wines. */
function scale() {
  const before = heapMb();
  const real = bundledCatalogue();
  const wines = crosswalkWines(syntheticCatalogue(real, 300_000, 1));
  const startAdd = performance.now();
  const crosswalk = new Crosswalk();
  for (const w of wines) crosswalk.add(w);
  const addMs = performance.now() - startAdd;
  const afterWines = heapMb();
  const d = new Draw(mulberry32(42));
  const records: LabelledRecord[] = [];
  for (let i = 0; i < 20_000; i++) {
    const w = wines[d.int(wines.length)];
    if (!w) continue;
    const record = i % 2 === 0 ? lwinRecord(d, w, String(i)) : offRecord(d, w, String(i));
    records.push({ kind: i % 2 === 0 ? "lwin" : "off", record, expected: w.id });
  }
  for (const l of records) crosswalk.match(l.record);
  const start = performance.now();
  for (const l of records) crosswalk.match(l.record);
  const matchUs = ((performance.now() - start) / records.length) * 1000;
  // Heap of the index alone: the catalogue objects are dropped with `wines` below.
  const q = measure(crosswalk, records);
  const indexOnly = (() => {
    wines.length = 0;
    records.length = 0;
    return heapMb() - before;
  })();
  return {
    wines: crosswalk.size,
    addSeconds: Math.round(addMs) / 1000,
    heapWithCatalogueMb: Math.round(afterWines - before),
    heapIndexMb: Math.round(indexOnly),
    matchMicroseconds: Math.round(matchUs * 10) / 10,
    precision: q.precision,
    recall: q.recall,
    reviewRate: q.reviewRate,
    falseLinks: q.falseLinks.length,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

const catalogue = bundledCatalogue();
const set = labelledSet(catalogue, 1);
const crosswalk = new Crosswalk();
for (const w of set.index) crosswalk.add(w);
// The hand-labelled records are about the whole bundled catalogue (no wine held out).
const whole = new Crosswalk();
for (const w of crosswalkWines(catalogue)) whole.add(w);
const results = {
  development: measure(crosswalk, set.development),
  validation: measure(crosswalk, set.validation),
  "hand-labelled": measure(whole, handLabelled()),
};
const atScale = process.env.SCALE === "0" ? null : scale();
const fixtures = await fixtureQuality();

const lines = [
  "# Crosswalk quality",
  "",
  "`node --expose-gc --import tsx bench/crosswalk-quality.ts` (bench/crosswalk-quality.ts; generated set:",
  "bench/crosswalk-set.ts seed 1 over the bundled 1,007 X-Wines wines; hand-labelled set:",
  "test/fixtures/crosswalk/hand-labelled.json). A `review` counts as no link. Thresholds were fitted on",
  `development only: LINK_MIN ${LINK_MIN}, MARGIN ${MARGIN}, penalties ${JSON.stringify(PENALTY)}.`,
  "",
  "| set | records | wine in index | links | precision | recall | review rate | false links | misses |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...Object.entries(results).map(
    ([name, q]) =>
      `| ${name} | ${q.records} | ${q.inIndex} | ${q.links} | ${pct(q.precision)} | ${pct(q.recall)} | ${pct(q.reviewRate)} | ${q.falseLinks.length} | ${q.misses.length} |`,
  ),
  "",
];
lines.push(
  "The hand-labelled set is not independent of the rules any more: its first run (precision 97.78 %,",
  "recall 80.00 %, 1 false link: an OFF 'Brut Impérial' linked to the 'Impérial Rosé Brut') showed",
  "gaps the generated set did not have (a rosé's colour word, 'Brut' left out by LWIN, 'Petit Chablis'",
  "vs 'Chablis', bracketed and country words of producer names, 'Dom'), which were fixed as general",
  "rules; the validation part stayed held apart throughout.",
  "",
);
lines.push(
  "## Fixtures through the real import",
  "",
  "bench/crosswalk-fixtures.ts: the bundled catalogue, then `importSource` of test/fixtures/catalogue",
  "lwin-release-1.csv and -2.csv, then off-products.jsonl (skipTexts), compared with expected-links.json",
  "(a merged wine followed to its survivor; an Open Food Facts product skipped for linking to nothing",
  "is a miss). For Open Food Facts the recall is the barcode lookup's rate.",
  "",
  "| source | labelled with an X-Wines wine | links to an X-Wines wine | right | precision | recall |",
  "|---|---:|---:|---:|---:|---:|",
  ...Object.entries(fixtures).map(
    ([name, f]) =>
      `| ${name} | ${f.labelled} | ${f.links} | ${f.rightLinks} | ${pct(f.precision)} | ${pct(f.recall)} |`,
  ),
  "",
  ...Object.entries(fixtures).flatMap(([name, f]) => [
    `${name} not imported (not counted): ${f.notImported.join("; ") || "none"}.`,
    "",
    `${name} misses (${f.misses.length}):${f.misses.length === 0 ? " none." : ""}`,
    ...f.misses.map((m) => `- ${m}`),
    `${name} false links (${f.falseLinks.length}):${f.falseLinks.length === 0 ? " none." : ""}`,
    ...f.falseLinks.map((m) => `- ${m}`),
    "",
  ]),
  "Before this round (commit 63de6da, same measure): LWIN 53/58 (recall 91.38 %; misses 'appellation",
  "differs': Tenuta San Guido Le Difese, Fritz Haag Brauneberger Juffer Riesling Auslese, Quinta do Noval",
  "Cedro do Noval, Graham's 10 Year Old Tawny Port, La Vieille Ferme Rouge), Open Food Facts 35/41",
  "(85.37 %; Montrose '2nd Grand Cru Classé', Le Difese and La Vieille Ferme after their LWIN rows,",
  "Sandeman 'Porto', Graham's without 'W. & J.', 'Caymus Vineyards'); precision 100 % both.",
  "",
);
if (atScale) {
  lines.push(
    "## 300,000 wines",
    "",
    `${atScale.wines} wines (bundled + synthetic.ts syntheticCatalogue seed 1) added in ${atScale.addSeconds} s;`,
    `heap of the index ${atScale.heapIndexMb} MB (${atScale.heapWithCatalogueMb} MB with the catalogue objects it was built from);`,
    `one match ${atScale.matchMicroseconds} µs on average (20,000 records, LWIN and OFF ways, second pass).`,
    `Links on those records (informative): precision ${pct(atScale.precision)}, recall ${pct(atScale.recall)}, review rate ${pct(atScale.reviewRate)}.`,
    "",
  );
}
for (const [name, q] of Object.entries(results)) {
  lines.push(
    `## ${name}: false links (${q.falseLinks.length})`,
    "",
    ...q.falseLinks.map((x) => `- ${x}`),
    "",
  );
  lines.push(`## ${name}: misses (${q.misses.length})`, "", ...q.misses.map((x) => `- ${x}`), "");
}
const md = lines.join("\n");
writeFileSync(new URL("results/crosswalk-quality.md", import.meta.url), md);
writeFileSync(
  new URL("results/crosswalk-quality.json", import.meta.url),
  `${JSON.stringify({ linkMin: LINK_MIN, margin: MARGIN, penalty: PENALTY, results, fixtures, scale: atScale }, null, 2)}\n`,
);
console.log(md.split("\n## ")[0]);
for (const [name, q] of Object.entries(results))
  if (name !== "validation")
    console.log(
      `\n${name} false links:\n${q.falseLinks.join("\n")}\n${name} misses:\n${q.misses.join("\n")}`,
    );
