/** Schemas of the grape endpoints (docs/decisions.md "Resources"). */
import { Type } from "typebox";
import { LangQuery, PageEnvelope, PageQuery } from "../../http/schemas.ts";

const GrapeColor = Type.Enum(["red", "white"], { description: "Colour of the berry skins" });

/** A grape in a list: its name in the response language. */
const GrapeItem = Type.Object({ id: Type.Integer(), name: Type.String(), color: GrapeColor });

export const GrapeListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ minLength: 2, maxLength: 200, description: "Name or synonym search" })),
  lang: LangQuery,
});

export const GrapeListResponse = PageEnvelope(GrapeItem);

export const GrapeDetailQuery = Type.Object({ lang: LangQuery });

export const GrapeDetailResponse = Type.Object({
  data: Type.Object({
    ...GrapeItem.properties,
    synonyms: Type.Array(Type.String()),
    wines_count: Type.Integer(),
  }),
});
