/** Schemas of the producer endpoints (docs/interface.md §2 "Producer"). */
import { Type } from "typebox";
import {
  BooleanParam,
  ColorSchema,
  LangQuery,
  Nullable,
  PageEnvelope,
  PageQuery,
  ResidualSugarSchema,
} from "../../http/schemas.ts";

export const ProducerListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(
    Type.String({ minLength: 2, maxLength: 200, description: "Name search, at least 2 characters" }),
  ),
});

export const ProducerListResponse = PageEnvelope(
  Type.Object({ id: Type.Integer(), name: Type.String(), title: Nullable(Type.String()) }),
);

export const ProducerDetailQuery = Type.Object({
  include_wines: Type.Optional(BooleanParam),
  lang: LangQuery,
});

export const ProducerDetailResponse = Type.Object({
  data: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    title: Nullable(Type.String()),
    display_name: Type.String(),
    wines_count: Type.Integer(),
    wines: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.Integer(),
          display_name: Type.String(),
          vintage: Nullable(
            Type.Integer({
              description:
                "The vintage the wine's texts and drinking period refer to: null for a non-vintage wine; else the newest listed vintage already on sale under its appellation's release rules (decided at import)",
            }),
          ),
          color: ColorSchema,
          producer_id: Type.Integer(),
          residual_sugar: ResidualSugarSchema,
        }),
        { description: "At most 50; only with include_wines" },
      ),
    ),
  }),
});
