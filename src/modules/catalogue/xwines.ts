/**
 * Import of the X-Wines data set (Slim CSV; de Azambuja et al., "X-Wines: A Wine Dataset for
 * Recommender Systems and Machine Learning", Big Data and Cognitive Computing 7(1):20, 2023) into the
 * catalogue structure of `catalogue.types.ts`.
 */
import { parse } from "csv-parse/sync";
import type {
  Catalogue,
  CatalogueGrape,
  CatalogueProducer,
  CatalogueRegion,
  CatalogueWine,
} from "../../domain/vocabulary.ts";
import {
  deriveFlavorProfile,
  deriveResidualSugar,
  mapAcidity,
  mapBody,
  mapType,
  normalizeCountryCode,
  splitProducerTitle,
} from "./derivation.ts";
import { catalogueGrape } from "./grapes-data.ts";
import { regionNames } from "./region-name-translations.ts";

/** Columns of the X-Wines Slim CSV, in source order. */
export const XWINES_COLUMNS = [
  "WineID",
  "WineName",
  "Type",
  "Elaborate",
  "Grapes",
  "Harmonize",
  "ABV",
  "Body",
  "Acidity",
  "Code",
  "Country",
  "RegionID",
  "RegionName",
  "WineryID",
  "WineryName",
  "Website",
  "Vintages",
] as const;
type XWinesColumn = (typeof XWINES_COLUMNS)[number];
type XWinesRow = Record<XWinesColumn, string>;

/** Value of an X-Wines list column: a string such as "Merlot" or "N.V.", or a number such as 2019. */
export type PythonListItem = string | number;

/**
 * Parses a Python list literal as written in the X-Wines list columns (Grapes, Harmonize, Vintages):
 * `['Cabernet Sauvignon', 'Merlot']`, `["Trebbiano D'Abruzzo"]`, `[2020, 2019, 'N.V.']`, `[]`.
 * Items are single- or double-quoted strings (backslash escapes `\\'`, `\\"`, `\\\\`, `\\n`, `\\t`) or
 * numbers (integers or decimals, optionally signed). A trailing comma is allowed.
 * Throws an Error describing the position on anything else.
 */
export function parsePythonList(text: string): PythonListItem[] {
  const s = text.trim();
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`invalid Python list at character ${i + 1}: ${what} in ${JSON.stringify(text)}`);
  };
  const skipSpace = () => {
    while (i < s.length && /\s/.test(s.charAt(i))) i++;
  };
  if (s.charAt(0) !== "[") fail("expected '['");
  i = 1;
  const items: PythonListItem[] = [];
  skipSpace();
  if (s.charAt(i) === "]") {
    i++;
  } else {
    for (;;) {
      skipSpace();
      const c = s.charAt(i);
      if (c === "'" || c === '"') {
        const quote = c;
        i++;
        let value = "";
        for (;;) {
          if (i >= s.length) fail("unterminated string");
          const ch = s.charAt(i);
          if (ch === quote) break;
          if (ch === "\\") {
            const next = s.charAt(i + 1);
            const escapes: Record<string, string> = { "'": "'", '"': '"', "\\": "\\", n: "\n", t: "\t" };
            const escaped = escapes[next];
            if (escaped === undefined) fail(`unknown escape \\${next}`);
            value += escaped;
            i += 2;
          } else {
            value += ch;
            i++;
          }
        }
        i++;
        items.push(value);
      } else {
        const match = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(s.slice(i));
        if (match === null) fail(c === "" ? "unexpected end" : `unexpected ${JSON.stringify(c)}`);
        else {
          items.push(Number(match[0]));
          i += match[0].length;
        }
      }
      skipSpace();
      const sep = s.charAt(i);
      if (sep === ",") {
        i++;
        skipSpace();
        if (s.charAt(i) === "]") {
          i++;
          break;
        }
      } else if (sep === "]") {
        i++;
        break;
      } else {
        fail(sep === "" ? "missing ']'" : `expected ',' or ']' but found ${JSON.stringify(sep)}`);
      }
    }
  }
  skipSpace();
  if (i !== s.length) fail("text after ']'");
  return items;
}

/** An error in one cell of the CSV: "X-Wines row 12 (line 13), column Grapes: …". */
function cellError(row: number, line: number, column: string, message: string): Error {
  return new Error(`X-Wines row ${row} (line ${line}), column ${column}: ${message}`);
}

function positiveInt(value: string): number | null {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Website: trimmed; empty → null; a bare host ("www.chandon.com.br") gets "http://". */
function normalizeWebsite(value: string): string | null {
  const url = value.trim();
  if (url === "") return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

/** csv-parse options of an X-Wines file: BOM allowed, empty lines skipped, the header checked. */
export const XWINES_CSV_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  info: true,
  columns: (header: string[]) => {
    const names = header.map((h) => h.trim());
    const missing = XWINES_COLUMNS.filter((c) => !names.includes(c));
    if (missing.length > 0) throw new Error(`X-Wines header: missing column(s) ${missing.join(", ")}`);
    return names;
  },
};

/** One record as csv-parse gives it with {@link XWINES_CSV_OPTIONS}: the cells and the line it ends on. */
export type XWinesRecord = { record: XWinesRow; info: { lines: number } };

/**
 * The rows of one X-Wines file, read one at a time (`add`), in file order: each row gives its wine;
 * producers, regions and grape colours are gathered across rows, and duplicate WineIDs and
 * conflicting producer or region rows throw (see {@link parseXWines} for the rules). Memory: the
 * producers, regions, grape names and the set of WineIDs, never the wines.
 */
export class XWinesRows {
  readonly producers = new Map<number, CatalogueProducer & { source: string }>();
  readonly regions = new Map<number, CatalogueRegion & { source: string }>();
  private readonly grapeColors = new Map<string, "red" | "white">();
  /** Every WineID read so far. */
  readonly wineIds = new Set<number>();

  /**
   * The wine of the `rowNo`-th record (1-based; `info.lines` its last line).
   * @throws Error naming the row, line and column of a malformed cell or a conflict with an earlier row.
   */
  add({ record, info }: XWinesRecord, rowNo: number): CatalogueWine {
    const at = (column: XWinesColumn, message: string) => cellError(rowNo, info.lines, column, message);
    const cell = (column: XWinesColumn) => (record[column] ?? "").trim();
    const id = (column: XWinesColumn) => {
      const value = positiveInt(cell(column));
      if (value === null)
        throw at(column, `expected a positive integer, got ${JSON.stringify(cell(column))}`);
      return value;
    };
    const list = (column: XWinesColumn) => {
      try {
        return parsePythonList(cell(column));
      } catch (error) {
        throw at(column, (error as Error).message);
      }
    };
    const strings = (column: XWinesColumn) =>
      list(column).map((item) => {
        if (typeof item !== "string" || item.trim() === "")
          throw at(column, `expected names, got ${JSON.stringify(item)}`);
        return item.trim();
      });
    const mapped = <T>(column: XWinesColumn, fn: (text: string) => T): T => {
      try {
        return fn(cell(column));
      } catch (error) {
        throw at(column, (error as Error).message);
      }
    };

    const wineId = id("WineID");
    if (this.wineIds.has(wineId)) throw at("WineID", `duplicate WineID ${wineId}`);
    this.wineIds.add(wineId);
    const name = cell("WineName");
    if (name === "") throw at("WineName", "empty wine name");
    const grapes = strings("Grapes");
    const foods = strings("Harmonize");
    const abvText = cell("ABV");
    const abv = abvText === "" ? null : Number(abvText);
    if (abv !== null && !(Number.isFinite(abv) && abv >= 0 && abv <= 100)) {
      throw at("ABV", `expected a percentage, got ${JSON.stringify(abvText)}`);
    }
    const vintages = list("Vintages").flatMap((item) => {
      if (typeof item === "string" && item.trim().toUpperCase() === "N.V.") return [];
      if (typeof item === "number" && Number.isInteger(item) && item > 1000 && item < 3000) return [item];
      throw at("Vintages", `expected a year or 'N.V.', got ${JSON.stringify(item)}`);
    });
    vintages.sort((a, b) => b - a);

    const style = mapped("Type", (t) => mapType(t, name, grapes, abv));
    const body = mapped("Body", mapBody);
    const acidity = mapped("Acidity", mapAcidity);
    const residualSugar = deriveResidualSugar({
      xwinesType: cell("Type"),
      name,
      grapes,
      subType: style.subType,
      type: style.type,
      abv,
    });
    const flavor = deriveFlavorProfile({ ...style, residualSugar, abv, body, acidity, grapes });

    const producerId = id("WineryID");
    const wineryName = cell("WineryName");
    if (wineryName === "") throw at("WineryName", "empty winery name");
    const website = normalizeWebsite(cell("Website"));
    const producerSource = `${wineryName}\u0000${website ?? ""}`;
    const knownProducer = this.producers.get(producerId);
    if (knownProducer === undefined) {
      const { title, name: producerName } = splitProducerTitle(wineryName);
      this.producers.set(producerId, {
        id: producerId,
        name: producerName,
        title,
        website,
        source: producerSource,
      });
    } else if (knownProducer.source !== producerSource) {
      throw at("WineryName", `WineryID ${producerId} has conflicting name or website`);
    }

    const regionId = id("RegionID");
    const regionName = cell("RegionName");
    if (regionName === "") throw at("RegionName", "empty region name");
    const country = mapped("Code", normalizeCountryCode);
    const regionSource = `${regionName}\u0000${country}`;
    const knownRegion = this.regions.get(regionId);
    if (knownRegion === undefined) {
      this.regions.set(regionId, {
        id: regionId,
        names: regionNames(regionName),
        country,
        source: regionSource,
      });
    } else if (knownRegion.source !== regionSource) {
      throw at("RegionName", `RegionID ${regionId} has conflicting name or country`);
    }

    for (const grape of grapes) {
      if (!this.grapeColors.has(grape))
        this.grapeColors.set(grape, style.color === "white" ? "white" : "red");
    }

    return {
      id: wineId,
      name,
      color: style.color,
      type: style.type,
      subType: style.subType,
      producerId,
      regionId,
      residualSugar,
      abv,
      body,
      acidity,
      elaboration: cell("Elaborate"),
      grapes,
      foods,
      vintages,
      flavor,
    };
  }

  /** The producers, regions and grapes of the rows read so far, as {@link parseXWines} returns them. */
  dictionaries(): Omit<Catalogue, "wines"> {
    const grapes: CatalogueGrape[] = [...this.grapeColors.entries()]
      .sort(([a], [b]) => a.localeCompare(b, "en"))
      .map(([grape, color]) => catalogueGrape(grape, color));
    return {
      producers: [...this.producers.values()].map(({ source: _source, ...producer }) => producer),
      regions: [...this.regions.values()].map(({ source: _source, ...region }) => region),
      grapes,
    };
  }
}

/**
 * Parses the X-Wines Slim CSV (header row with the columns of {@link XWINES_COLUMNS}) into a catalogue:
 * - wines in source order, id = WineID, every derived field computed by `derivation.ts`;
 * - producers deduplicated by WineryID (title split off the name), in order of first appearance;
 * - regions deduplicated by RegionID, names in de/en/fr/it, country = ISO code (UK → GB);
 * - grapes: one per distinct X-Wines grape name, ordered by name; colour, local names and synonyms from
 *   `grapes-data.ts`, a variety missing from that table gets the colour of the first wine it appears in;
 * - vintages newest first without "N.V."; ABV null when empty.
 * Throws on malformed input with the row number, line and column (missing column, bad id, bad number,
 * bad list, unknown Type/Body/Acidity, duplicate WineID, a producer or region id with conflicting data).
 */
export function parseXWines(csvText: string): Catalogue {
  const records = parse(csvText, XWINES_CSV_OPTIONS) as XWinesRecord[];
  const rows = new XWinesRows();
  const wines = records.map((record, index) => rows.add(record, index + 1));
  return { wines, ...rows.dictionaries() };
}
