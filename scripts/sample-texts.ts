/**
 * Prints, as Markdown, the offline generator's texts for chosen wines and regions of the bundled
 * catalogue in de/en/fr/it: description, long description, tasting notes, pairing, drinking window
 * (years and its four texts) and region insights. For editors' readings and before/after comparisons.
 *
 * Usage: `npx tsx scripts/sample-texts.ts [--wines 103471,137010] [--regions 2208] [--random-wines N]
 * [--random-regions N] [--seed S] > texts.md`. Random picks are deterministic for a seed (default 1).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { offlineGenerator } from "../src/app.ts";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { LANGUAGES } from "../src/domain/vocabulary.ts";
import { BUNDLED_XWINES, importXWines } from "../src/modules/catalogue/catalogue.service.ts";
import { loadRegionFacts, loadWineFacts } from "../src/modules/content/content.repository.ts";
import { createOfflineGenerator } from "../src/modules/content/generators/offline-generator.ts";

const { values } = parseArgs({
  options: {
    wines: { type: "string", default: "" },
    regions: { type: "string", default: "" },
    "random-wines": { type: "string", default: "0" },
    "random-regions": { type: "string", default: "0" },
    seed: { type: "string", default: "1" },
  },
});

/** Park–Miller generator: the same picks for the same seed. */
function picker(seed: number): (n: number) => number {
  let state = seed % 2147483647 || 1;
  return (n) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

function pick<T>(items: T[], count: number, next: (n: number) => number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(...pool.splice(next(pool.length), 1));
  return chosen;
}

const ids = (list: string): number[] => list.split(",").filter(Boolean).map(Number);

const dir = mkdtempSync(join(tmpdir(), "sample-texts-"));
const db = openDatabase({ kind: "sqlite", path: join(dir, "catalogue.db") });
try {
  await migrateToLatest(db);
  await importXWines(db.kysely, BUNDLED_XWINES, offlineGenerator(), () => new Date());
  const next = picker(Number(values.seed));
  const allWines = (await db.kysely.selectFrom("wines").select("id").orderBy("id").execute()).map(
    (r) => r.id,
  );
  const allRegions = (await db.kysely.selectFrom("regions").select("id").orderBy("id").execute()).map(
    (r) => r.id,
  );
  const wineIds = [...ids(values.wines), ...pick(allWines, Number(values["random-wines"]), next)];
  const regionIds = [...ids(values.regions), ...pick(allRegions, Number(values["random-regions"]), next)];
  const generator = createOfflineGenerator();
  for (const facts of await loadWineFacts(db.kysely, wineIds)) {
    console.log(`\n## Wine ${facts.id}: ${facts.name} (${facts.producerName}), vintage ${facts.vintage}\n`);
    for (const lang of LANGUAGES) {
      const texts = await generator.wineTexts(facts, lang);
      const period = await generator.drinkingPeriod(facts, lang);
      console.log(`### ${lang}\n`);
      console.log(`- description: ${texts.description}`);
      console.log(`- description_long: ${texts.descriptionLong}`);
      console.log(`- tasting_notes: ${texts.tastingNotes}`);
      console.log(`- pairing: ${texts.pairing}`);
      console.log(`- drinking window: +${period.from} to +${period.to} years after the vintage`);
      console.log(`- statement: ${period.statement}`);
      console.log(`- young: ${period.young}`);
      console.log(`- ripe: ${period.ripe}`);
      console.log(`- storage: ${period.storage}\n`);
    }
  }
  for (const id of regionIds) {
    const facts = await loadRegionFacts(db.kysely, id);
    if (!facts) continue;
    console.log(`\n## Region ${id}: ${facts.names.en}\n`);
    for (const lang of LANGUAGES) {
      const insight = await generator.regionInsight(facts, lang);
      console.log(`### ${lang}\n`);
      console.log(`- summary: ${insight.summary}`);
      console.log(`- climate_and_terroir: ${insight.climateAndTerroir}`);
      console.log(`- signature_styles: ${insight.signatureStyles.join(" | ")}`);
      console.log(`- key_grapes: ${insight.keyGrapes.map((g) => g.name).join(", ")}\n`);
    }
  }
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
