/**
 * Label recognition: read the photo (OCR), find the wine (matcher), answer in the shape of
 * interface.md part 2 "Photo analysis response".
 *
 * Orientation: the OCR worker reads each text box the right way up whichever way the photo is turned
 * (see ocr-worker.ts), and tells which turn would bring most of the text upright. When the photo is
 * not upright and the reading yields little confident text or no convincing match, the photo is read
 * once more turned upright (the detector works best on upright text), keeping the better match — so
 * a photo costs one reading, one turned at most two.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { regionName } from "../../domain/region-name.ts";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import { fold } from "../../domain/text-folding.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { AppError } from "../../errors.ts";
import { catalogueVersion } from "../catalogue/catalogue.repository.ts";
import type { LabelMatch } from "./label-matcher.ts";
import { candidateRows, labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";
import { type PhotoReader, untilAborted } from "./ocr-pool.ts";
import type { OcrLine, OcrTask } from "./ocr-worker.ts";

/**
 * A match this good is taken as the wine on the label; below it the label counts as unknown.
 * Calibrated on simulated labels of wines left out of the catalogue (see bench/label-matcher.ts):
 * it keeps every correct answer on the dev photos and rejects about a third of unknown wines.
 */
export const MATCH_THRESHOLD = 0.2;
/** A reading is convincing with a best match this good and at least {@link MIN_TEXT} confident characters. */
const CONVINCING_SCORE = 0.3;
const MIN_TEXT = 40;
/** A match this good ends the search for a better orientation whatever the amount of text. */
const SURE_SCORE = 0.5;
/** A reading with fewer letters than this is no label (stray marks read from a pattern). */
const MIN_LETTERS = 3;
/** Characters read with at least this confidence count as confident. */
const CONFIDENT = 0.8;

/** One label as reported: strings are empty when unknown. */
export interface DetectedLabel {
  producer_name: string;
  wine_name: string;
  vintage: number | null;
  color: string;
  region_name: string;
  country: string;
}

const matchers = new WeakMap<Kysely<Database>, { matcher: Promise<MatcherThread>; version: number }>();

/** How long a replaced matcher thread stays up for the matches still running on it. */
const RETIRE_AFTER_MS = 30_000;

/**
 * The matcher over the current catalogue, in its own thread, rebuilt after an import (the catalogue
 * version moved). It is built once per version; a request that gives up waiting (its time budget)
 * leaves the build running for the next one.
 */
async function matcherFor(db: Kysely<Database>): Promise<MatcherThread> {
  const version = await catalogueVersion(db);
  const cached = matchers.get(db);
  if (cached && cached.version === version) return cached.matcher;
  const matcher = MatcherThread.build(labelDocumentPages(db));
  matchers.set(db, { matcher, version });
  matcher.then(
    () => {
      if (!cached) return;
      const retire = setTimeout(
        () => cached.matcher.then((old) => old.close()).catch(() => {}),
        RETIRE_AFTER_MS,
      );
      retire.unref();
    },
    () => {
      if (matchers.get(db)?.matcher === matcher) matchers.delete(db);
    },
  );
  return matcher;
}

/** Stops the matcher thread of `db` (app shutdown). */
export async function closeLabelMatcher(db: Kysely<Database>): Promise<void> {
  const cached = matchers.get(db);
  matchers.delete(db);
  await cached?.matcher.then((m) => m.close()).catch(() => {});
}

const score = (matches: LabelMatch[]) => matches[0]?.score ?? 0;

const confidentChars = (lines: OcrLine[]) =>
  lines.filter((l) => l.confidence >= CONFIDENT).reduce((n, l) => n + l.text.length, 0);

/** Words that put a year on a label as a founding date, not a vintage ("since 1931", "desde 1931", "fondée en 1850" …). */
const FOUNDED =
  /(since|desde|depuis|seit|dal|dall|dal l|fondee en|fondata nel|founded|founded in|est|estd|established|gegrundet|anno|fundada em|fundado em)\s*$/;

/** Four-digit years from 1900 to next year printed on the label, newest first; founding dates are left out. */
export function yearsOnLabel(text: string, now = new Date()): number[] {
  const max = now.getUTCFullYear() + 1;
  const years: number[] = [];
  for (const m of text.matchAll(/(?<!\d)(19\d{2}|20\d{2})(?!\d)/g)) {
    const before = fold(text.slice(Math.max(0, (m.index ?? 0) - 14), m.index));
    if (!FOUNDED.test(before)) years.push(Number(m[1]));
  }
  return [...new Set(years.filter((y) => y >= 1900 && y <= max))].sort((a, b) => b - a);
}

const COLOR_WORDS: [RegExp, string][] = [
  [/\b(rose|rosado|rosato|rosa)\b/, "rose"],
  [/\b(red|rouge|rosso|tinto|rot|rotwein)\b/, "red"],
  [/\b(white|blanc|bianco|branco|blanco|weiss|weisswein)\b/, "white"],
];

/** What the photo shows, read and matched; throws AppError for engine failures and time-outs. */
export async function analyzePhoto(
  db: Kysely<Database>,
  read: PhotoReader,
  image: Uint8Array,
  options: { maxResults: number; lang: Language; timeoutMs: number },
) {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let lines: OcrLine[] = [];
  let best: LabelMatch[] = [];
  try {
    const matcher = await untilAborted(matcherFor(db), signal);
    let rotate: OcrTask["rotate"] = 0;
    for (;;) {
      const reading = await read(image, rotate, signal);
      for (const found of reading.readings) {
        const text = found.map((l) => l.text).join(" ");
        const matches = await untilAborted(matcher.match(text, Math.max(options.maxResults, 1)), signal);
        if (lines.length === 0 || score(matches) > score(best)) {
          best = matches;
          lines = found;
        }
      }
      const convincing =
        score(best) >= SURE_SCORE || (score(best) >= CONVINCING_SCORE && confidentChars(lines) >= MIN_TEXT);
      if (convincing || rotate !== 0 || reading.upright === 0) break;
      rotate = reading.upright;
    }
  } catch (err) {
    if (signal.aborted) {
      throw new AppError("service_unavailable", "Label recognition took too long; try again.", {
        headers: { "Retry-After": 5 },
      });
    }
    if (err instanceof AppError) throw err;
    throw new AppError("analysis_failed", "The photo could not be analysed.", { cause: err });
  }
  const text = lines.map((l) => l.text).join(" ");
  // A few stray marks read from a pattern are no label.
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) {
    return { message: "no_label_detected", detected_labels: [], candidates: [] };
  }

  const accepted = best.filter((m) => m.score >= MATCH_THRESHOLD).slice(0, options.maxResults);
  const rows = await candidateRows(
    db,
    accepted.map((m) => m.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = accepted.flatMap((m) => {
    const r = byId.get(m.id);
    if (!r) return [];
    return [
      {
        id: r.id,
        display_name: r.display_name,
        color: r.color,
        type: r.type,
        sub_type: r.sub_type,
        residual_sugar: localizeResidualSugar(r.residual_sugar, options.lang),
        producer: { id: r.producer_id, name: r.producer_name, title: r.producer_title },
        region: { id: r.region_id, name: regionName(r, options.lang), country: r.country },
      },
    ];
  });

  const years = yearsOnLabel(text);
  const top = accepted[0] ? byId.get(accepted[0].id) : undefined;
  let label: DetectedLabel;
  if (top) {
    const listed = new Set(JSON.parse(top.vintages) as number[]);
    label = {
      producer_name: top.producer_display_name,
      wine_name: top.name,
      vintage: years.find((y) => listed.has(y)) ?? years[0] ?? null,
      color: top.color,
      region_name: regionName(top, options.lang),
      country: top.country,
    };
  } else {
    // No wine of ours: report the label's own words, the most prominent lines first.
    const prominent = [...lines].filter((l) => /\p{L}{2}/u.test(l.text)).sort((a, b) => b.height - a.height);
    const folded = fold(text);
    label = {
      producer_name: prominent[0]?.text.trim() ?? "",
      wine_name: prominent[1]?.text.trim() ?? "",
      vintage: years[0] ?? null,
      color: COLOR_WORDS.find(([re]) => re.test(folded))?.[1] ?? "",
      region_name: "",
      country: "",
    };
  }
  return { message: "ok", detected_labels: [label], candidates };
}
