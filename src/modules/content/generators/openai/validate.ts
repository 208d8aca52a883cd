/**
 * Validation of model output for the OpenAI-compatible content generator. Every check is pure and
 * returns either the parsed, camel-cased content or a short, human-readable reason; the generator
 * falls back to the offline texts on any failure.
 *
 * Wire keys (what the model must return, all JSON strings unless noted):
 * - wine texts: `description`, `text_long`, `tasting_notes`, `pairing`
 * - drinking period: `statement`, `young`, `ripe`, `storage` (optional `from`/`to`, which must then
 *   equal the window computed offline)
 * - region insight: `summary`, `climate_and_terroir`, `signature_styles` (array of 2–5 strings)
 */
import type { Language } from "../../../../domain/vocabulary.ts";
import type { DrinkingWindow } from "../../../../domain/wine/drinking-window.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "../../content.types.ts";

/** Outcome of a validation: the value, or a short reason (never contains model output beyond a key name). */
export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Inclusive length bounds in characters (after trimming) for one string field. */
export interface Bounds {
  min: number;
  max: number;
}

/** Length bounds of the wine-text fields, keyed by wire key. */
export const WINE_TEXT_BOUNDS = {
  description: { min: 60, max: 600 },
  text_long: { min: 150, max: 2000 },
  tasting_notes: { min: 40, max: 1000 },
  pairing: { min: 30, max: 600 },
} as const satisfies Record<string, Bounds>;

/** Length bounds of the drinking-period text fields, keyed by wire key. */
export const DRINKING_BOUNDS = {
  statement: { min: 20, max: 400 },
  young: { min: 20, max: 600 },
  ripe: { min: 20, max: 600 },
  storage: { min: 20, max: 600 },
} as const satisfies Record<string, Bounds>;

/** Length bounds of the region-insight text fields, keyed by wire key. */
export const REGION_BOUNDS = {
  summary: { min: 60, max: 1200 },
  climate_and_terroir: { min: 60, max: 1500 },
} as const satisfies Record<string, Bounds>;

/** `signature_styles`: 2–5 items, each 3–120 characters. */
export const SIGNATURE_STYLE_BOUNDS = { minItems: 2, maxItems: 5, min: 3, max: 120 } as const;

const ok = <T>(value: T): Validated<T> => ({ ok: true, value });
const fail = <T>(reason: string): Validated<T> => ({ ok: false, reason });

/**
 * Parses the model's message content as a JSON object. A single surrounding Markdown code fence
 * (```json … ```) is tolerated. Fails with "invalid JSON" or "JSON is not an object".
 */
export function parseJsonObject(content: string): Validated<Record<string, unknown>> {
  let text = content.trim();
  const fence = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fence?.[1] !== undefined) text = fence[1];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("invalid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return fail("JSON is not an object");
  }
  return ok(parsed as Record<string, unknown>);
}

const SLOT_PATTERNS: [RegExp, string][] = [
  [/[{}]/, "brace"],
  [/\bundefined\b/, "undefined"],
  [/\bnull\b/, "null"],
  [/\bNaN\b/, "NaN"],
  [/\[object Object\]/, "[object Object]"],
];

/** Returns the name of the first unfilled template slot found in `text` (`{`, `}`, `undefined`, `null`, `NaN`), else undefined. */
export function findUnfilledSlot(text: string): string | undefined {
  for (const [pattern, name] of SLOT_PATTERNS) if (pattern.test(text)) return name;
  return undefined;
}

/** Checks one required string field: present, a string, non-empty after trimming, within bounds, no slots. */
function stringField(obj: Record<string, unknown>, key: string, bounds: Bounds): Validated<string> {
  if (!(key in obj)) return fail(`missing key "${key}"`);
  const value = obj[key];
  if (typeof value !== "string") return fail(`"${key}" is not a string`);
  const text = value.trim();
  if (text.length === 0) return fail(`"${key}" is empty`);
  if (text.length < bounds.min) return fail(`"${key}" too short (${text.length} < ${bounds.min})`);
  if (text.length > bounds.max) return fail(`"${key}" too long (${text.length} > ${bounds.max})`);
  const slot = findUnfilledSlot(text);
  if (slot) return fail(`"${key}" contains unfilled slot (${slot})`);
  return ok(text);
}

/** Checks all fields of `bounds` and returns the trimmed strings by wire key, or the first failure. */
function stringFields<K extends string>(
  obj: Record<string, unknown>,
  bounds: Record<K, Bounds>,
): Validated<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(bounds) as K[]) {
    const r = stringField(obj, key, bounds[key]);
    if (!r.ok) return fail(r.reason);
    out[key] = r.value;
  }
  return ok(out);
}

// ---------------------------------------------------------------------------------------------
// Language heuristic

/**
 * Common function words per language, compared against whole lower-case tokens. The sets are
 * disjoint: words common to two of the languages ("la", "in", "a", "un", "da", "an", "or") are left out.
 */
const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "the and with of is this that for its are from to on has by it very but which wine wines notes be will can".split(
      " ",
    ),
  ),
  de: new Set(
    "der die das und mit ist ein eine einen einem einer dem den zu von im auf für sich nicht sind wird aus bei sehr oder wein weine zum zur auch nach".split(
      " ",
    ),
  ),
  fr: new Set(
    "le les et avec est une du des au aux dans pour sur qui ce cette sa ses sont très vin vins mais par se être à".split(
      " ",
    ),
  ),
  it: new Set(
    "di del della dello delle dei degli con è e il gli una uno che per sono nel nella alla al dal questo questa ma vino vini più".split(
      " ",
    ),
  ),
};

const LANGS: Language[] = ["de", "en", "fr", "it"];

/** Removes proper names (wine, producer, region, grapes …), which may be in any language, case-insensitively. */
function stripNames(text: string, names: readonly string[]): string {
  let t = text.toLowerCase();
  const sorted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 1))].sort(
    (a, b) => b.length - a.length,
  );
  for (const n of sorted) t = t.split(n).join(" ");
  return t;
}

/** Function-word counts per language and the number of word tokens in `text` (after removing `names`). */
export function functionWordCounts(
  text: string,
  names: readonly string[] = [],
): { tokens: number; counts: Record<Language, number> } {
  const tokens = stripNames(text, names).match(/\p{L}+/gu) ?? [];
  const counts: Record<Language, number> = { de: 0, en: 0, fr: 0, it: 0 };
  for (const token of tokens) {
    for (const lang of LANGS) if (FUNCTION_WORDS[lang].has(token)) counts[lang]++;
  }
  return { tokens: tokens.length, counts };
}

/**
 * Light language check of `text` (all fields of one answer joined), after removing the proper
 * `names`. Returns a reason when the text looks like the wrong language, else undefined.
 * - Texts under 8 words are not judged.
 * - The requested language must have at least 2 function words and at least as many as any other.
 * - de/fr/it: English function words ("the", "and", "with", "of", "is" …) at most max(2, 3 % of words).
 * - en: German/French/Italian function words together at most max(3, 5 % of words).
 */
export function checkLanguage(
  text: string,
  lang: Language,
  names: readonly string[] = [],
): string | undefined {
  const { tokens, counts } = functionWordCounts(text, names);
  if (tokens < 8) return undefined;
  const others = LANGS.filter((l) => l !== lang);
  const maxOther = Math.max(...others.map((l) => counts[l]));
  if (counts[lang] < 2 || counts[lang] < maxOther) {
    const top = others.reduce((a, b) => (counts[b] > counts[a] ? b : a));
    return `wrong language (expected ${lang}, looks like ${top})`;
  }
  if (lang === "en") {
    const foreign = counts.de + counts.fr + counts.it;
    if (foreign > Math.max(3, 0.05 * tokens))
      return `wrong language (too many non-English words: ${foreign})`;
  } else if (counts.en > Math.max(2, 0.03 * tokens)) {
    return `wrong language (too many English words: ${counts.en})`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Content validators

/**
 * Validates a wine-texts answer (keys `description` 60–600, `text_long` 150–2000, `tasting_notes`
 * 40–1000, `pairing` 30–600 characters) in `lang`. `names` are proper names ignored by the language
 * check. Returns `WineTexts` (trimmed) or the first failure.
 */
export function validateWineTexts(
  content: string,
  lang: Language,
  names: readonly string[] = [],
): Validated<WineTexts> {
  const parsed = parseJsonObject(content);
  if (!parsed.ok) return fail(parsed.reason);
  const fields = stringFields(parsed.value, WINE_TEXT_BOUNDS);
  if (!fields.ok) return fail(fields.reason);
  const f = fields.value;
  const language = checkLanguage(Object.values(f).join("\n"), lang, names);
  if (language) return fail(language);
  return ok({
    description: f.description,
    descriptionLong: f.text_long,
    tastingNotes: f.tasting_notes,
    pairing: f.pairing,
  });
}

/** Checks that `value` (if the model returned it) is an integer year offset in 0..100 equal to `expected`. */
function windowNumber(
  obj: Record<string, unknown>,
  key: "from" | "to",
  expected: number,
): string | undefined {
  if (!(key in obj) || obj[key] === undefined) return undefined;
  const raw = obj[key];
  const value = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isInteger(value)) return `"${key}" is not an integer`;
  if (value < 0 || value > 100) return `"${key}" out of range 0..100`;
  if (value !== expected) return `"${key}" disagrees with computed window (${value} != ${expected})`;
  return undefined;
}

/**
 * Validates a drinking-period answer (keys `statement` 20–400, `young`, `ripe`, `storage` 20–600
 * characters) in `lang`. The window is always `window` (years after the vintage, computed offline);
 * it must satisfy 0 <= from <= to <= 100, and if the model returned `from`/`to` they must be equal
 * to it. Returns the content with `window`'s numbers or the first failure.
 */
export function validateDrinkingPeriod(
  content: string,
  lang: Language,
  window: DrinkingWindow,
  names: readonly string[] = [],
): Validated<DrinkingPeriodContent> {
  const { from, to } = window;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from > to || to > 100) {
    return fail(`computed window out of range (${from}..${to})`);
  }
  const parsed = parseJsonObject(content);
  if (!parsed.ok) return fail(parsed.reason);
  const numbers = windowNumber(parsed.value, "from", from) ?? windowNumber(parsed.value, "to", to);
  if (numbers) return fail(numbers);
  const fields = stringFields(parsed.value, DRINKING_BOUNDS);
  if (!fields.ok) return fail(fields.reason);
  const f = fields.value;
  const language = checkLanguage(Object.values(f).join("\n"), lang, names);
  if (language) return fail(language);
  return ok({ from, to, statement: f.statement, young: f.young, ripe: f.ripe, storage: f.storage });
}

/**
 * Validates a region-insight answer (keys `summary` 60–1200, `climate_and_terroir` 60–1500
 * characters, `signature_styles` an array of 2–5 non-empty strings of 3–120 characters) in `lang`.
 * `keyGrapes` (computed from the facts, not by the model) is passed through. Returns
 * `RegionInsightContent` or the first failure.
 */
export function validateRegionInsight(
  content: string,
  lang: Language,
  keyGrapes: RegionInsightContent["keyGrapes"],
  names: readonly string[] = [],
): Validated<RegionInsightContent> {
  const parsed = parseJsonObject(content);
  if (!parsed.ok) return fail(parsed.reason);
  const fields = stringFields(parsed.value, REGION_BOUNDS);
  if (!fields.ok) return fail(fields.reason);
  const obj = parsed.value;
  if (!("signature_styles" in obj)) return fail('missing key "signature_styles"');
  const raw = obj.signature_styles;
  if (!Array.isArray(raw)) return fail('"signature_styles" is not an array');
  const { minItems, maxItems, min, max } = SIGNATURE_STYLE_BOUNDS;
  if (raw.length < minItems || raw.length > maxItems) {
    return fail(`"signature_styles" must have ${minItems}-${maxItems} items (has ${raw.length})`);
  }
  const styles: string[] = [];
  for (const item of raw) {
    if (typeof item !== "string") return fail('"signature_styles" item is not a string');
    const text = item.trim();
    if (text.length === 0) return fail('"signature_styles" item is empty');
    if (text.length < min || text.length > max)
      return fail(`"signature_styles" item length out of ${min}-${max}`);
    const slot = findUnfilledSlot(text);
    if (slot) return fail(`"signature_styles" contains unfilled slot (${slot})`);
    styles.push(text);
  }
  const f = fields.value;
  const language = checkLanguage([f.summary, f.climate_and_terroir, ...styles].join("\n"), lang, names);
  if (language) return fail(language);
  return ok({
    summary: f.summary,
    climateAndTerroir: f.climate_and_terroir,
    signatureStyles: styles,
    keyGrapes: keyGrapes.map((g) => ({ ...g })),
  });
}
