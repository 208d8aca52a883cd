/**
 * Names for the request and response shapes of the generated `paths` (openapi-types.ts), so callers
 * and the client can say `WineDetail` instead of a path lookup. Nothing here is written by hand but
 * the names: every shape comes from the service's OpenAPI document.
 */
import type { paths } from "./openapi-types.ts";

/** A language of the service's texts. */
export type Lang = "de" | "en" | "fr" | "it";

type Get<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
type GetOk<P extends keyof paths> =
  Get<P> extends {
    responses: { 200: { content: { "application/json": infer B } } };
  }
    ? B
    : never;
type GetQuery<P extends keyof paths> =
  Get<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * The query of `P` with the parameters that have a default in the service made optional (the
 * document lists them as required because they always have a value), and `lang` left to the
 * per-call option.
 */
export type QueryOf<P extends keyof paths, Defaulted extends string = never> = Omit<
  GetQuery<P>,
  Defaulted | "lang"
> &
  Partial<Pick<GetQuery<P>, Extract<Defaulted, keyof GetQuery<P>>>>;

/** Pagination envelope of the lists (wines, producers, regions, grapes). */
export type Page<T> = {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { next: string | null };
};

export type PingResponse = GetOk<"/ping">;
export type WineListPage = GetOk<"/wines">;
export type WineListItem = WineListPage["data"][number];
export type WineSearchResponse = GetOk<"/wines/search">;
export type WineSearchItem = WineSearchResponse["data"][number];
export type WineDetail = GetOk<"/wines/{id}">;
export type ProducerListPage = GetOk<"/producers">;
export type ProducerListItem = ProducerListPage["data"][number];
export type ProducerDetail = GetOk<"/producers/{id}">["data"];
export type RegionListPage = GetOk<"/regions">;
export type RegionListItem = RegionListPage["data"][number];
export type RegionDetail = GetOk<"/regions/{id}">["data"];
export type GrapeListPage = GetOk<"/grapes">;
export type GrapeListItem = GrapeListPage["data"][number];
export type GrapeDetail = GetOk<"/grapes/{id}">["data"];
export type RegionInsight = GetOk<"/region-insights/{regionId}">;
export type DrinkingPeriod = GetOk<"/drinking-periods/{wineId}">;
export type SourceList = GetOk<"/sources">;
/** One source of the catalogue: licence, attribution, last import (`GET /sources`). */
export type SourceItem = SourceList["data"][number];
/** A wine's keys in its sources: `{lwin, gtin, xwines}`. */
export type WineIdentifiers = WineDetail["identifiers"];
export type PhotoAnalysis = paths["/photo/analyze"]["post"]["responses"][200]["content"]["application/json"];

/** Filters of `wines.list` / `wines.page` (`page` and `per_page` optional). */
export type WineListQuery = QueryOf<"/wines", "page" | "per_page">;
/** Filters of `producers.list` / `producers.page`. */
export type ProducerListQuery = QueryOf<"/producers", "page" | "per_page">;
/** Filters of `regions.list` / `regions.page`. */
export type RegionListQuery = QueryOf<"/regions", "page" | "per_page">;
/** Filters of `grapes.list` / `grapes.page`. */
export type GrapeListQuery = QueryOf<"/grapes", "page" | "per_page">;
