/**
 * The `GET /wines?updated_since=` feed: every wine changed at or after a time, catalogue wines and
 * wines taken out of it (retired, merged) alike, in (updated_at, id) order, paged by an opaque cursor
 * that holds the last row's (updated_at, id). A page starts strictly after its cursor, so paging
 * misses and repeats no row; a wine that changes while a client pages gets a later updated_at and
 * comes again further on, with its new state (a mirror applies rows in order and ends up current).
 */
import type { Kysely } from "kysely";
import type { Static } from "typebox";
import type { Database } from "../../db/types.ts";
import { regionName } from "../../domain/region-name.ts";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import type { Color, Language, SubType, WineType } from "../../domain/vocabulary.ts";
import { AppError } from "../../errors.ts";
import { NO_IDENTIFIERS } from "../sources/sources.service.ts";
import {
  type ChangedWineRow,
  changedWines,
  countChangedWines,
  type FeedPosition,
  producersByIds,
} from "./wine-changes.repository.ts";
import { presentWineListItem } from "./wine-presenter.ts";
import { type SummaryRegion, wineSummariesByIds } from "./wines.repository.ts";
import type { WineListItem } from "./wines.schemas.ts";

/** A feed item: a `GET /wines` list item. */
export type FeedItem = Static<typeof WineListItem>;

/**
 * `updated_since` as the UTC form the catalogue stores (`Date.toISOString`, milliseconds; finer
 * fractions are cut, which can only widen the feed). The schema checks the RFC 3339 form (§5.6,
 * offset required); this checks the date exists.
 * @throws AppError 422 validation_failed on `updated_since` for a date or time that does not exist.
 */
export function parseUpdatedSince(raw: string): string {
  const problem = () =>
    AppError.validation("updated_since", "The updated_since field must be an RFC 3339 time with an offset.");
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/.exec(
    raw,
  );
  if (m === null) throw problem();
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const daysInMonth = new Date(Date.UTC(year as number, month as number, 0)).getUTCDate();
  const offsetOk = m[9] === undefined || (Number(m[10]) <= 23 && Number(m[11]) <= 59);
  if (
    (month as number) < 1 ||
    (month as number) > 12 ||
    (day as number) < 1 ||
    (day as number) > daysInMonth ||
    (hour as number) > 23 ||
    (minute as number) > 59 ||
    (second as number) > 60 ||
    !offsetOk
  )
    throw problem();
  // A leap second (:60) is taken as the next second, as Date does not know leap seconds.
  const fraction = (m[7] ?? "").slice(0, 4).padEnd(4, "0").slice(1) || "000";
  const offset = m[9] === undefined ? "Z" : `${m[9]}${m[10]}:${m[11]}`;
  const ms = Date.parse(`${m.slice(1, 4).join("-")}T${m[4]}:${m[5]}:00.${fraction}${offset}`);
  if (!Number.isFinite(ms)) throw problem();
  const time = new Date(ms + (second as number) * 1000);
  if (time.getUTCFullYear() < 1 || time.getUTCFullYear() > 9999) throw problem();
  return time.toISOString();
}

/** The cursor of a feed position: base64url of `[updated_at, id]` (opaque to clients). */
export const encodeCursor = (p: FeedPosition): string =>
  Buffer.from(JSON.stringify([p.updatedAt, p.id])).toString("base64url");

/**
 * The feed position of a cursor made by {@link encodeCursor}.
 * @throws AppError 422 validation_failed on `cursor` for anything else.
 */
export function decodeCursor(raw: string): FeedPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [updatedAt, id] = value;
      if (
        typeof updatedAt === "string" &&
        updatedAt.length <= 40 &&
        Number.isSafeInteger(id) &&
        (id as number) >= 0
      )
        return { updatedAt, id: id as number };
    }
  } catch {
    // not JSON: refused below
  }
  throw AppError.validation("cursor", "The cursor is not one this service gave; follow links.next.");
}

/** A retired or merged wine's list facts as kept when it left the catalogue. */
interface Snapshot {
  display_name: string;
  color: Color;
  type: WineType;
  sub_type: SubType;
  residual_sugar: string | null;
  producer_id: number;
  region_id: number;
}

/** One page of the feed: its items, the position after it (null at the end) and rows from its start. */
export interface ChangesPage<T> {
  items: T[];
  next: FeedPosition | null;
  total: number;
}

/**
 * A page of at most `perPage` feed rows after `after` (null: from `since` on), presented as list
 * items in `lang`; `regionsOf` gives the country and names of regions (the wine routes' cache).
 * A retired or merged wine is shown from its snapshot, with no identifiers (its records are retired)
 * and, should its producer or region be gone too, empty names.
 */
export async function changesPage(
  db: Kysely<Database>,
  since: string,
  after: FeedPosition | null,
  perPage: number,
  lang: Language,
  regionsOf: (ids: number[]) => Promise<ReadonlyMap<number, SummaryRegion>>,
): Promise<ChangesPage<FeedItem>> {
  const from = after ?? { updatedAt: since, id: 0 };
  // With `since` as the start: (since, 0) < every row at `since` (ids are ≥ 1).
  const [rows, total] = await Promise.all([
    changedWines(db, since, from, perPage + 1),
    countChangedWines(db, since, from),
  ]);
  const page = rows.slice(0, perPage);
  const last = page.at(-1);
  const next =
    rows.length > perPage && last !== undefined ? { updatedAt: last.updated_at, id: last.id } : null;

  const activeIds = page.filter((r) => r.status === "active").map((r) => r.id);
  const gone = page.filter((r) => r.status !== "active").map((r) => ({ row: r, facts: snapshotOf(r) }));
  const [summaries, producers] = await Promise.all([
    wineSummariesByIds(db, activeIds),
    producersByIds(db, [...new Set(gone.map((g) => g.facts.producer_id))]),
  ]);
  const regions = await regionsOf([
    ...new Set([...summaries.map((w) => w.region_id), ...gone.map((g) => g.facts.region_id)]),
  ]);
  const summaryById = new Map(summaries.map((w) => [w.id, w]));
  const producerById = new Map(producers.map((p) => [p.id, p]));
  const goneById = new Map(gone.map((g) => [g.row.id, g]));
  const noRegion: SummaryRegion = { country: "", name_de: "", name_en: "", name_fr: "", name_it: "" };

  const items = page.flatMap((r): FeedItem[] => {
    if (r.status === "active") {
      const w = summaryById.get(r.id);
      // Taken out between the two statements: it comes again, retired, later in the feed.
      if (w === undefined) return [];
      const item = presentWineListItem(w, lang, regions.get(w.region_id) ?? noRegion);
      // The feed's row and position agree even if the wine changed between the two statements.
      item.updated_at = r.updated_at;
      return [item];
    }
    const { facts } = goneById.get(r.id) as { facts: Snapshot };
    const producer = producerById.get(facts.producer_id);
    const region = regions.get(facts.region_id) ?? noRegion;
    return [
      {
        id: r.id,
        display_name: facts.display_name,
        color: facts.color,
        type: facts.type,
        sub_type: facts.sub_type,
        residual_sugar: localizeResidualSugar(facts.residual_sugar, lang),
        producer: {
          id: facts.producer_id,
          name: producer?.name ?? "",
          title: producer?.title ?? null,
          display_name: producer?.display_name ?? "",
        },
        region: {
          id: facts.region_id,
          name: regionName(region, lang),
          country: region.country,
          language: lang,
        },
        identifiers: NO_IDENTIFIERS,
        updated_at: r.updated_at,
        status: r.status,
        merged_into: r.merged_into === null ? null : Number(r.merged_into),
      },
    ];
  });
  return { items, next, total };
}

/** The snapshot of a retired row (JSON; missing fields become empty so that one bad row cannot fail a page). */
function snapshotOf(row: ChangedWineRow): Snapshot {
  let value: Partial<Snapshot> = {};
  try {
    value = JSON.parse(row.snapshot ?? "{}") as Partial<Snapshot>;
  } catch {
    // kept empty
  }
  return {
    display_name: String(value.display_name ?? ""),
    color: String(value.color ?? "") as Color,
    type: String(value.type ?? "") as WineType,
    sub_type: String(value.sub_type ?? "") as SubType,
    residual_sugar: typeof value.residual_sugar === "string" ? value.residual_sugar : null,
    producer_id: Number(value.producer_id ?? 0),
    region_id: Number(value.region_id ?? 0),
  };
}
