/**
 * POST /photo/analyze (Enterprise): a label photo in, the labels read and the matching wines out
 * (docs/interface.md §2 and §4; docs/decisions.md "Errors" for the failure answers).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthErrors, ErrorBody } from "../../http/schemas.ts";
import { decodePhoto } from "./image.ts";
import { PhotoAnalyzeBody, PhotoAnalyzeQuery, PhotoAnalyzeResponse } from "./labels.schemas.ts";
import { analyzePhoto } from "./labels.service.ts";

const labelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/photo/analyze",
    {
      config: { ability: "photo:analyze", feature: "photo" },
      schema: {
        tags: ["photo"],
        summary: "Enterprise: match a label photo to wines",
        querystring: PhotoAnalyzeQuery,
        body: PhotoAnalyzeBody,
        response: {
          200: PhotoAnalyzeResponse,
          400: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
          ...AuthErrors,
        },
      },
    },
    async (request) => {
      const image = await decodePhoto(request.body.photo);
      return analyzePhoto(app.catalogueDb, app.labels, image.bytes, {
        maxResults: request.body.max_results,
        lang: request.lang,
      });
    },
  );
};

export default labelRoutes;
