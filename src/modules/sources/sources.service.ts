/**
 * What the API tells of a wine's sources: its identifiers in each source, the wines a source's code
 * names (`?lwin=`, `?gtin=`), where a wine that left the catalogue went (410 / 301), and the list of
 * sources with their licences (`GET /v1/sources`).
 */
import type { Kysely } from "kysely";
import type { Database, SourceName } from "../../db/types.ts";
import { normalizeGtin } from "../../domain/gtin.ts";
import { AppError } from "../../errors.ts";
import { SOURCE_LICENCES } from "./source-licences.ts";
import {
  catalogueSourceRows,
  liveRecordCounts,
  retiredWine,
  wineExists,
  wineIdsByKey,
} from "./sources.repository.ts";

/**
 * A wine's keys in its sources (live records only): `lwin` the LWIN7 as a 7-digit string (the lowest
 * when the crosswalk linked several), `gtin` GTIN-14 strings ascending, `xwines` the X-Wines WineID.
 */
export interface WineIdentifiers {
  lwin: string | null;
  gtin: string[];
  xwines: number | null;
}

/** A wine's identifiers and the sources it comes from (in {@link SOURCE_ORDER}). */
export interface WineOrigin {
  identifiers: WineIdentifiers;
  sources: SourceName[];
}

/** The order sources are named in. */
const SOURCE_ORDER: readonly SourceName[] = ["xwines", "lwin", "off"];

/** The identifiers of a wine without any live source record. */
export const NO_IDENTIFIERS: Readonly<WineIdentifiers> = Object.freeze({
  lwin: null,
  gtin: [],
  xwines: null,
});

/** Separates a wine's live source records in its `source_keys` column (as wines.repository.ts writes it). */
const SOURCE_KEYS_SEPARATOR = ",";

/**
 * A wine's identifiers and sources from its `source_keys` column: its live source records as
 * `source:key` joined by {@link SOURCE_KEYS_SEPARATOR} in any order (`xwines:100001,lwin:1014211`), or
 * null for a wine without any. The wine statements read the column in the same round trip as the
 * wine (wines.repository.ts `liveSourceKeys`), so a detail or a list page is one statement. Keys hold
 * no separator: LWIN7 and GTIN-14 are digits, an X-Wines WineID a whole number. A key of an unknown
 * source is left out.
 */
export function wineOriginOf(sourceKeys: string | null): WineOrigin {
  const origin: WineOrigin = { identifiers: { lwin: null, gtin: [], xwines: null }, sources: [] };
  if (sourceKeys === null || sourceKeys === "") return origin;
  const ids = origin.identifiers;
  for (const entry of sourceKeys.split(SOURCE_KEYS_SEPARATOR)) {
    const colon = entry.indexOf(":");
    const source = entry.slice(0, colon) as SourceName;
    const key = entry.slice(colon + 1);
    if (source === "lwin") ids.lwin = ids.lwin === null || key < ids.lwin ? key : ids.lwin;
    else if (source === "off") ids.gtin.push(key);
    else if (source === "xwines") {
      const n = Number(key);
      if (Number.isSafeInteger(n)) ids.xwines = ids.xwines === null ? n : Math.min(ids.xwines, n);
    } else continue;
    if (!origin.sources.includes(source)) origin.sources.push(source);
  }
  ids.gtin.sort();
  origin.sources.sort((a, b) => SOURCE_ORDER.indexOf(a) - SOURCE_ORDER.indexOf(b));
  return origin;
}

/** Codes of a list request (`?lwin=`, `?gtin=`), as given. */
export interface CodeQuery {
  lwin?: string;
  gtin?: string;
}

/**
 * The ids of the wines the codes name (ascending; both given: the wines both name), or null when
 * neither is given. `lwin`: 7 digits (the schema checks the form). `gtin`: GTIN-8, -12, -13 or -14,
 * normalised by `normalizeGtin` (domain/gtin.ts) to the GTIN-14 the catalogue keeps.
 * @throws AppError 422 validation_failed on `gtin` when its length or check digit is wrong.
 */
export async function wineIdsByCode(db: Kysely<Database>, codes: CodeQuery): Promise<number[] | null> {
  let gtin: string | null = null;
  if (codes.gtin !== undefined) {
    gtin = normalizeGtin(codes.gtin);
    if (gtin === null) {
      throw AppError.validation(
        "gtin",
        "The gtin field must be a GTIN-8, GTIN-12, GTIN-13 or GTIN-14 with a valid check digit.",
      );
    }
  }
  let ids: number[] | null = null;
  if (codes.lwin !== undefined) ids = await wineIdsByKey(db, "lwin", codes.lwin);
  if (gtin !== null) {
    const byGtin = await wineIdsByKey(db, "off", gtin);
    ids = ids === null ? byGtin : ids.filter((id) => byGtin.includes(id));
  }
  return ids;
}

/** Most merges followed from a merged wine to the wine it lives on as (a longer chain is a 410). */
export const MAX_MERGE_HOPS = 5;

/** Where a wine that is not in the catalogue is: retired, merged into a live wine, or never was. */
export type WineWhereabouts = { kind: "retired" } | { kind: "merged"; into: number } | { kind: "unknown" };

/**
 * Where wine `id` (not in the catalogue) went: `merged` into the live wine at the end of its chain of
 * merges (at most {@link MAX_MERGE_HOPS}), `retired` when its source deleted it — or when its chain
 * ends at a retired wine, loops, runs longer or ends at an unknown id — else `unknown` (404).
 */
export async function wineWhereabouts(db: Kysely<Database>, id: number): Promise<WineWhereabouts> {
  let row = await retiredWine(db, id);
  if (row === undefined) return { kind: "unknown" };
  const seen = new Set<number>([id]);
  for (let hop = 0; hop < MAX_MERGE_HOPS; hop++) {
    if (row.status !== "merged" || row.merged_into === null) return { kind: "retired" };
    const next = Number(row.merged_into);
    if (seen.has(next)) return { kind: "retired" };
    seen.add(next);
    if (await wineExists(db, next)) return { kind: "merged", into: next };
    row = await retiredWine(db, next);
    if (row === undefined) return { kind: "retired" };
  }
  return { kind: "retired" };
}

/** Whether wine `id` left the catalogue (retired or merged): one primary-key lookup. */
export async function isRetiredWine(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await retiredWine(db, id)) !== undefined;
}

/**
 * The 410 of a retired wine, `{"message": "Wine {id} was withdrawn by its source.", "code": "gone"}`.
 */
export const wineGone = (id: number): AppError =>
  new AppError("gone", `Wine ${id} was withdrawn by its source and is no longer in the catalogue.`);

/**
 * The answer for wine `id`, not in the catalogue, on a route addressed by a wine id: for a merged
 * wine the 301's body and `Location`: `url` (the request's path and query as received) with the
 * survivor's id in place of its last path segment, absolute on `linkBase` like every link.
 * @throws AppError 410 gone for a retired wine, 404 not_found for an id the catalogue never had.
 */
export async function wineMoved(
  db: Kysely<Database>,
  id: number,
  url: string,
  linkBase: string,
): Promise<{ message: string; location: string }> {
  const where = await wineWhereabouts(db, id);
  if (where.kind === "unknown") throw AppError.notFound("Wine");
  if (where.kind === "retired") throw wineGone(id);
  const at = url.indexOf("?");
  const path = (at < 0 ? url : url.slice(0, at)).replace(/[^/]*$/, String(where.into));
  return {
    message: `Wine ${id} was merged into wine ${where.into}.`,
    location: `${linkBase}${path}${at < 0 ? "" : url.slice(at)}`,
  };
}

/** One source as `GET /v1/sources` lists it: the licence table's facts and its last import. */
export interface SourceListing {
  name: SourceName;
  title: string;
  homepage: string;
  licence: { name: string; url: string; terms: string[] };
  attribution: string;
  contributes: string;
  /** The release (file name, date) imported last; null when never imported or not recorded. */
  release: string | null;
  /** When that import ended (RFC 3339); null when not recorded. */
  imported_at: string | null;
  /** Live records of the source in the catalogue. */
  records: number;
}

/**
 * Every source of the licence table (source-licences.ts) with its last import: release and time from
 * `catalogue_sources`, the live records as the import counted them, counted in `wine_sources` for a
 * source whose import recorded none.
 */
export async function listSources(db: Kysely<Database>): Promise<SourceListing[]> {
  const rows = new Map((await catalogueSourceRows(db)).map((r) => [r.source, r]));
  const counted = SOURCE_LICENCES.every((s) => rows.has(s.name)) ? null : await liveRecordCounts(db);
  return SOURCE_LICENCES.map((s) => {
    const row = rows.get(s.name);
    return {
      ...s,
      licence: { ...s.licence, terms: [...s.licence.terms] },
      release: row?.release ?? null,
      imported_at: row?.imported_at ?? null,
      records: row === undefined ? (counted?.get(s.name) ?? 0) : Number(row.records),
    };
  });
}
