/**
 * Label recognition: read the photo (OCR), find the wine (matcher), answer in the shape of
 * docs/interface.md §2 "Photo analysis response".
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
import { fold } from "../../domain/text-folding.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { AppError } from "../../errors.ts";
import { presentWineSummary } from "../wines/wine-presenter.ts";
import type { CatalogueMatcher } from "./catalogue-matcher.ts";
import { AMBIGUOUS_BELOW, type LabelMatches, MATCH_THRESHOLD } from "./label-matcher.ts";
import { labelFacts, yearsOnLabel } from "./label-text.ts";
import { candidateRows } from "./labels.repository.ts";
import type { PhotoReader } from "./ocr-pool.ts";
import type { OcrLine, OcrTask } from "./ocr-worker.ts";

/** The matcher's thresholds (label-matcher.ts), here too for the benchmarks. */
export { AMBIGUOUS_BELOW, MATCH_THRESHOLD };

/** Confidence to three decimals. */
const round = (x: number) => Math.round(x * 1000) / 1000;
/** A reading is convincing with a best match this good and at least {@link MIN_TEXT} confident characters. */
const CONVINCING_SCORE = 0.3;
const MIN_TEXT = 40;
/** A match this good ends the search for a better orientation whatever the amount of text. */
const SURE_SCORE = 0.5;
/** A reading with fewer letters than this is no label (stray marks read from a pattern). */
const MIN_LETTERS = 3;
/** Characters read with at least this confidence count as confident. */
const CONFIDENT = 0.8;

/** `promise`, or a rejection once `signal` aborts (the promise itself runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** One label as reported: strings are empty when unknown. */
export interface DetectedLabel {
  producer_name: string;
  wine_name: string;
  vintage: number | null;
  color: string;
  region_name: string;
  country: string;
}

const score = (matches: LabelMatches) => matches.score;

const confidentChars = (lines: OcrLine[]) =>
  lines.filter((l) => l.confidence >= CONFIDENT).reduce((n, l) => n + l.text.length, 0);

/** How the service reads and matches label photos: the app's `labels` (plugins/labels.ts). */
export interface LabelRecognition {
  /** Reads the text of a photo (the OCR process pool). */
  read: PhotoReader;
  /** The matcher over the current catalogue. */
  matcher: CatalogueMatcher;
  /** Time budget of one photo, in milliseconds (`PHOTO_TIMEOUT_MS`), then 503. */
  timeoutMs: number;
  /** Photos waiting for a free OCR process. */
  queued(): number;
}

/**
 * What the photo shows, read and matched, in the shape of docs/interface.md §2 "Photo analysis
 * response"; candidates at most `maxResults`, names in `lang`.
 * @throws AppError `service_unavailable` (503) past the time budget, when the OCR queue is full or
 *   once the OCR pool has closed, `analysis_failed` (502) when the engine fails.
 */
export async function analyzePhoto(
  db: Kysely<Database>,
  { read, matcher: catalogueMatcher, timeoutMs }: LabelRecognition,
  image: Uint8Array,
  options: { maxResults: number; lang: Language },
) {
  const signal = AbortSignal.timeout(timeoutMs);
  let lines: OcrLine[] = [];
  let best: LabelMatches = { score: 0, matches: [] };
  // The matcher's build (on first use and after an idle stop) starts now, beside the reading; it is
  // asked for again once the text is read, which also restarts its idle time (an idle time shorter
  // than a reading would otherwise have stopped it meanwhile).
  catalogueMatcher.current().catch(() => {}); // a failure is met below
  try {
    let rotate: OcrTask["rotate"] = 0;
    for (;;) {
      const reading = await read(image, rotate, signal);
      const matcher = await untilAborted(catalogueMatcher.current(), signal);
      const text = reading.lines.map((l) => l.text).join(" ");
      const matches = await untilAborted(matcher.match(text, Math.max(options.maxResults, 1)), signal);
      if (lines.length === 0 || score(matches) > score(best)) {
        best = matches;
        lines = reading.lines;
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
    return { message: "no_label_detected", detected_labels: [], candidates: [], ambiguous: false };
  }

  // A label no wine fits well still has candidates when it names a producer or a region: theirs,
  // always ambiguous (label-matcher.ts, LabelMatches.named).
  const named = best.score >= MATCH_THRESHOLD ? undefined : best.named;
  const accepted = (best.score >= MATCH_THRESHOLD ? best.matches : (named?.matches ?? [])).slice(
    0,
    options.maxResults,
  );
  const rows = await candidateRows(
    db,
    accepted.map((m) => m.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = accepted.flatMap((m) => {
    const r = byId.get(m.id);
    return r
      ? [Object.assign(presentWineSummary(r, options.lang, r), { confidence: round(m.confidence) })]
      : [];
  });
  const ambiguous =
    accepted.length > 0 && (named !== undefined || (accepted[0]?.confidence ?? 0) < AMBIGUOUS_BELOW);

  const years = yearsOnLabel(text);
  const top = accepted[0] ? byId.get(accepted[0].id) : undefined;
  let label: DetectedLabel;
  if (top && named?.by !== "region") {
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
    // No wine of ours: report the label's own words, the most prominent lines first (and, when the
    // candidates are the wines of a region it names, that region).
    const prominent = [...lines].filter((l) => /\p{L}{2}/u.test(l.text)).sort((a, b) => b.height - a.height);
    const folded = fold(text);
    label = {
      producer_name: prominent[0]?.text.trim() ?? "",
      wine_name: prominent[1]?.text.trim() ?? "",
      vintage: years[0] ?? null,
      color: [...labelFacts(folded.split(" ")).colors][0] ?? "",
      region_name: top ? regionName(top, options.lang) : "",
      country: top?.country ?? "",
    };
  }
  return { message: "ok", detected_labels: [label], candidates, ambiguous };
}
