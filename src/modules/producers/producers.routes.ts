/** GET /producers, /producers/{id}. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AppError } from "../../errors.ts";
import { offsetOf, pageEnvelope, parseId, requireTrimmed } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, idParams, isTrue } from "../../http/schemas.ts";
import { INCLUDED_WINES_MAX } from "../wines/wines.schemas.ts";
import { includedWines } from "../wines/wines.service.ts";
import { findProducer, listProducers } from "./producers.repository.ts";
import {
  ProducerDetailQuery,
  ProducerDetailResponse,
  ProducerListQuery,
  ProducerListResponse,
} from "./producers.schemas.ts";

const producerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { ability: "producers:read" as const, cache: true };

  app.get(
    "/producers",
    {
      config,
      schema: {
        tags: ["producers"],
        summary: "Paginated list of producers",
        querystring: ProducerListQuery,
        response: { 200: ProducerListResponse, ...AuthErrors },
      },
    },
    async (request) => {
      requireTrimmed("search", request.query.search, 2);
      const page = { page: request.query.page, perPage: request.query.per_page };
      const { total, rows } = await listProducers(
        app.catalogueDb,
        request.query.search,
        offsetOf(page),
        page.perPage,
      );
      return pageEnvelope(request, page, total, rows);
    },
  );

  app.get(
    "/producers/:id",
    {
      config,
      schema: {
        tags: ["producers"],
        summary: "Producer detail, optionally with its wines",
        params: idParams("10001"),
        querystring: ProducerDetailQuery,
        response: { 200: ProducerDetailResponse, 404: ErrorBody, ...AuthErrors },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const producer = id === null ? undefined : await findProducer(app.catalogueDb, id);
      if (!producer) throw AppError.notFound("Producer");
      const include = isTrue(request.query.include_wines);
      const wines = await includedWines(
        app.catalogueDb,
        { producerId: producer.id },
        include ? INCLUDED_WINES_MAX : 0,
        request.lang,
      );
      return {
        data: {
          ...producer,
          wines_count: wines.total,
          ...(include ? { wines: wines.wines } : {}),
        },
      };
    },
  );
};

export default producerRoutes;
