/**
 * POST /photo/analyze (Enterprise). Validates the request and decodes the photo; recognition itself
 * is not built yet, so a valid photo gets the honest 503 `service_unavailable` of decisions.md
 * rather than an invented result.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AppError } from "../../errors.ts";
import { AuthErrors, ErrorBody, LangQuery } from "../../http/schemas.ts";
import { decodePhoto } from "./image.ts";

const labelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/photo/analyze",
    {
      config: { ability: "photo:analyze", enterprise: true },
      schema: {
        tags: ["photo"],
        summary: "Enterprise: match a label photo to wines",
        querystring: Type.Object({ lang: LangQuery }),
        body: Type.Object({
          photo: Type.String({
            minLength: 1,
            description: "Base64 image; a data:image/...;base64, prefix is allowed",
          }),
          max_results: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
        }),
        response: { 400: ErrorBody, 413: ErrorBody, 503: ErrorBody, ...AuthErrors },
      },
    },
    async (request) => {
      await decodePhoto(request.body.photo);
      throw new AppError("service_unavailable", "Label recognition is not available on this server yet.");
    },
  );
};

export default labelRoutes;
