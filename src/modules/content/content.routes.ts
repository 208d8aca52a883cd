/**
 * GET /region-insights/{regionId} and /drinking-periods/{wineId}: stored content, or the 404
 * `{error, generating}` of docs/interface.md §7 with `Retry-After: 30` while a job is queued.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { MAX_AGE_S } from "../../http/conditional.ts";
import { parseId } from "../../http/pagination.ts";
import { AuthErrors, ErrorBody, GeneratingBody } from "../../http/schemas.ts";
import { MovedBody } from "../sources/sources.schemas.ts";
import { isRetiredWine, wineMoved } from "../sources/sources.service.ts";
import {
  ContentQuery,
  DrinkingPeriodParams,
  DrinkingPeriodResponse,
  RegionInsightParams,
  RegionInsightResponse,
} from "./content.schemas.ts";
import { INSIGHT_MISSING, PERIOD_MISSING } from "./content.service.ts";

/** Seconds a client is told to wait before asking again for content being generated. */
export const GENERATING_RETRY_AFTER = 30;

/**
 * The 404 `{error, generating}`. Its message is English whatever was asked, as every error's, so it
 * carries no Content-Language; it keeps `Vary: Accept-Language`, since whether the content exists
 * (or is being generated) depends on the language asked.
 */
function notFound(reply: FastifyReply, missing: { generating: boolean; error: string }) {
  reply.removeHeader("content-language");
  if (missing.generating) reply.header("Retry-After", GENERATING_RETRY_AFTER);
  return reply.code(404).send({ error: missing.error, generating: missing.generating });
}

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/region-insights/:regionId",
    {
      config: { ability: "insights:read", cache: true, maxAge: MAX_AGE_S.texts },
      schema: {
        tags: ["content"],
        summary: "Region insight text",
        params: RegionInsightParams,
        querystring: ContentQuery,
        response: { 200: RegionInsightResponse, 404: GeneratingBody, ...AuthErrors },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const id = parseId(request.params.regionId);
      const result =
        id === null
          ? { found: false as const, generating: false, error: INSIGHT_MISSING }
          : await app.content.regionInsight(id, lang);
      if (!result.found) return notFound(reply, result);
      const row = result.content;
      return {
        id: row.id,
        region_id: row.region_id,
        lang,
        summary: row.summary,
        climate_and_terroir: row.climate_and_terroir,
        signature_styles: JSON.parse(row.signature_styles) as string[],
        key_grapes: JSON.parse(row.key_grapes) as { id: number; name: string }[],
      };
    },
  );

  app.get(
    "/drinking-periods/:wineId",
    {
      config: { ability: "drinking-periods:read", cache: true, maxAge: MAX_AGE_S.texts },
      schema: {
        tags: ["content"],
        summary: "Drinking window of a wine",
        params: DrinkingPeriodParams,
        querystring: ContentQuery,
        response: {
          200: DrinkingPeriodResponse,
          301: MovedBody,
          404: GeneratingBody,
          410: ErrorBody,
          ...AuthErrors,
        },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const id = parseId(request.params.wineId);
      // A wine that left the catalogue: 410, or 301 to the wine it was merged into (a PK lookup).
      if (id !== null && (await isRetiredWine(app.catalogueDb, id))) {
        const moved = await wineMoved(app.catalogueDb, id, request.url, request.linkBase);
        return reply.code(301).header("location", moved.location).send(moved);
      }
      const result =
        id === null
          ? { found: false as const, generating: false, error: PERIOD_MISSING }
          : await app.content.drinkingPeriod(id, lang);
      if (!result.found) return notFound(reply, result);
      // Out of date and being written again: answered, but not final.
      if (result.refreshing) request.doNotCache();
      const row = result.content;
      return {
        id: row.id,
        wine_id: row.wine_id,
        lang,
        from: row.from_years,
        to: row.to_years,
        statement: row.statement,
        young: row.young,
        ripe: row.ripe,
        storage: row.storage,
      };
    },
  );
};

export default contentRoutes;
