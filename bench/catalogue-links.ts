/**
 * The crosswalk at scale, measured on a database the import benchmark filled (bench/catalogue-import.ts)
 * against the generator's truth files (bench/catalogue-files.ts):
 * - LWIN rows that are X-Wines wines (`lwin-truth.json`): linked to that wine (precision, recall);
 * - Open Food Facts products that are LWIN wines (`off-truth.json`): `?gtin=` answers that wine
 *   (the barcode lookup rate), wrong wine, or none;
 * - Open Food Facts products the generator made as other wines, yet linked: their name is compared
 *   with the wine's — the generator's small vocabulary makes some the very same producer and wine
 *   name (not a false link by any rule the data allows); the others are listed as false links.
 *
 *   npx tsx bench/catalogue-links.ts --db /tmp/…/bench.db --files /tmp/catalogue-files
 *
 * Writes bench/results/catalogue-links.md and .json.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { fold } from "../src/domain/text-folding.ts";
import { colorOfWord, nameWords } from "../src/modules/catalogue/crosswalk-words.ts";

const { values } = parseArgs({
  options: { db: { type: "string" }, files: { type: "string", default: "/tmp/catalogue-files" } },
});
const files = values.files as string;
const db = new Database(values.db as string, { readonly: true });
const lwinTruth = JSON.parse(readFileSync(join(files, "lwin-truth.json"), "utf8")) as Record<string, number>;
const offTruth = JSON.parse(readFileSync(join(files, "off-truth.json"), "utf8")) as Record<string, string>;

const records = (source: string) =>
  new Map(
    (
      db
        .prepare("select key, wine_id from wine_sources where source = ? and status = 'live'")
        .all(source) as { key: string; wine_id: number }[]
    ).map((r) => [r.key, r.wine_id]),
  );
const lwin = records("lwin");
const off = records("off");

// LWIN rows that are X-Wines wines.
let tp = 0;
let wrongLwin = 0;
let missLwin = 0;
const lwinMisses: string[] = [];
for (const [key, xwines] of Object.entries(lwinTruth)) {
  const wine = lwin.get(key);
  if (wine === xwines) tp++;
  else if (wine !== undefined && wine < 10_000_000) wrongLwin++;
  else {
    missLwin++;
    lwinMisses.push(`${key} → ${xwines}`);
  }
}
let falseLwin = 0;
for (const [key, wine] of lwin) if (!(key in lwinTruth) && wine < 10_000_000) falseLwin++;

// Open Food Facts products that are LWIN wines.
let offOk = 0;
let offWrong = 0;
// The products by GTIN-14.
const products = new Map<string, { product_name?: string; brands?: string }>();
for (const line of readFileSync(join(files, "off.jsonl"), "utf8").split("\n")) {
  if (line.trim() === "") continue;
  try {
    const p = JSON.parse(line) as { code: string; product_name?: string; brands?: string };
    products.set(String(p.code).padStart(14, "0"), p);
  } catch {}
}
let offMiss = 0;
for (const [gtin, key] of Object.entries(offTruth)) {
  const wine = off.get(gtin);
  if (wine === undefined) offMiss++;
  else if (wine === lwin.get(key)) offOk++;
  else offWrong++;
}

// Products whose wine has a twin among the LWIN rows: another live wine row of the same producer name,
// the same estate title (or another when the product writes neither title), the same wine name but
// for a colour word ("Vecchie Viti" = "Vecchie Viti Bianco" of a white), the same colour (or any when
// the product names none) and the same country when the product names one — nothing the product
// says tells the two apart, so no rule can link it (the generator's small vocabulary makes many).
type LwinRow = Record<string, string>;
const lwinRows = new Map<string, LwinRow>();
const withoutColour = (name: string) =>
  nameWords(name)
    .words.filter((w) => colorOfWord(w) === undefined)
    .join(" ");
const twinKey = (r: LwinRow) => `${fold(r.PRODUCER_NAME ?? "")}|${withoutColour(r.WINE ?? "")}`;
const byTwinKey = new Map<string, LwinRow[]>();
for (const r of parse(readFileSync(join(files, "lwin.csv")), { columns: true, bom: true }) as LwinRow[]) {
  if (r.STATUS !== "Live" || r.TYPE !== "Wine") continue;
  lwinRows.set(r.LWIN as string, r);
  const k = twinKey(r);
  const list = byTwinKey.get(k);
  if (list) list.push(r);
  else byTwinKey.set(k, [r]);
}
const productFacts = new Map<string, { colour: string | null; country: string | null; text: string }>();
for (const line of readFileSync(join(files, "off.jsonl"), "utf8").split("\n")) {
  if (line.trim() === "") continue;
  try {
    const p = JSON.parse(line) as {
      code: string;
      categories_tags?: string[];
      origins?: string;
      product_name?: string;
      brands?: string;
    };
    const tags = p.categories_tags ?? [];
    const colour = tags.includes("en:red-wines")
      ? "Red"
      : tags.includes("en:white-wines")
        ? "White"
        : tags.includes("en:rose-wines")
          ? "Rose"
          : null;
    const text = ` ${fold(`${p.brands ?? ""} ${p.product_name ?? ""}`)} `;
    productFacts.set(String(p.code).padStart(14, "0"), { colour, country: p.origins ?? null, text });
  } catch {}
}
let ambiguous = 0;
let ambiguousOk = 0;
const offMisses: string[] = [];
for (const [gtin, key] of Object.entries(offTruth)) {
  const row = lwinRows.get(key);
  const facts = productFacts.get(gtin);
  if (!row || !facts) continue;
  const twins = (byTwinKey.get(twinKey(row)) ?? []).filter(
    (t) =>
      t.LWIN !== key &&
      (fold(t.PRODUCER_TITLE ?? "") === fold(row.PRODUCER_TITLE ?? "") ||
        ![t.PRODUCER_TITLE, row.PRODUCER_TITLE].some(
          (title) => title && facts.text.includes(` ${fold(title)} `),
        )) &&
      (facts.colour === null || t.COLOUR === row.COLOUR) &&
      (facts.country === null || t.COUNTRY === row.COUNTRY),
  );
  const ok = off.get(gtin) === lwin.get(key);
  if (twins.length > 0) {
    ambiguous++;
    if (ok) ambiguousOk++;
  } else if (!ok) {
    const p = products.get(gtin);
    offMisses.push(
      `${gtin}: "${p?.product_name}" / ${p?.brands} (${facts.colour ?? "no colour"}, ${facts.country ?? "no country"}) → ${off.get(gtin) ?? "none"}; LWIN ${key} "${row.PRODUCER_TITLE} ${row.PRODUCER_NAME}" / "${row.WINE}" ${row.COLOUR}, ${row.REGION}`,
    );
  }
}

const created = new Set(
  (db.prepare("select wine_id from wine_sources where source = 'off'").all() as { wine_id: number }[]).map(
    (r) => r.wine_id,
  ),
);
const wineName = db.prepare("select w.display_name as d from wines w where w.id = ?") as unknown as {
  get(id: number): { d: string } | undefined;
};
const words = (text: string) =>
  new Set(
    fold(text)
      .split(" ")
      .filter((w) => w.length > 2 && !/^\d+$/.test(w)),
  );
let sameName = 0;
const suspect: string[] = [];
for (const [gtin, wine] of off) {
  if (gtin in offTruth) continue;
  const own = (
    db.prepare("select count(*) n from wine_sources where wine_id = ? and source != 'off'").get(wine) as {
      n: number;
    }
  ).n;
  if (own === 0 && created.has(wine)) continue; // a wine this product created itself
  const p = products.get(gtin);
  const name = wineName.get(wine)?.d ?? "";
  const wanted = words(name);
  const got = words(`${p?.brands ?? ""} ${p?.product_name ?? ""}`);
  if ([...wanted].every((w) => got.has(w))) sameName++;
  else suspect.push(`${gtin}: "${p?.product_name}" / ${p?.brands} → ${wine} "${name}"`);
}

const result = {
  lwin: {
    truth: Object.keys(lwinTruth).length,
    linked: tp,
    wrong: wrongLwin,
    missed: missLwin,
    linkedOutsideTruth: falseLwin,
    precision: tp / Math.max(1, tp + wrongLwin + falseLwin),
    recall: tp / Math.max(1, tp + wrongLwin + missLwin),
  },
  off: {
    truth: Object.keys(offTruth).length,
    lookupAnswersItsWine: offOk,
    wrongWine: offWrong,
    noWine: offMiss,
    lookupRate: offOk / Math.max(1, Object.keys(offTruth).length),
    ambiguous,
    ambiguousAnswered: ambiguousOk,
    lookupRateUnambiguous: (offOk - ambiguousOk) / Math.max(1, Object.keys(offTruth).length - ambiguous),
    otherProductsLinkedSameName: sameName,
    otherProductsLinkedSuspect: suspect.length,
  },
};
const lines = [
  "# The crosswalk at scale (`bench/catalogue-links.ts`)",
  "",
  `Database: the SQLite one of \`bench/catalogue-import.ts\` after the LWIN file and the Open Food Facts dump; truth files of \`bench/catalogue-files.ts\` in \`${files}\`.`,
  "",
  "| what | figure |",
  "|---|---:|",
  `| LWIN rows that are X-Wines wines | ${result.lwin.truth} |`,
  `| … linked to that wine | ${tp} |`,
  `| … linked to another wine | ${wrongLwin} |`,
  `| … not linked | ${missLwin} |`,
  `| other LWIN rows linked to an X-Wines wine | ${falseLwin} |`,
  `| precision / recall | ${result.lwin.precision.toFixed(4)} / ${result.lwin.recall.toFixed(4)} |`,
  `| Open Food Facts products that are LWIN wines | ${result.off.truth} |`,
  `| … \`?gtin=\` answers that wine | ${offOk} (${(100 * result.off.lookupRate).toFixed(1)} %) |`,
  `| … answers another wine | ${offWrong} |`,
  `| … answers no wine | ${offMiss} |`,
  `| … whose wine has a twin the product cannot tell apart (same producer, title, name but for a colour word, colour and country as the product states them) | ${ambiguous} (answered ${ambiguousOk}) |`,
  `| … the others: \`?gtin=\` answers that wine | ${offOk - ambiguousOk} of ${result.off.truth - ambiguous} (${(100 * result.off.lookupRateUnambiguous).toFixed(1)} %) |`,
  `| other products linked to a wine of the same producer and name (generator collisions) | ${sameName} |`,
  `| other products linked otherwise (false links) | ${suspect.length} |`,
  "",
  "Before the second crosswalk round (commit 63de6da), on the same files (generator with its 'other",
  "wines' kept off LWIN producers; `bench/catalogue-links-db.ts` databases, no texts): LWIN precision /",
  "recall 1.0000 / 0.9484 (955 of 1007); `?gtin=` answered 9072 of 13726 (66.1 %), 8936 of the 10746",
  "without a twin (83.2 %), 9 another wine; false links 106, same-name collisions 20; LWIN import 87.1 s,",
  "OFF 18.1 s, peak RSS 732 MB. After: LWIN import 42.2 s, OFF 11.2 s, peak RSS 839 MB. With the files of",
  "the first round (other wines sharing LWIN producers) the old code made 1654 false links and 1856",
  "collisions: most of those were the generator's, now fixed in bench/catalogue-files.ts.",
  "",
  "LWIN rows missed (first 30):",
  "",
  ...lwinMisses.slice(0, 30).map((m) => `- ${m}`),
  "",
  "Open Food Facts products of an LWIN wine without a twin, not answered (first 30):",
  "",
  ...offMisses.slice(0, 30).map((m) => `- ${m}`),
  "",
  "False links (first 30):",
  "",
  ...suspect.slice(0, 30).map((m) => `- ${m}`),
];
const out = join(import.meta.dirname, "results");
writeFileSync(join(out, "catalogue-links.md"), `${lines.join("\n")}\n`);
writeFileSync(
  join(out, "catalogue-links.json"),
  `${JSON.stringify({ ...result, lwinMisses, offMisses: offMisses.slice(0, 200), suspect }, null, 2)}\n`,
);
console.log(lines.slice(0, 20).join("\n"));
