/**
 * Content lookups with the 404 `generating` flow (interface.md part 7, decisions.md "Background
 * generation"), and the generation of one item, shared by the worker, the import and the CLI.
 */
import type { Kysely } from "kysely";
import type { Database, JobKind } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";
import {
  findDrinkingPeriod,
  findRegionInsight,
  findWineTexts,
  loadRegionFacts,
  loadWineFacts,
  regionsMissing,
  saveDrinkingPeriod,
  saveRegionInsight,
  saveWineTexts,
  winesMissing,
} from "./content.repository.ts";
import type { ContentGenerator } from "./content.types.ts";
import { enqueueJob } from "./jobs.repository.ts";

/** What a content endpoint answers: the content, or the 404 `{error, generating}` case. */
export type Lookup<T> = { found: true; content: T } | { found: false; generating: boolean; error: string };

/** A generator with the name recorded beside what it wrote. */
export interface NamedGenerator {
  name: string;
  generator: ContentGenerator;
}

/** Called after a job is queued so that a worker can start at once instead of at its next poll. */
export type Wake = () => void;

/**
 * Generates and stores one item. Returns false when the resource does not exist (nothing to do).
 * @throws whatever the generator throws (the worker turns it into a retry).
 */
export async function generateItem(
  db: Kysely<Database>,
  { name, generator }: NamedGenerator,
  kind: JobKind,
  resourceId: number,
  lang: Language,
  now: () => Date,
): Promise<boolean> {
  if (kind === "region_insight") {
    const facts = await loadRegionFacts(db, resourceId);
    if (!facts) return false;
    await saveRegionInsight(db, resourceId, lang, await generator.regionInsight(facts, lang), name, now());
    return true;
  }
  const [facts] = await loadWineFacts(db, [resourceId]);
  if (!facts) return false;
  if (kind === "drinking_period") {
    await saveDrinkingPeriod(db, resourceId, lang, await generator.drinkingPeriod(facts, lang), name, now());
  } else {
    await saveWineTexts(db, resourceId, lang, await generator.wineTexts(facts, lang), name, now());
  }
  return true;
}

async function missing(
  db: Kysely<Database>,
  kind: JobKind,
  resourceId: number,
  lang: Language,
  wake: Wake,
  error: string,
): Promise<{ found: false; generating: boolean; error: string }> {
  // The queue runs on the system clock (never a test clock): its times are compared across processes.
  const job = await enqueueJob(db, kind, resourceId, lang, new Date());
  if (job.status !== "failed") wake();
  return { found: false, generating: job.status !== "failed", error };
}

const PERIOD_MISSING = "No drinking period found for the specified language.";
const INSIGHT_MISSING = "No region insight found for the specified language.";

/** The drinking period of a wine in `lang`, or the 404 case (unknown wine: generating false). */
export async function drinkingPeriodLookup(db: Kysely<Database>, wineId: number, lang: Language, wake: Wake) {
  const row = await findDrinkingPeriod(db, wineId, lang);
  if (row) return { found: true as const, content: row };
  const wine = await db.selectFrom("wines").select("id").where("id", "=", wineId).executeTakeFirst();
  if (!wine) return { found: false as const, generating: false, error: PERIOD_MISSING };
  return missing(db, "drinking_period", wineId, lang, wake, PERIOD_MISSING);
}

/** The insight of a region in `lang`, or the 404 case (unknown region: generating false). */
export async function regionInsightLookup(
  db: Kysely<Database>,
  regionId: number,
  lang: Language,
  wake: Wake,
) {
  const row = await findRegionInsight(db, regionId, lang);
  if (row) return { found: true as const, content: row };
  const region = await db.selectFrom("regions").select("id").where("id", "=", regionId).executeTakeFirst();
  if (!region) return { found: false as const, generating: false, error: INSIGHT_MISSING };
  return missing(db, "region_insight", regionId, lang, wake, INSIGHT_MISSING);
}

/**
 * A wine's texts in `lang`, falling back to English (decisions.md "Languages") and queueing the
 * generation of the missing language. When even English is missing it is generated on the spot.
 */
export async function wineTextsLookup(
  db: Kysely<Database>,
  generator: NamedGenerator,
  wineId: number,
  lang: Language,
  now: () => Date,
  wake: Wake,
) {
  const rows = await findWineTexts(db, wineId, lang === "en" ? ["en"] : [lang, "en"]);
  const wanted = rows.find((r) => r.lang === lang);
  if (wanted) return wanted;
  if (lang !== "en") {
    await enqueueJob(db, "wine_text", wineId, lang, new Date());
    wake();
  }
  const english = rows.find((r) => r.lang === "en");
  if (english) return english;
  await generateItem(db, generator, "wine_text", wineId, "en", now);
  const [fresh] = await findWineTexts(db, wineId, ["en"]);
  return fresh;
}

/** What {@link generateMissing} can fill in. */
export type ContentKind = "texts" | "periods" | "insights";

/**
 * Generates, for one language, every wine text / drinking period / region insight that is missing,
 * in transactions of 200 items. `onProgress(done, total)` follows each batch. Returns counts per kind.
 */
export async function generateMissing(
  db: Kysely<Database>,
  named: NamedGenerator,
  lang: Language,
  kinds: ContentKind[],
  now: () => Date,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Record<ContentKind, number>> {
  const { generator, name } = named;
  const texts = kinds.includes("texts") ? await winesMissing(db, "wine_texts", lang) : [];
  const periods = kinds.includes("periods") ? await winesMissing(db, "drinking_periods", lang) : [];
  const insights = kinds.includes("insights") ? await regionsMissing(db, lang) : [];
  const total = texts.length + periods.length + insights.length;
  let done = 0;
  const wineIds = [...new Set([...texts, ...periods])].sort((a, b) => a - b);
  const needsText = new Set(texts);
  const needsPeriod = new Set(periods);
  for (let i = 0; i < wineIds.length; i += 200) {
    const facts = await loadWineFacts(db, wineIds.slice(i, i + 200));
    await db.transaction().execute(async (trx) => {
      for (const f of facts) {
        if (needsText.has(f.id))
          await saveWineTexts(trx, f.id, lang, await generator.wineTexts(f, lang), name, now());
        if (needsPeriod.has(f.id)) {
          await saveDrinkingPeriod(trx, f.id, lang, await generator.drinkingPeriod(f, lang), name, now());
        }
        done += (needsText.has(f.id) ? 1 : 0) + (needsPeriod.has(f.id) ? 1 : 0);
      }
    });
    onProgress(done, total);
  }
  for (let i = 0; i < insights.length; i += 200) {
    const batch = insights.slice(i, i + 200);
    const all = await Promise.all(batch.map((id) => loadRegionFacts(db, id)));
    await db.transaction().execute(async (trx) => {
      for (const facts of all) {
        if (facts)
          await saveRegionInsight(
            trx,
            facts.id,
            lang,
            await generator.regionInsight(facts, lang),
            name,
            now(),
          );
        done++;
      }
    });
    onProgress(done, total);
  }
  return { texts: texts.length, periods: periods.length, insights: insights.length };
}
