/**
 * Repetition and rule counts of the offline texts over the whole bundled catalogue (issue 35): every
 * wine's texts (description, long description, tasting notes, pairing) and drinking period, and every
 * region's insight, in de/en/fr/it, as the offline generator writes them.
 *
 * - boilerplate: of all sentences of eight or more words, the share written word for word for more
 *   than 10 wines or regions (target ≤ 10 % in every language);
 * - catalogue wording: customer texts that speak of "the catalogue" (Katalog, catalogue, catalogo);
 * - long windows: drinking windows over 20 years, with and without a long-ageing rule (only wines
 *   under one may: Vintage Port, classed Sauternes, Barolo …; target: none without);
 * - style names as places: a place preposition before a region whose name is a wine style
 *   ("in Fino Sherry", "from Cream Sherry");
 * - distinct sentence openings (first three words) per 100 sentences;
 * - the most repeated sentences, for reading.
 *
 * Run: node --import tsx bench/text-repetition.ts [--out NAME]  (writes bench/results/NAME.{json,md},
 * NAME defaulting to text-repetition, or PATH.{json,md} when NAME has a slash; `--sample DIR` also writes the rendered texts there).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import type { Language } from "../src/domain/vocabulary.ts";
import { decideWine } from "../src/domain/wine/wine-profile.ts";
import { importBundledIfEmpty } from "../src/modules/catalogue/catalogue.service.ts";
import { loadRegionFacts, loadWineFacts } from "../src/modules/content/content.repository.ts";
import { createGenerator } from "../src/modules/content/generator.ts";

const { values } = parseArgs({ options: { out: { type: "string" }, sample: { type: "string" } } });
const OUT = values.out ?? "text-repetition";
const LANGS: Language[] = ["en", "de", "fr", "it"];
/** Region names (X-Wines) that are names of wine styles, not places. */
const STYLE_REGIONS = ["Fino Sherry", "Amontillado Sherry", "Cream Sherry"];
const PLACE_PREPS =
  /\b(in|from|aus|im|in der|dans|de|du|en|a|di|da|nel|nella|del|della|of)\s+(le |la |il |the |dem |der )?$/i;
const CATALOGUE = /\b(catalogue|catalog|katalog|catalogo|catalogues|kataloge|cataloghi)\b/i;

const dir = mkdtempSync(join(tmpdir(), "wds-text-repetition-"));
const db = openDatabase({ kind: "sqlite", path: join(dir, "catalogue.db") });
await migrateToLatest(db);
const { generator } = createGenerator({ kind: "offline" });
// The import writes English texts with the offline generator; this bench renders them again itself.
await importBundledIfEmpty(db.kysely, { name: "offline", generator }, () => new Date());
const wineIds = (await db.kysely.selectFrom("wines").select("id").orderBy("id").execute()).map((r) => r.id);
const regionIds = (await db.kysely.selectFrom("regions").select("id").orderBy("id").execute()).map(
  (r) => r.id,
);
const wines = await loadWineFacts(db.kysely, wineIds);
const regions = (await Promise.all(regionIds.map((id) => loadRegionFacts(db.kysely, id)))).filter(
  (r) => r !== undefined,
);

/** Sentences of a text: split after . ! ? followed by a space and a capital, or a new line. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[«"„A-ZÀ-ÖØ-Þ])|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
const words = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w)).length;

interface LangReport {
  language: Language;
  sentences8: number;
  boilerplate8: number;
  boilerplateShare: number;
  openingsPer100: number;
  catalogueWording: number;
  longWindows: Record<string, number>;
  styleNamesAsPlaces: number;
  topRepeated: { sentence: string; items: number }[];
  words: number;
}

const report: LangReport[] = [];
const samples: Record<string, string[]> = {};
for (const lang of LANGS) {
  const itemsBySentence = new Map<string, Set<string>>();
  const occurrences: string[] = [];
  const openings = new Set<string>();
  let sentenceCount = 0;
  let catalogueWording = 0;
  let styleAsPlace = 0;
  let wordCount = 0;
  const longWindows: Record<string, number> = {};
  const lines: string[] = [];
  const add = (item: string, texts: string[]) => {
    // Each sentence once per wine or region: a wine's long description begins with its description.
    const seen = new Set<string>();
    for (const text of texts) {
      if (CATALOGUE.test(text)) catalogueWording++;
      for (const name of STYLE_REGIONS) {
        let at = text.indexOf(name);
        while (at >= 0) {
          if (PLACE_PREPS.test(text.slice(Math.max(0, at - 14), at))) styleAsPlace++;
          at = text.indexOf(name, at + name.length);
        }
      }
      for (const s of sentences(text)) {
        sentenceCount++;
        const n = words(s);
        wordCount += n;
        openings.add(s.split(/\s+/).slice(0, 3).join(" ").toLowerCase());
        if (n < 8 || seen.has(s)) continue;
        seen.add(s);
        occurrences.push(s);
        const set = itemsBySentence.get(s) ?? new Set<string>();
        set.add(item);
        itemsBySentence.set(s, set);
      }
    }
  };
  for (const w of wines) {
    const t = await generator.wineTexts(w, lang);
    const p = await generator.drinkingPeriod(w, lang);
    add(`w${w.id}`, [
      t.description,
      t.descriptionLong,
      t.tastingNotes,
      t.pairing,
      p.statement,
      p.young,
      p.ripe,
      p.storage,
    ]);
    if (p.to - p.from > 20) {
      // Over 20 years only under a long-ageing rule (domain/wine/drinking-window.ts LONG_AGEING).
      const rule = decideWine(w, new Date().getUTCFullYear()).window?.longAgeing;
      const key = rule ? "long-ageing rule" : "without a long-ageing rule";
      longWindows[key] = (longWindows[key] ?? 0) + 1;
    }
    if (values.sample) {
      lines.push(`## ${w.name} (${w.id}), ${w.producerName}, ${w.region.names.en}`, "");
      lines.push(t.description, "", t.descriptionLong, "", t.tastingNotes, "", t.pairing, "");
      lines.push(`Window ${p.from}–${p.to}: ${p.statement} ${p.young} ${p.ripe} ${p.storage}`, "");
    }
  }
  for (const r of regions) {
    const i = await generator.regionInsight(r, lang);
    add(`r${r.id}`, [i.summary, i.climateAndTerroir, ...i.signatureStyles]);
    if (values.sample) {
      lines.push(`## Region ${r.names.en} (${r.id})`, "", i.summary, "", i.climateAndTerroir, "");
      lines.push(`Styles: ${i.signatureStyles.join(" | ")}`, "");
    }
  }
  samples[lang] = lines;
  const boiler = occurrences.filter((s) => (itemsBySentence.get(s)?.size ?? 0) > 10).length;
  const top = [...itemsBySentence.entries()]
    .map(([sentence, set]) => ({ sentence, items: set.size }))
    .sort((a, b) => b.items - a.items)
    .slice(0, 8);
  report.push({
    language: lang,
    sentences8: occurrences.length,
    boilerplate8: boiler,
    boilerplateShare: Math.round((1000 * boiler) / Math.max(1, occurrences.length)) / 10,
    openingsPer100: Math.round((1000 * openings.size) / Math.max(1, sentenceCount)) / 10,
    catalogueWording,
    longWindows,
    styleNamesAsPlaces: styleAsPlace,
    topRepeated: top,
    words: wordCount,
  });
}
await db.destroy();
rmSync(dir, { recursive: true, force: true });

if (values.sample) {
  for (const lang of LANGS)
    writeFileSync(join(values.sample, `${lang}.md`), (samples[lang] ?? []).join("\n"));
}
const md = [
  `# Text repetition and rule counts (${OUT})`,
  "",
  `${wines.length} wines and ${regions.length} regions of the bundled catalogue, offline generator,`,
  "`node --import tsx bench/text-repetition.ts`. Boilerplate: sentences of ≥ 8 words written word for",
  "word for more than 10 wines or regions, as a share of all sentences of ≥ 8 words (target ≤ 10 %).",
  "",
  "| language | sentences ≥ 8 words | boilerplate | share | openings per 100 sentences | catalogue wording | windows > 20 y | style names as places |",
  "|---|---|---|---|---|---|---|---|",
  ...report.map(
    (r) =>
      `| ${r.language} | ${r.sentences8} | ${r.boilerplate8} | ${r.boilerplateShare} % | ${r.openingsPer100} | ${r.catalogueWording} | ${
        Object.entries(r.longWindows)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ") || "0"
      } | ${r.styleNamesAsPlaces} |`,
  ),
  "",
  ...report.flatMap((r) => [
    `## Most repeated (${r.language})`,
    "",
    ...r.topRepeated.map((t) => `- ${t.items} × ${t.sentence}`),
    "",
  ]),
].join("\n");
const base = OUT.includes("/") ? OUT : `bench/results/${OUT}`;
writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(`${base}.md`, md);
console.log(md);
