/**
 * Content lookups with the 404 `generating` flow (docs/interface.md §7, docs/decisions.md "Background
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
  periodsOutdated,
  regionExists,
  regionsMissing,
  saveDrinkingPeriod,
  saveRegionInsight,
  saveWineTexts,
  wineExists,
  winesMissing,
} from "./content.repository.ts";
import type { ContentGenerator } from "./content.types.ts";
import {
  type GeneratedItem,
  refreshContentStatistics,
  saveContentBatch,
} from "./content-batch.repository.ts";
import { enqueueJob } from "./jobs.repository.ts";

/**
 * Takes away the texts of wines whose facts changed and queues them to be written again, in the
 * caller's transaction: the catalogue's writes (catalogue.service.ts, source-import.service.ts) call
 * it. Shapes and errors: stale-content.repository.ts.
 */
export { staleWineContent } from "./stale-content.repository.ts";

/** What a content endpoint answers: the content, or the 404 `{error, generating}` case. */
export type Lookup<T> = { found: true; content: T } | { found: false; generating: boolean; error: string };

/** A generator with the name recorded beside what it wrote. */
export interface NamedGenerator {
  /** The generator's name, e.g. `offline` or `openai:<model>`. */
  name: string;
  /**
   * The name to record beside `output` (an answer of `generator`) when it is not always `name`: an
   * OpenAI generator's answer that fell back to the offline texts is `offline`.
   */
  nameOf?: (output: object) => string;
  generator: ContentGenerator;
}

/** The name to record beside each answer of `named` (its `nameOf`, else its `name`). */
const nameFor =
  ({ name, nameOf }: NamedGenerator) =>
  (output: object): string =>
    nameOf?.(output) ?? name;

/** Called after a job is queued so that a worker can start at once instead of at its next poll. */
export type Wake = () => void;

/**
 * Generates and stores one item. Returns false when the resource does not exist (nothing to do).
 * @throws whatever the generator throws (the worker turns it into a retry).
 */
export async function generateItem(
  db: Kysely<Database>,
  named: NamedGenerator,
  kind: JobKind,
  resourceId: number,
  lang: Language,
  now: () => Date,
): Promise<boolean> {
  const { generator } = named;
  const by = nameFor(named);
  if (kind === "region_insight") {
    const facts = await loadRegionFacts(db, resourceId);
    if (!facts) return false;
    const insight = await generator.regionInsight(facts, lang);
    await saveRegionInsight(db, resourceId, lang, insight, by(insight), now());
    return true;
  }
  const [facts] = await loadWineFacts(db, [resourceId]);
  if (!facts) return false;
  if (kind === "drinking_period") {
    const period = await generator.drinkingPeriod(facts, lang);
    await saveDrinkingPeriod(db, resourceId, lang, period, by(period), now());
  } else {
    const texts = await generator.wineTexts(facts, lang);
    await saveWineTexts(db, resourceId, lang, texts, by(texts), now());
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

/** The `error` of a drinking-period 404 (docs/interface.md §7). */
export const PERIOD_MISSING = "No drinking period found for the specified language.";
/** The `error` of a region-insight 404 (docs/interface.md §7). */
export const INSIGHT_MISSING = "No region insight found for the specified language.";

/**
 * The drinking period of a wine in `lang`, or the 404 case (unknown wine: generating false). A
 * period out of date this year (written before its window ended, which has ended since:
 * content.repository.ts `outdatedIn`; the system clock's UTC year, the generator's) is answered as
 * stored and generated again in the background (`refreshing`: the answer is not final, so it is not
 * cached).
 */
export async function drinkingPeriodLookup(db: Kysely<Database>, wineId: number, lang: Language, wake: Wake) {
  const row = await findDrinkingPeriod(db, wineId, lang, new Date().getUTCFullYear());
  if (row) {
    if (!row.outdated) return { found: true as const, content: row, refreshing: false };
    // The queue runs on the system clock, as in `missing`.
    const job = await enqueueJob(db, "drinking_period", wineId, lang, new Date(), true);
    if (job.status !== "failed") wake();
    return { found: true as const, content: row, refreshing: job.status !== "failed" };
  }
  if (!(await wineExists(db, wineId)))
    return { found: false as const, generating: false, error: PERIOD_MISSING };
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
  if (!(await regionExists(db, regionId)))
    return { found: false as const, generating: false, error: INSIGHT_MISSING };
  return missing(db, "region_insight", regionId, lang, wake, INSIGHT_MISSING);
}

/**
 * A wine's texts in `lang`, falling back to English (docs/decisions.md "Languages") and queueing the
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

/**
 * Wines per batch of {@link generateMissing}: their facts read in two statements, their texts and
 * periods stored in one transaction of two multi-row upserts (content-batch.repository.ts).
 */
const WINES_PER_BATCH = 1_000;

/** What {@link generateMissing} can fill in. */
export type ContentKind = "texts" | "periods" | "insights";

/**
 * Generates, for one language, every wine text / drinking period / region insight that is missing,
 * and every drinking period out of date this year (`periodsOutdated`: generated again and
 * replaced), in batches of {@link WINES_PER_BATCH} (1,000) wines and of 200 regions, each batch
 * stored in one transaction of multi-row upserts once generated, while the next batch is generated.
 * Memory: the missing ids and two batches.
 * `onProgress(done, total)` follows each batch; the content tables' planner statistics are refreshed
 * once at the end when anything was written. Returns counts per kind.
 * @throws whatever the generator throws (the batch in hand is not stored; earlier ones are).
 */
export async function generateMissing(
  db: Kysely<Database>,
  named: NamedGenerator,
  lang: Language,
  kinds: ContentKind[],
  now: () => Date,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Record<ContentKind, number>> {
  const { generator } = named;
  const by = nameFor(named);
  const texts = kinds.includes("texts") ? await winesMissing(db, "wine_texts", lang) : [];
  const periods = kinds.includes("periods")
    ? [
        ...(await winesMissing(db, "drinking_periods", lang)),
        ...(await periodsOutdated(db, lang, new Date().getUTCFullYear())),
      ]
    : [];
  const insights = kinds.includes("insights") ? await regionsMissing(db, lang) : [];
  const total = texts.length + periods.length + insights.length;
  let done = 0;
  const wineIds = [...new Set([...texts, ...periods])].sort((a, b) => a - b);
  const needsText = new Set(texts);
  const needsPeriod = new Set(periods);
  // Pipelined: the next batch's facts are read, and the previous batch is stored, while this batch is
  // generated (PostgreSQL works on its own core meanwhile); at most one batch is being stored.
  const factsOf = (from: number) => {
    const loading = loadWineFacts(db, wineIds.slice(from, from + WINES_PER_BATCH));
    loading.catch(() => {}); // awaited below; a failure before that is not unhandled
    return loading;
  };
  let storing: Promise<void> = Promise.resolve();
  let nextFacts = wineIds.length > 0 ? factsOf(0) : Promise.resolve([]);
  try {
    for (let i = 0; i < wineIds.length; i += WINES_PER_BATCH) {
      const facts = await nextFacts;
      if (i + WINES_PER_BATCH < wineIds.length) nextFacts = factsOf(i + WINES_PER_BATCH);
      const items: GeneratedItem[] = [];
      for (const f of facts) {
        if (needsText.has(f.id)) {
          const content = await generator.wineTexts(f, lang);
          items.push({ kind: "wine_text", wineId: f.id, content, createdAt: now(), generator: by(content) });
        }
        if (needsPeriod.has(f.id)) {
          const content = await generator.drinkingPeriod(f, lang);
          items.push({
            kind: "drinking_period",
            wineId: f.id,
            content,
            createdAt: now(),
            generator: by(content),
          });
        }
      }
      await storing;
      storing = saveContentBatch(db, lang, items).then(() => {
        done += items.length;
        onProgress(done, total);
      });
      storing.catch(() => {}); // awaited at the next batch or below
    }
  } catch (error) {
    // The batches generated before the error are stored (or fail with their own error) first.
    await storing.catch(() => {});
    throw error;
  }
  await storing;
  for (let i = 0; i < insights.length; i += 200) {
    const batch = insights.slice(i, i + 200);
    const items: GeneratedItem[] = [];
    // One region at a time: 200 at once would queue for PostgreSQL's pool past its connect timeout.
    for (const id of batch) {
      const facts = await loadRegionFacts(db, id);
      if (!facts) continue;
      const content = await generator.regionInsight(facts, lang);
      items.push({
        kind: "region_insight",
        regionId: facts.id,
        content,
        createdAt: now(),
        generator: by(content),
      });
    }
    await saveContentBatch(db, lang, items);
    done += batch.length;
    onProgress(done, total);
  }
  if (total > 0) await refreshContentStatistics(db);
  return { texts: texts.length, periods: periods.length, insights: insights.length };
}
