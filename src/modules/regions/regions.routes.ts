/** GET /regions, /regions/{id}. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { regionName } from "../../domain/region-name.ts";
import { AppError } from "../../errors.ts";
import { offsetOf, pageEnvelope, parseId, requireTrimmed } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, idParams, isTrue } from "../../http/schemas.ts";
import { INCLUDED_WINES_MAX } from "../wines/wines.schemas.ts";
import { includedWines } from "../wines/wines.service.ts";
import { findRegion, listRegions } from "./regions.repository.ts";
import {
  RegionDetailQuery,
  RegionDetailResponse,
  RegionListQuery,
  RegionListResponse,
} from "./regions.schemas.ts";

const regionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { ability: "regions:read" as const, cache: true };

  app.get(
    "/regions",
    {
      config,
      schema: {
        tags: ["regions"],
        summary: "Paginated list of regions, names in the response language",
        querystring: RegionListQuery,
        response: { 200: RegionListResponse, ...AuthErrors },
      },
    },
    async (request) => {
      const q = request.query;
      requireTrimmed("search", q.search, 2);
      const lang = request.lang;
      const page = { page: q.page, perPage: q.per_page };
      const { total, rows } = await listRegions(
        app.catalogueDb,
        { country: q.country, search: q.search },
        offsetOf(page),
        page.perPage,
      );
      const envelope = pageEnvelope(
        request,
        page,
        total,
        rows.map((r) => ({ id: r.id, name: regionName(r, lang), country: r.country, language: lang })),
      );
      return { ...envelope, meta: { ...envelope.meta, language: lang } };
    },
  );

  app.get(
    "/regions/:id",
    {
      config,
      schema: {
        tags: ["regions"],
        summary: "Region detail, optionally with its wines",
        params: idParams("1001"),
        querystring: RegionDetailQuery,
        response: { 200: RegionDetailResponse, 404: ErrorBody, ...AuthErrors },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const region = id === null ? undefined : await findRegion(app.catalogueDb, id);
      if (!region) throw AppError.notFound("Region");
      const lang = request.lang;
      const include = isTrue(request.query.include_wines);
      const wines = await includedWines(
        app.catalogueDb,
        { regionId: region.id },
        include ? INCLUDED_WINES_MAX : 0,
        lang,
      );
      return {
        data: {
          id: region.id,
          name: regionName(region, lang),
          country: region.country,
          language: lang,
          wines_count: wines.total,
          ...(include ? { wines: wines.wines } : {}),
        },
      };
    },
  );
};

export default regionRoutes;
