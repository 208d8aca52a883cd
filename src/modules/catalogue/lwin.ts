/**
 * The LWIN database (Liv-ex Wine Identification Number, https://www.liv-ex.com/lwin/) as Liv-ex
 * exports it: a CSV file, one row per wine (LWIN7), read as a stream into source records.
 * docs/catalogue-sources.md "LWIN file format" describes every column's mapping and what is skipped.
 */
import { parse } from "csv-parse";
import { fold } from "../../domain/text-folding.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { countryCode } from "./country-names.ts";
import { splitProducerTitle } from "./derivation.ts";
import { cleanText, openSourceFile, recordFingerprint } from "./source-file.ts";
import {
  type ParsedItem,
  type SkipReason,
  SourceFileError,
  type SourceRecord,
  type SourceStatus,
} from "./source-record.ts";

/** Columns of the Liv-ex LWIN export, in its order (any order is read; extra columns are ignored). */
export const LWIN_COLUMNS = [
  "LWIN",
  "STATUS",
  "DISPLAY_NAME",
  "PRODUCER_TITLE",
  "PRODUCER_NAME",
  "WINE",
  "COUNTRY",
  "REGION",
  "SUB_REGION",
  "SITE",
  "PARCEL",
  "COLOUR",
  "TYPE",
  "SUB_TYPE",
  "DESIGNATION",
  "CLASSIFICATION",
  "VINTAGE_CONFIG",
  "FIRST_VINTAGE",
  "FINAL_VINTAGE",
  "DATE_ADDED",
  "DATE_UPDATED",
  "REFERENCE",
] as const;

/** Columns of the export the import does not read (names, designations, vintage ranges, dates). */
const UNREAD_COLUMNS = [
  "DISPLAY_NAME",
  "DESIGNATION",
  "VINTAGE_CONFIG",
  "FIRST_VINTAGE",
  "FINAL_VINTAGE",
  "DATE_ADDED",
  "DATE_UPDATED",
] as const;
type RequiredColumn = Exclude<(typeof LWIN_COLUMNS)[number], (typeof UNREAD_COLUMNS)[number]>;

/**
 * The columns a record is made of (every other column of {@link LWIN_COLUMNS}): a file without one of
 * them is refused before any row is read.
 */
export const LWIN_REQUIRED_COLUMNS: readonly RequiredColumn[] = LWIN_COLUMNS.filter(
  (c): c is RequiredColumn => !(UNREAD_COLUMNS as readonly string[]).includes(c),
);

/** A row's required fields, cleaned (cleanText). */
type LwinRow = Record<RequiredColumn, string>;

/** Product types that are not wine (LWIN also codes spirits, beers, sakes …): skipped `not_wine`. */
const NOT_WINE =
  /\b(spirits?|beers?|ciders?|perry|sake|mead|liqueurs?|whisky|whiskey|brandy|cognac|armagnac|calvados|rum|gin|vodka|tequila|mezcal|grappa|eau de vie|soft drinks?|water)\b/;
/** Words of TYPE that say wine (TYPE "Wine", "Fortified Wine", "Sparkling", "Champagne", "Sweet" …). */
const WINE_TYPE = /\b(wines?|fortified|sparkling|champagne|sweet|dessert|port|sherry|madeira)\b/;
/** TYPE/SUB_TYPE words of a fortified wine. */
const FORTIFIED = /\b(fortified|port|sherry|madeira|marsala|vin doux naturel|vdn)\b/;
/** TYPE/SUB_TYPE words of a sparkling wine. */
const SPARKLING = /\b(sparkling|champagne|cremant|cava|sekt|spumante|franciacorta)\b/;
/** TYPE/SUB_TYPE words of a sweet (dessert) wine. */
const SWEET = /\b(sweet|dessert)\b/;

/**
 * Type and sub-type of a row from TYPE and SUB_TYPE (folded), or null when the row is not a wine:
 * Wine + Still → wine/still; Sparkling or Champagne (either column) → sub-type sparkling; Fortified,
 * Port, Sherry, Madeira, Marsala, Vin Doux Naturel → fortified; Sweet/Dessert → dessert. A TYPE naming
 * a spirit, beer, cider, sake … or no wine word at all → null. An empty TYPE is taken as wine (the
 * database is a wine database; its non-wine rows say what they are).
 */
export function lwinStyle(
  typeText: string,
  subTypeText: string,
): { type: WineType; subType: SubType } | null {
  const type = fold(typeText);
  const both = `${type} ${fold(subTypeText)}`;
  if (NOT_WINE.test(type) || NOT_WINE.test(fold(subTypeText))) return null;
  if (type !== "" && !WINE_TYPE.test(type)) return null;
  const wineType: WineType = FORTIFIED.test(both) ? "fortified" : SWEET.test(both) ? "dessert" : "wine";
  return { type: wineType, subType: SPARKLING.test(both) ? "sparkling" : "still" };
}

/** LWIN COLOUR → colour: Red, White, Rose/Rosé (any case); anything else (Mixed, Orange, empty) → null. */
export function lwinColor(text: string): Color | null {
  const folded = fold(text);
  return folded === "red" || folded === "white" || folded === "rose" ? folded : null;
}

/** LWIN STATUS (case-insensitive) → status, or null for an unknown status. */
function lwinStatus(text: string): SourceStatus | null {
  const folded = fold(text);
  return folded === "live" || folded === "deleted" || folded === "combined" ? folded : null;
}

/** True when `part`'s folded words occur, in order and as whole words, in `whole`'s. */
function containsWords(whole: string, part: string): boolean {
  return ` ${fold(whole)} `.includes(` ${fold(part)} `);
}

/**
 * The wine's name: WINE, then SITE (a vineyard or climat: "Clos Saint-Jacques", "Les Amoureuses")
 * and PARCEL (a part of a site) each appended unless the name already says it. A grand cru climat
 * named by SITE alone (WINE empty, SITE "Chambertin") becomes the wine's name, as wine lists and
 * X-Wines write it ("Chambertin"); a grand vin (WINE, SITE, PARCEL empty) has the name "".
 */
export function lwinWineName(wine: string, site: string, parcel: string): string {
  let name = wine;
  for (const part of [site, parcel]) {
    if (part !== "" && !containsWords(name, part)) name = name === "" ? part : `${name} ${part}`;
  }
  return name;
}

/** The LWIN7 a Combined row's REFERENCE names (its first 7 digits: an LWIN11/LWIN18 starts with it), or null. */
function referencedLwin(reference: string): string | null {
  const match = /(?<!\d)(\d{7})(?:\d{4}|\d{11})?(?!\d)/.exec(reference);
  return match ? (match[1] ?? null) : null;
}

/** Result of mapping one row: a record or a skip reason with detail. */
type RowOutcome = { record: SourceRecord } | { skipped: SkipReason; detail: string };

/** Maps one row (its key already checked) to a record or a skip. */
function mapRow(key: string, row: LwinRow): RowOutcome {
  const status = lwinStatus(row.STATUS);
  if (status === null) return { skipped: "malformed_row", detail: `unknown STATUS "${row.STATUS}"` };
  const style = lwinStyle(row.TYPE, row.SUB_TYPE);
  if (style === null)
    return { skipped: "not_wine", detail: `TYPE "${row.TYPE}" / SUB_TYPE "${row.SUB_TYPE}"` };
  let combinedInto: string | null = null;
  if (status === "combined") {
    combinedInto = referencedLwin(row.REFERENCE);
    if (combinedInto === null || combinedInto === key) {
      return {
        skipped: "malformed_row",
        detail: `Combined without another LWIN in REFERENCE "${row.REFERENCE}"`,
      };
    }
  }
  const producer =
    row.PRODUCER_TITLE !== ""
      ? { title: row.PRODUCER_TITLE, name: row.PRODUCER_NAME }
      : splitProducerTitle(row.PRODUCER_NAME);
  if (producer.name === "") return { skipped: "missing_name", detail: "PRODUCER_NAME is empty" };
  const content: Omit<SourceRecord, "fingerprint"> = {
    source: "lwin",
    key,
    status,
    combinedInto,
    producer: { name: producer.name, title: producer.title },
    wineName: lwinWineName(row.WINE, row.SITE, row.PARCEL),
    color: lwinColor(row.COLOUR),
    type: style.type,
    subType: style.subType,
    country: countryCode(row.COUNTRY),
    region: row.REGION === "" ? null : row.REGION,
    appellation: row.SUB_REGION === "" ? null : row.SUB_REGION,
    classification: row.CLASSIFICATION === "" ? null : row.CLASSIFICATION,
    gtins: [],
    grapes: [],
    abv: null,
    vintage: null,
  };
  return { record: { ...content, fingerprint: recordFingerprint(content) } };
}

/** Column name → index in the file; throws naming the first required column missing. */
function columnIndexes(header: readonly string[], file: string): Record<RequiredColumn, number> {
  const names = header.map((name) =>
    name
      .replace(/^\uFEFF/, "")
      .trim()
      .toUpperCase(),
  );
  const indexes = {} as Record<RequiredColumn, number>;
  for (const column of LWIN_REQUIRED_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0) throw new SourceFileError(`LWIN file ${file}: column ${column} is missing from the header`);
    indexes[column] = at;
  }
  return indexes;
}

/** Which of the 10,000,000 possible LWIN7 keys were seen: 1.25 MB whatever the file's size. */
class SeenKeys {
  private readonly bits = new Uint8Array(10_000_000 / 8);
  /** Marks `key` (7 digits) seen; true when it already was. */
  see(key: string): boolean {
    const n = Number(key);
    const mask = 1 << (n & 7);
    const byte = n >> 3;
    const seen = ((this.bits[byte] ?? 0) & mask) !== 0;
    this.bits[byte] = (this.bits[byte] ?? 0) | mask;
    return seen;
  }
}

/**
 * Reads an LWIN database CSV (Liv-ex's export: header {@link LWIN_COLUMNS}, UTF-8 with or without
 * BOM, CRLF or LF line ends, RFC 4180 quoting, plain or gzip-compressed — recognised by its magic
 * bytes) and yields one item per data row, in file order, streaming (memory stays small and constant
 * for any number of rows):
 * - `{record}`: the row as a {@link SourceRecord} (source "lwin", key = LWIN7);
 * - `{skipped, line, detail}`: `malformed_row` (LWIN not 7 digits, a field count other than the
 *   header's, unknown STATUS, a Combined row without another LWIN in REFERENCE, a CSV syntax error),
 *   `duplicate_key` (an LWIN already read in this file: the first row counts), `not_wine` (spirits,
 *   beers, sakes …), `missing_name` (no producer name). `line` is the row's (last) line in the file.
 * Throws a `SourceFileError` before yielding anything when the file is empty or its header lacks a
 * column of {@link LWIN_REQUIRED_COLUMNS} (the message names it); rejects with the file system's error when
 * the file cannot be read, and with the gzip error for a corrupt compressed file.
 */
export async function* readLwin(file: string): AsyncGenerator<ParsedItem> {
  const input = await openSourceFile(file);
  // CSV syntax errors, reported by the parser ahead of the records it yields: kept in line order and
  // given out before the first record of a later line; one per line (a bad quote can be reported twice).
  const csvErrors: { line: number; detail: string }[] = [];
  const takeErrorsBefore = (line: number): ParsedItem[] => {
    const due = csvErrors.filter((e) => e.line < line);
    csvErrors.splice(0, due.length);
    return due.map((e) => ({ skipped: "malformed_row", line: e.line, detail: e.detail }));
  };
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = Number(error?.lines ?? 0);
      if (csvErrors.at(-1)?.line !== line) {
        csvErrors.push({ line, detail: error?.message ?? "CSV syntax error" });
      }
      return undefined;
    },
  });
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  const seen = new SeenKeys();
  let indexes: Record<RequiredColumn, number> | null = null;
  let width = 0;
  try {
    for await (const { record: fields, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield* takeErrorsBefore(info.lines);
      if (indexes === null) {
        indexes = columnIndexes(fields, file);
        width = fields.length;
        continue;
      }
      const line = info.lines;
      if (fields.length !== width) {
        yield { skipped: "malformed_row", line, detail: `${fields.length} fields, the header has ${width}` };
        continue;
      }
      const key = cleanText(fields[indexes.LWIN]);
      if (!/^\d{7}$/.test(key)) {
        yield { skipped: "malformed_row", line, detail: `LWIN "${key}" is not 7 digits` };
        continue;
      }
      if (seen.see(key)) {
        yield { skipped: "duplicate_key", line, detail: `LWIN ${key} again` };
        continue;
      }
      const row = {} as LwinRow;
      for (const column of LWIN_REQUIRED_COLUMNS) row[column] = cleanText(fields[indexes[column]]);
      const outcome = mapRow(key, row);
      yield "record" in outcome ? outcome : { skipped: outcome.skipped, line, detail: outcome.detail };
    }
    yield* takeErrorsBefore(Number.POSITIVE_INFINITY);
    if (indexes === null) throw new SourceFileError(`LWIN file ${file}: no header row (the file is empty)`);
  } finally {
    input.destroy();
    parser.destroy();
  }
}
