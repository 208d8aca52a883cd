/** Schemas of the content endpoints (docs/interface.md §7: region insights, drinking periods). */
import { Type } from "typebox";
import { LangQuery, LanguageSchema } from "../../http/schemas.ts";

/** `regionId` is checked by `parseId` (a malformed id is a 404, as for an unknown one). */
export const RegionInsightParams = Type.Object({ regionId: Type.String({ examples: ["1001"] }) });

/** `wineId` is checked by `parseId` (a malformed id is a 404, as for an unknown one). */
export const DrinkingPeriodParams = Type.Object({ wineId: Type.String({ examples: ["100001"] }) });

/** The query of both content endpoints: the response language only. */
export const ContentQuery = Type.Object({ lang: LangQuery });

/** A region insight in one language; `key_grapes` name grapes in that language. */
export const RegionInsightResponse = Type.Object({
  id: Type.Integer(),
  region_id: Type.Integer(),
  lang: LanguageSchema,
  summary: Type.String(),
  climate_and_terroir: Type.String(),
  signature_styles: Type.Array(Type.String()),
  key_grapes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

/** A drinking window in one language, in years after the vintage (0 <= from <= to <= 100). */
export const DrinkingPeriodResponse = Type.Object({
  id: Type.Integer(),
  wine_id: Type.Integer(),
  lang: LanguageSchema,
  from: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: "Start of the window, years after the vintage",
  }),
  to: Type.Integer({ minimum: 0, maximum: 100, description: "End of the window, years after the vintage" }),
  statement: Type.String(),
  young: Type.String(),
  ripe: Type.String(),
  storage: Type.String(),
});
