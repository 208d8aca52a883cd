/**
 * The Open Food Facts product dump (https://world.openfoodfacts.org/data: `openfoodfacts-products.jsonl.gz`,
 * one product JSON per line, ODbL) read as a stream into source records of its wines.
 * docs/catalogue-sources.md "Open Food Facts dump" describes the mapping and what is skipped.
 */
import { createInterface } from "node:readline";
import { normalizeGtin } from "../../domain/gtin.ts";
import { fold } from "../../domain/text-folding.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { countryCode } from "./country-names.ts";
import { splitProducerTitle } from "./derivation.ts";
import {
  APPELLATIONS,
  COUNTRY_TAGS,
  FORTIFIED_TAGS,
  NOT_WINE_TAGS,
  REGION_TAGS,
  SPARKLING_TAGS,
  SWEET_TAGS,
  WHITE_UNLESS_ROSE_TAGS,
  WINE_TAGS,
} from "./off-categories.ts";
import { classificationInName, vintageInName, wineNameFromProduct } from "./off-names.ts";
import { cleanText, openSourceFile, recordFingerprint } from "./source-file.ts";
import type { ParsedItem, SkipReason, SourceRecord } from "./source-record.ts";
import { terms } from "./text-match.ts";
import { RED_WORDS, ROSE_WORDS, SPARKLING_WORDS, WHITE_WORDS } from "./wine-words.ts";

/** Words brands end with that a product name may leave out ("Caymus Vineyards" → "Caymus …"). */
const BRAND_SUFFIX = /\s+(?:vineyards?|winery|wines|estates?|cellars|family wines)$/i;

/** Product name fields read, in order: the main one, then the languages of the wine trade. */
const NAME_FIELDS = [
  "product_name",
  "product_name_fr",
  "product_name_it",
  "product_name_de",
  "product_name_en",
  "product_name_es",
  "product_name_pt",
];

/** Fortified-wine words in a product name (narrower than the X-Wines list: "Port" alone or "Cream" are too common in names). */
const FORTIFIED_NAME_WORDS = terms(
  "Porto",
  "Tawny",
  "Ruby Port",
  "Vintage Port",
  "LBV",
  "Sherry",
  "Jerez",
  "Oloroso",
  "Amontillado",
  "Manzanilla",
  "Pedro Ximénez",
  "Madeira",
  "Marsala",
  "Banyuls",
  "Rivesaltes",
  "Vin Doux Naturel",
);
/** Sparkling-wine words in a product name besides the derivation's: the appellations that are sparkling only. */
const SPARKLING_NAME_WORDS = terms("Champagne", "Prosecco", "Cava", "Franciacorta", "Lambrusco", "Brut");

/** Appellations by category tag of the sparkling and fortified appellations OFF has English tags for. */
const TAG_APPELLATIONS: Readonly<Record<string, string>> = {
  "en:champagnes": "Champagne",
  "en:proseccos": "Prosecco",
  "en:cavas": "Cava",
  "en:lambruscos": "Lambrusco",
  "en:ports": "Porto",
  "en:port-wines": "Porto",
  "en:sherries": "Jerez-Xérès-Sherry",
};

/** Folded appellation name → [name, country], longest names first for the search in product names. */
const APPELLATION_BY_FOLD = new Map(
  APPELLATIONS.map(([name, country]) => [fold(name), [name, country] as const]),
);
const APPELLATIONS_LONGEST_FIRST = [...APPELLATION_BY_FOLD.keys()].sort((a, b) => b.length - a.length);

/** A JSON value as a list of trimmed strings: an array's strings, a string split on commas; else []. */
function stringList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  return items
    .filter((v): v is string => typeof v === "string")
    .map((v) => cleanText(v))
    .filter((v) => v !== "");
}

/** The slug of a tag without its language ("en:bordeaux-wines" → "bordeaux-wines"). */
function slug(tag: string): string {
  return tag.replace(/^[a-z]{2}:/, "");
}

/**
 * Whether a product's categories make it a wine: a tag of {@link WINE_TAGS}, "en:…-wines" or
 * "en:wines-from-…", and none of {@link NOT_WINE_TAGS}.
 */
export function isWineProduct(tags: readonly string[]): boolean {
  if (tags.some((t) => NOT_WINE_TAGS.has(t))) return false;
  return tags.some(
    (t) => WINE_TAGS.has(t) || /^en:[a-z0-9-]+-wines$/.test(t) || t.startsWith("en:wines-from-"),
  );
}

/** Port styles that are red wines (IVDP: Ruby, Tawny, LBV and Vintage Ports are red; White Port says so). */
const RED_PORT_WORDS = terms("Ruby", "Tawny", "LBV", "Late Bottled Vintage", "Vintage Port");

/**
 * Colour from the categories (a rosé tag, red or white wines), else from the name's words (rosé words
 * first, then white, then red; a Ruby/Tawny/LBV Port is red), else white for the white-or-rosé
 * sparkling appellations; null when nothing says.
 */
function productColor(tags: readonly string[], name: string): Color | null {
  if (tags.some((t) => t.startsWith("en:") && /(^|-)ros[e]s?(-|$)/.test(slug(t)))) return "rose";
  const white = tags.includes("en:white-wines");
  const red = tags.includes("en:red-wines");
  if (white !== red) return white ? "white" : "red";
  if (ROSE_WORDS.test(name)) return "rose";
  if (WHITE_WORDS.test(name)) return "white";
  if (RED_WORDS.test(name) || RED_PORT_WORDS.test(name)) return "red";
  if (tags.some((t) => WHITE_UNLESS_ROSE_TAGS.has(t))) return "white";
  return null;
}

/** Type and sub-type from the categories, then the name's words. */
function productStyle(tags: readonly string[], name: string): { type: WineType; subType: SubType } {
  const fortified = tags.some((t) => FORTIFIED_TAGS.has(t)) || FORTIFIED_NAME_WORDS.test(name);
  const sweet = tags.some((t) => SWEET_TAGS.has(t));
  const sparkling =
    tags.some((t) => SPARKLING_TAGS.has(t) || t.includes("sparkling")) ||
    SPARKLING_WORDS.test(name) ||
    SPARKLING_NAME_WORDS.test(name);
  return {
    type: fortified ? "fortified" : sweet ? "dessert" : "wine",
    subType: sparkling && !fortified ? "sparkling" : "still",
  };
}

/** Appellation, region and the country they imply, from category tags, then from the product name. */
function productPlace(
  tags: readonly string[],
  name: string,
): { appellation: string | null; region: string | null; country: string | null } {
  let appellation: readonly [string, string] | null = null;
  let region: readonly [string, string] | null = null;
  let country: string | null = null;
  for (const tag of tags) {
    const s = slug(tag);
    const fromTag = TAG_APPELLATIONS[tag];
    const found = APPELLATION_BY_FOLD.get(fold(fromTag ?? s));
    if (found && (appellation === null || found[0].length > appellation[0].length)) appellation = found;
    if (found) continue;
    const wines = /^(.+)-wines$/.exec(s)?.[1] ?? /^wines-from-(.+)$/.exec(s)?.[1];
    if (wines !== undefined) {
      region ??= REGION_TAGS[wines] ?? null;
      country ??= COUNTRY_TAGS[wines] ?? null;
    }
  }
  if (appellation === null) {
    const folded = ` ${fold(name)} `;
    const hit = APPELLATIONS_LONGEST_FIRST.find((a) => folded.includes(` ${a} `));
    appellation = hit ? (APPELLATION_BY_FOLD.get(hit) ?? null) : null;
  }
  return {
    appellation: appellation?.[0] ?? null,
    region: region?.[0] ?? null,
    country: appellation?.[1] ?? region?.[1] ?? country,
  };
}

/** The country of `origins` (free text "Bordeaux, France", "Italie", a list) or `origins_tags`, or null. */
function originCountry(product: Record<string, unknown>): string | null {
  for (const place of [...stringList(product.origins), ...stringList(product.origins_tags)].reverse()) {
    const code = countryCode(place);
    if (code) return code;
  }
  return null;
}

/** Alcohol in % vol from `nutriments.alcohol_100g` or `alcohol_value` (number or "13,5"); null unless 0 < abv ≤ 25. */
function productAbv(product: Record<string, unknown>): number | null {
  const nutriments = product.nutriments;
  if (typeof nutriments !== "object" || nutriments === null) return null;
  const n = nutriments as Record<string, unknown>;
  const unit = typeof n.alcohol_unit === "string" ? n.alcohol_unit.replace(/\s+/g, "").toLowerCase() : "%vol";
  if (unit !== "%vol" && unit !== "%" && unit !== "°") return null;
  for (const value of [n.alcohol_100g, n.alcohol_value]) {
    const abv =
      typeof value === "number" ? value : typeof value === "string" ? Number(value.replace(",", ".")) : NaN;
    if (Number.isFinite(abv) && abv > 0 && abv <= 25) return Math.round(abv * 10) / 10;
  }
  return null;
}

/** Result of mapping one product. */
type ProductOutcome = { record: SourceRecord } | { skipped: SkipReason; detail: string };

/** Maps one parsed product; `seen` holds the GTINs of the wines already read. */
function mapProduct(product: Record<string, unknown>, seen: Set<string>): ProductOutcome {
  const tags = stringList(product.categories_tags).map((t) => t.toLowerCase());
  if (!isWineProduct(tags)) return { skipped: "not_wine", detail: tags.slice(-1)[0] ?? "no categories" };
  const code = typeof product.code === "number" ? String(product.code) : product.code;
  const gtin = typeof code === "string" ? normalizeGtin(code) : null;
  if (gtin === null)
    return { skipped: "invalid_barcode", detail: `code ${JSON.stringify(product.code ?? null)}` };
  if (seen.has(gtin)) return { skipped: "duplicate_key", detail: `GTIN ${gtin} again` };
  seen.add(gtin);
  const productName = NAME_FIELDS.map((f) => product[f])
    .filter((v): v is string => typeof v === "string")
    .map((v) => cleanText(v))
    .find((v) => v !== "");
  if (productName === undefined) return { skipped: "missing_name", detail: "no product name" };
  const brand = stringList(product.brands)[0] ?? "";
  const producer = brand === "" ? { title: null, name: "" } : splitProducerTitle(brand);
  const color = productColor(tags, productName);
  const style = productStyle(tags, productName);
  const place = productPlace(tags, productName);
  const content: Omit<SourceRecord, "fingerprint"> = {
    source: "off",
    key: gtin,
    status: "live",
    combinedInto: null,
    producer,
    wineName: wineNameFromProduct(productName, {
      producers: [brand, producer.name, producer.name.replace(BRAND_SUFFIX, "")].filter((p) => p !== ""),
      colorKnown: color !== null,
    }),
    color,
    type: style.type,
    subType: style.subType,
    country: originCountry(product) ?? place.country,
    region: place.region,
    appellation: place.appellation,
    classification: classificationInName(productName),
    gtins: [gtin],
    grapes: [],
    abv: productAbv(product),
    vintage: vintageInName(productName),
  };
  return { record: { ...content, fingerprint: recordFingerprint(content) } };
}

/**
 * Reads an Open Food Facts JSONL dump (plain or gzip-compressed, recognised by its magic bytes; one
 * product JSON object per line) and yields, streaming, one item per non-empty line, in file order:
 * - `{record}`: a wine (see {@link isWineProduct}) as a {@link SourceRecord} (source "off", key = its
 *   GTIN-14, `gtins` = [key], status live);
 * - `{skipped, line, detail}`: `not_wine` (every other product), `invalid_barcode` (a wine whose `code`
 *   is no valid GTIN-8/12/13/14), `duplicate_key` (a GTIN already read), `missing_name` (no product
 *   name in any language), `malformed_row` (a line that is not a JSON object). One bad line never
 *   stops the reading. `line` is the 1-based line number.
 * Rejects with the file system's error when the file cannot be read and with zlib's for a corrupt
 * compressed file.
 */
export async function* readOpenFoodFacts(file: string): AsyncGenerator<ParsedItem> {
  const input = await openSourceFile(file);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const seen = new Set<string>();
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      if (text.trim() === "") continue;
      let product: unknown;
      try {
        product = JSON.parse(text);
      } catch (error) {
        yield { skipped: "malformed_row", line, detail: error instanceof Error ? error.message : "not JSON" };
        continue;
      }
      if (typeof product !== "object" || product === null || Array.isArray(product)) {
        yield { skipped: "malformed_row", line, detail: "not a JSON object" };
        continue;
      }
      const outcome = mapProduct(product as Record<string, unknown>, seen);
      yield "record" in outcome ? outcome : { skipped: outcome.skipped, line, detail: outcome.detail };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
