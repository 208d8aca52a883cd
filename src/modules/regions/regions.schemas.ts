/** Schemas of the region endpoints (docs/interface.md §2 "Region"). */
import { Type } from "typebox";
import {
  BooleanParam,
  ColorSchema,
  LangQuery,
  LanguageSchema,
  Nullable,
  PageEnvelope,
  PageQuery,
  ResidualSugarSchema,
} from "../../http/schemas.ts";

const RegionItem = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: "In the response language" }),
  country: Type.String({ description: "ISO 3166-1 alpha-2, upper case" }),
  language: LanguageSchema,
});

export const RegionListQuery = Type.Object({
  ...PageQuery,
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 2, description: "Country code, any case" })),
  search: Type.Optional(
    Type.String({ minLength: 2, maxLength: 200, description: "Name search in any language" }),
  ),
  lang: LangQuery,
});

export const RegionListResponse = PageEnvelope(RegionItem, true);

export const RegionDetailQuery = Type.Object({ include_wines: Type.Optional(BooleanParam), lang: LangQuery });

export const RegionDetailResponse = Type.Object({
  data: Type.Object({
    ...RegionItem.properties,
    wines_count: Type.Integer(),
    wines: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.Integer(),
          display_name: Type.String(),
          color: ColorSchema,
          producer_id: Type.Integer(),
          region_id: Type.Integer(),
          residual_sugar: ResidualSugarSchema,
          producer: Type.Object({ id: Type.Integer(), name: Type.String(), title: Nullable(Type.String()) }),
        }),
        { description: "At most 50; only with include_wines" },
      ),
    ),
  }),
});
