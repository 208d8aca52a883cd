/** GET /grapes, /grapes/{id} (shapes decided in docs/decisions.md "Resources"). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { grapeName } from "../../domain/grape-name.ts";
import { AppError } from "../../errors.ts";
import { offsetOf, pageEnvelope, parseId, requireTrimmed } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, idParams } from "../../http/schemas.ts";
import { findGrape, listGrapes } from "./grapes.repository.ts";
import {
  GrapeDetailQuery,
  GrapeDetailResponse,
  GrapeListQuery,
  GrapeListResponse,
} from "./grapes.schemas.ts";

const grapeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { ability: "grapes:read" as const, cache: true };

  app.get(
    "/grapes",
    {
      config,
      schema: {
        tags: ["grapes"],
        summary: "Paginated list of grape varieties, names in the response language",
        querystring: GrapeListQuery,
        response: { 200: GrapeListResponse, ...AuthErrors },
      },
    },
    async (request) => {
      const q = request.query;
      requireTrimmed("search", q.search, 2);
      const lang = request.lang;
      const page = { page: q.page, perPage: q.per_page };
      const { total, rows } = await listGrapes(app.catalogueDb, q.search, offsetOf(page), page.perPage);
      return pageEnvelope(
        request,
        page,
        total,
        rows.map((g) => ({ id: g.id, name: grapeName(g, lang), color: g.color })),
      );
    },
  );

  app.get(
    "/grapes/:id",
    {
      config,
      schema: {
        tags: ["grapes"],
        summary: "Grape variety detail",
        params: idParams("1"),
        querystring: GrapeDetailQuery,
        response: { 200: GrapeDetailResponse, 404: ErrorBody, ...AuthErrors },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const grape = id === null ? undefined : await findGrape(app.catalogueDb, id);
      if (!grape) throw AppError.notFound("Grape");
      const lang = request.lang;
      return {
        data: {
          id: grape.id,
          name: grapeName(grape, lang),
          color: grape.color,
          synonyms: JSON.parse(grape.synonyms) as string[],
          wines_count: grape.wines_count,
        },
      };
    },
  );
};

export default grapeRoutes;
