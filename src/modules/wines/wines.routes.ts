/** GET /wines, /wines/search, /wines/{id}. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { AppError } from "../../errors.ts";
import { MAX_AGE_S } from "../../http/conditional.ts";
import { offsetOf, pageEnvelope, parseId, requestUrlWith, requireTrimmed } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, idParams } from "../../http/schemas.ts";
import { MovedBody } from "../sources/sources.schemas.ts";
import { wineIdsByCode, wineMoved } from "../sources/sources.service.ts";
import { changesPage, decodeCursor, encodeCursor, parseUpdatedSince } from "./wine-changes.service.ts";
import { presentWineDetail, presentWineListItem } from "./wine-presenter.ts";
import {
  findWine,
  listWines,
  searchRowsByIds,
  type WineFilters,
  type WineListRow,
  wineSummariesByIds,
} from "./wines.repository.ts";
import {
  LangOnlyQuery,
  WineDetail,
  WineListQuery,
  WineListResponse,
  WineSearchQuery,
  WineSearchResponse,
} from "./wines.schemas.ts";

const wineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { ability: "wines:read" as const };
  const cached = { ...config, cache: true };
  // The detail carries generated texts (description, tasting notes, pairing): a shorter lifetime.
  const cachedTexts = { ...cached, maxAge: MAX_AGE_S.texts };
  const { positions, regions } = app.wineLists;

  /**
   * A page of the list in `lang`: from memory without a producer filter (positions and rows), else by
   * one statement; with `codes` (the wines an lwin/gtin names) those wines that pass the filters. The
   * regions are held in memory.
   */
  const listPage = async (
    filters: WineFilters,
    codes: number[] | null,
    offset: number,
    limit: number,
    lang: Language,
  ) => {
    const at = await app.catalogueVersion.current();
    let total: number;
    let rows: WineListRow[];
    if (codes !== null) {
      const matching = (await wineSummariesByIds(app.catalogueDb, codes)).filter(
        (w) =>
          (filters.color === undefined || w.color === filters.color) &&
          (filters.subType === undefined || w.sub_type === filters.subType) &&
          (filters.producerId === undefined || w.producer_id === filters.producerId) &&
          (filters.regionId === undefined || w.region_id === filters.regionId),
      );
      total = matching.length;
      rows = matching.slice(offset, offset + limit);
    } else if (filters.producerId !== undefined) {
      ({ total, rows } = await listWines(app.catalogueDb, filters, offset, limit));
    } else {
      const page = await positions.page(at, filters, offset, limit);
      total = page.total;
      rows = await positions.rows(at, page.ids);
    }
    const regionOf = await regions.of(
      at,
      rows.map((w) => w.region_id),
    );
    // A wine always has a region (foreign key), so it is found unless deleted meanwhile by an import.
    const items = rows.flatMap((w) => {
      const region = regionOf.get(w.region_id);
      return region === undefined ? [] : [presentWineListItem(w, lang, region)];
    });
    return { total, items };
  };

  /** The `updated_since` feed's page: its own envelope (cursor links), never stored in the cache. */
  const changes = async (
    request: FastifyRequest,
    since: string,
    cursor: string | undefined,
    perPage: number,
  ) => {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    const at = await app.catalogueVersion.current();
    const { items, next, total } = await changesPage(
      app.catalogueDb,
      since,
      after,
      perPage,
      request.lang,
      (ids) => regions.of(at, ids),
    );
    request.doNotCache();
    return {
      data: items,
      meta: {
        current_page: 1,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
        from: items.length > 0 ? 1 : null,
        to: items.length > 0 ? items.length : null,
      },
      links: {
        first: requestUrlWith(request, { page: null, cursor: null }),
        last: requestUrlWith(request, { page: null }),
        prev: null,
        next: next === null ? null : requestUrlWith(request, { page: null, cursor: encodeCursor(next) }),
      },
    };
  };

  app.get(
    "/wines",
    {
      config: cached,
      schema: {
        tags: ["wines"],
        summary: "Paginated list of wines with filters",
        querystring: WineListQuery,
        response: { 200: WineListResponse, ...AuthErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = { page: q.page, perPage: q.per_page };
      const filters = {
        color: q.color,
        subType: q.sub_type,
        producerId: q.producer_id,
        regionId: q.region_id,
      };
      if (q.updated_since !== undefined) {
        const others = (["color", "sub_type", "producer_id", "region_id", "lwin", "gtin"] as const).filter(
          (name) => q[name] !== undefined,
        );
        if (others.length > 0) {
          throw AppError.validation(
            "updated_since",
            `The updated_since field cannot be combined with ${others.join(", ")}: the feed lists every change.`,
          );
        }
        return changes(request, parseUpdatedSince(q.updated_since), q.cursor, page.perPage);
      }
      if (q.cursor !== undefined) {
        throw AppError.validation("cursor", "The cursor field is only accepted with updated_since.");
      }
      const codes = await wineIdsByCode(app.catalogueDb, { lwin: q.lwin, gtin: q.gtin });
      const { total, items } = await listPage(filters, codes, offsetOf(page), page.perPage, request.lang);
      return pageEnvelope(request, page, total, items);
    },
  );

  app.get(
    "/wines/search",
    {
      config: cached,
      schema: {
        tags: ["wines"],
        summary: "Search wines by name or producer (typo-tolerant, as-you-type)",
        querystring: WineSearchQuery,
        // 503 (Retry-After) only right after a start, while the search index is first built.
        response: { 200: WineSearchResponse, 503: ErrorBody, ...AuthErrors },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      requireTrimmed("q", q, 3);
      const { ids, total, version } = await app.wineSearch.searchAt(q, limit);
      // An answer from the index of an earlier catalogue (an import is being indexed) is not stored.
      if (version !== request.cacheSlot?.version) request.doNotCache();
      const rows = await searchRowsByIds(app.catalogueDb, ids);
      const lang = request.lang;
      return {
        data: rows.map((w) => ({ ...w, residual_sugar: localizeResidualSugar(w.residual_sugar, lang) })),
        // total_matches counts the index's matches (a wine gone from the rows since is still counted).
        meta: { query: q, count: rows.length, total_matches: Math.max(total, rows.length) },
      };
    },
  );

  app.get(
    "/wines/:id",
    {
      config: cachedTexts,
      schema: {
        tags: ["wines"],
        summary: "Wine detail (not wrapped in data)",
        params: idParams("100001"),
        querystring: LangOnlyQuery,
        response: { 200: WineDetail, 301: MovedBody, 404: ErrorBody, 410: ErrorBody, ...AuthErrors },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const lang = request.lang;
      // The wine's row from the catalogue database (the replica, when there is one), its texts from
      // the primary: a missing language queues a job there, and a text generated a moment ago is
      // seen at once, replication lag or not. Both are keyed by the wine's id, which an import keeps.
      // Without a replica the stored texts come with the wine's row, in the same statement.
      const sameDb = app.catalogueDb === app.db;
      const wine = id === null ? undefined : await findWine(app.catalogueDb, id, sameDb ? lang : null);
      if (!wine) {
        if (id === null) throw AppError.notFound("Wine");
        const moved = await wineMoved(app.catalogueDb, id, request.url, request.linkBase);
        return reply.code(301).header("location", moved.location).send(moved);
      }
      const texts = wine.texts ?? (await app.content.wineTexts(wine.id, lang));
      if (!texts) throw new AppError("internal_error", "Wine texts are missing.");
      // English while the wanted language is generated: not final, so not stored.
      if (texts.lang !== lang) request.doNotCache();
      return presentWineDetail(wine, texts, lang);
    },
  );
};

export default wineRoutes;
