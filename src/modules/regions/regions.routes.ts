/** GET /regions, /regions/{id}. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { regionName } from "../../domain/region-name.ts";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import { AppError } from "../../errors.ts";
import { markLanguage, pickLanguage } from "../../http/language.ts";
import { offsetOf, pageEnvelope, parseId, requireTrimmed } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, IdParams, isTrue } from "../../http/schemas.ts";
import { INCLUDED_WINES_MAX } from "../producers/producers.routes.ts";
import { winesOfRegion } from "../wines/wines.repository.ts";
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
    async (request, reply) => {
      const q = request.query;
      requireTrimmed("search", q.search, 2);
      const lang = pickLanguage(q.lang, request.headers["accept-language"]);
      const page = { page: q.page, perPage: q.per_page };
      const { total, rows } = await listRegions(
        app.db,
        { country: q.country, search: q.search },
        offsetOf(page),
        page.perPage,
      );
      markLanguage(reply, lang);
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
        params: IdParams,
        querystring: RegionDetailQuery,
        response: { 200: RegionDetailResponse, 404: ErrorBody, ...AuthErrors },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const region = id === null ? undefined : await findRegion(app.db, id);
      if (!region) throw AppError.notFound("Region");
      const lang = pickLanguage(request.query.lang, request.headers["accept-language"]);
      const include = isTrue(request.query.include_wines);
      const wines = await winesOfRegion(app.db, region.id, include ? INCLUDED_WINES_MAX : 0);
      markLanguage(reply, lang);
      return {
        data: {
          id: region.id,
          name: regionName(region, lang),
          country: region.country,
          language: lang,
          wines_count: wines.total,
          ...(include
            ? {
                wines: wines.rows.map((w) => ({
                  id: w.id,
                  display_name: w.display_name,
                  color: w.color,
                  producer_id: w.producer_id,
                  region_id: w.region_id,
                  residual_sugar: localizeResidualSugar(w.residual_sugar, lang),
                  producer: { id: w.producer_id, name: w.producer_name, title: w.producer_title },
                })),
              }
            : {}),
        },
      };
    },
  );
};

export default regionRoutes;
