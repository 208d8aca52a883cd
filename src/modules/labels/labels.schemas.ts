/** Schemas of POST /photo/analyze (interface.md part 2 "Photo analysis request" and "response"). */
import { Type } from "typebox";
import { ColorSchema, LangQuery, Nullable, SubTypeSchema, WineTypeSchema } from "../../http/schemas.ts";

export const PhotoAnalyzeQuery = Type.Object({ lang: LangQuery });

export const PhotoAnalyzeBody = Type.Object({
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
});

/** A wine of the catalogue that matches the label. */
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

/** What the label says; strings are empty when unknown. */
const DetectedLabel = Type.Object({
  producer_name: Type.String(),
  wine_name: Type.String(),
  vintage: Nullable(Type.Integer()),
  color: Type.String({ description: "red, white, rose, or empty when unknown" }),
  region_name: Type.String(),
  country: Type.String(),
});

export const PhotoAnalyzeResponse = Type.Object({
  message: Type.Enum(["ok", "no_label_detected"]),
  detected_labels: Type.Array(DetectedLabel),
  candidates: Type.Array(Candidate),
});
