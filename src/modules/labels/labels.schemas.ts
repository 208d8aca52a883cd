/** Schemas of POST /photo/analyze (docs/interface.md §2 "Photo analysis response", §4). */
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
  confidence: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      "Probability (0–1) that this is the wine on the label, given the other candidates: it reflects the candidate's margin over the next one (an addition to the original interface)",
  }),
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
  ambiguous: Type.Boolean({
    description:
      "True when the label does not single out one wine: the best candidate's confidence is below 0.6, e.g. several wines share the words read (two namesakes the label cannot tell apart get 0.5 each). False when there are no candidates. An addition to the original interface.",
  }),
});
