/**
 * One record of a catalogue source (an LWIN row, an Open Food Facts product, an X-Wines wine) in the
 * catalogue's terms, before the crosswalk decides which wine it is. Parsers (lwin.ts,
 * open-food-facts.ts) produce them; the crosswalk (crosswalk.ts) links them to wines; the import
 * (source-import.service.ts) writes them. docs/catalogue-sources.md describes each source.
 */
import type { SourceName } from "../../db/types.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";

/** A source record's status in its source. */
export type SourceStatus = "live" | "deleted" | "combined";

/** One record of a source. Text fields are as the source writes them, trimmed, spaces collapsed. */
export interface SourceRecord {
  source: SourceName;
  /** The record's key: LWIN7 ("1011247"), GTIN-14 ("03263280103567"), X-Wines WineID ("111587"). */
  key: string;
  status: SourceStatus;
  /** For `combined`: the key of the record it was combined into (LWIN `REFERENCE`); else null. */
  combinedInto: string | null;
  /** Producer name without its estate title ("Margaux"), and the title ("Château") or null. */
  producer: { name: string; title: string | null };
  /**
   * The wine's own name without the producer ("Pavillon Rouge", "Les Clos"); "" when the source names
   * the wine by its producer and appellation only (LWIN: `WINE` empty for a grand vin).
   */
  wineName: string;
  /** null when the source does not say (Open Food Facts often does not). */
  color: Color | null;
  type: WineType;
  subType: SubType;
  /** ISO 3166-1 alpha-2, upper case; null when unknown. */
  country: string | null;
  /** Region as the source names it (LWIN `REGION`: "Bordeaux", "Burgundy"); null when unknown. */
  region: string | null;
  /** Sub-region or appellation (LWIN `SUB_REGION`: "Pauillac", "Chablis"); null when unknown. */
  appellation: string | null;
  /** Classification as written ("1er Cru Classe", "Grand Cru"); null when none. */
  classification: string | null;
  /** GTIN-14 barcodes (check digit verified) of the record; [] when none. */
  gtins: string[];
  /** Grape varieties the source names (catalogue names); [] when it names none. */
  grapes: string[];
  /** Alcohol by volume in percent when the source states it; null otherwise (never guessed). */
  abv: number | null;
  /** A vintage the record names (an Open Food Facts product "… 2015 75cl"); null when none. */
  vintage: number | null;
  /**
   * Hash (hex) of the record's content as parsed, stable across runs: equal fingerprints mean nothing
   * to write at a re-import.
   */
  fingerprint: string;
}

/** Why a parser skipped a row or product (counted in the import report). */
export type SkipReason = "not_wine" | "invalid_barcode" | "missing_name" | "malformed_row" | "duplicate_key";

/** What a parser yields: a record, or a skipped row with its reason and line. */
export type ParsedItem = { record: SourceRecord } | { skipped: SkipReason; line: number; detail?: string };

/**
 * A source file the import cannot read as its format (no header row, a required column missing): the
 * operator's file is wrong, nothing is written. The message names the file and what is wrong.
 */
export class SourceFileError extends Error {
  override name = "SourceFileError";
}
