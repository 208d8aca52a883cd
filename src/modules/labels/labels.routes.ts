/**
 * POST /photo/analyze (Enterprise): a label photo in, the labels read and the matching wines out
 * (interface.md parts 2 and 4; decisions.md "Errors" for the failure answers).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { markLanguage, pickLanguage } from "../../http/language.ts";
import {
  AuthErrors,
  ColorSchema,
  ErrorBody,
  LangQuery,
  Nullable,
  SubTypeSchema,
  WineTypeSchema,
} from "../../http/schemas.ts";
import { decodePhoto } from "./image.ts";
import { analyzePhoto } from "./labels.service.ts";
import type { PhotoReader } from "./ocr-pool.ts";

const Candidate = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  color: ColorSchema,
  type: WineTypeSchema,
  sub_type: SubTypeSchema,
  residual_sugar: Nullable(Type.String()),
  producer: Type.Object({ id: Type.Integer(), name: Type.String(), title: Nullable(Type.String()) }),
  region: Type.Object({ id: Type.Integer(), name: Type.String(), country: Type.String() }),
});

const DetectedLabel = Type.Object({
  producer_name: Type.String(),
  wine_name: Type.String(),
  vintage: Nullable(Type.Integer()),
  color: Type.String({ description: "red, white, rose, or empty when unknown" }),
  region_name: Type.String(),
  country: Type.String(),
});

export interface LabelRouteOptions {
  read: PhotoReader;
  timeoutMs: number;
}

const labelRoutes: FastifyPluginAsyncTypebox<LabelRouteOptions> = async (app, { read, timeoutMs }) => {
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
          max_results: Type.Integer({
            minimum: 1,
            maximum: 50,
            default: 10,
            description: "Candidates per label",
          }),
        }),
        response: {
          200: Type.Object({
            message: Type.Enum(["ok", "no_label_detected"]),
            detected_labels: Type.Array(DetectedLabel),
            candidates: Type.Array(Candidate),
          }),
          400: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
          ...AuthErrors,
        },
      },
    },
    async (request, reply) => {
      const image = await decodePhoto(request.body.photo);
      const lang = pickLanguage(request.query.lang, request.headers["accept-language"]);
      const result = await analyzePhoto(app.db, read, image.bytes, {
        maxResults: request.body.max_results,
        lang,
        timeoutMs,
      });
      markLanguage(reply, lang);
      return result;
    },
  );
};

export default labelRoutes;
