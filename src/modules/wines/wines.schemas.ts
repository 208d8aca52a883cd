/** Request and response schemas of the wine endpoints (interface.md part 2 "Wine"). */
import { Type } from "typebox";
import {
  ColorSchema,
  LangQuery,
  LanguageSchema,
  MAX_INT,
  Nullable,
  PageEnvelope,
  PageQuery,
  ResidualSugarSchema,
  SubTypeSchema,
  WineTypeSchema,
} from "../../http/schemas.ts";

const ProducerRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String()),
  display_name: Type.String(),
});

export const WineListItem = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  color: ColorSchema,
  type: WineTypeSchema,
  sub_type: SubTypeSchema,
  residual_sugar: ResidualSugarSchema,
  producer: ProducerRef,
  region: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    country: Type.String({ description: "ISO 3166-1 alpha-2, upper case" }),
    language: LanguageSchema,
  }),
});

export const WineListQuery = Type.Object({
  ...PageQuery,
  color: Type.Optional(ColorSchema),
  sub_type: Type.Optional(SubTypeSchema),
  producer_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT })),
  region_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT })),
  lang: LangQuery,
});

export const WineListResponse = PageEnvelope(WineListItem);

export const WineSearchQuery = Type.Object({
  q: Type.String({
    minLength: 3,
    maxLength: 200,
    description: "Wine name, producer or both; at least 3 characters",
    examples: ["barolo"],
  }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  lang: LangQuery,
});

export const WineSearchItem = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  color: ColorSchema,
  residual_sugar: ResidualSugarSchema,
  producer_name: Type.String(),
  producer_title: Nullable(Type.String()),
  producer_display_name: Type.String(),
});

export const WineSearchResponse = Type.Object({
  data: Type.Array(WineSearchItem),
  meta: Type.Object({
    query: Type.String({ description: "The search text, as given" }),
    count: Type.Integer({ minimum: 0, description: "Number of wines in data (at most limit)" }),
    total_matches: Type.Integer({
      minimum: 0,
      description:
        "How many wines match the query in all: the number of results there would be without limit, " +
        "ranked by the same rules (count <= total_matches). A wine matches under the rules of the " +
        "results: the wines matching the most query words count (a word no wine has is ignored), " +
        "typo-tolerant matches only when no wine matches without typos, and the last word also matches " +
        "the words it starts. E.g. q=Brut: every wine with the word Brut (or a word starting with brut) " +
        "in its producer or wine name; 0 when nothing matches.",
    }),
  }),
});

const Text = Type.Object({ text: Type.String(), language: LanguageSchema });

export const WineDetail = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  name: Type.String(),
  color: ColorSchema,
  type: WineTypeSchema,
  sub_type: SubTypeSchema,
  producer: ProducerRef,
  region: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    country: Type.String({ description: "ISO 3166-1 alpha-2, lower case (as the original service)" }),
  }),
  residual_sugar: ResidualSugarSchema,
  grapes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  description: Type.Object({ text: Type.String(), text_long: Type.String(), language: LanguageSchema }),
  tasting_notes: Text,
  pairing: Text,
  flavor_profile: Type.Object(
    {
      sweetness: Type.Integer({ minimum: 0, maximum: 10 }),
      acidity: Type.Integer({ minimum: 0, maximum: 10 }),
      tannins: Type.Integer({ minimum: 0, maximum: 10 }),
      alcohol: Type.Integer({ minimum: 0, maximum: 10 }),
      body: Type.Integer({ minimum: 0, maximum: 10 }),
      finish: Type.Integer({ minimum: 0, maximum: 10 }),
    },
    { description: "0 none … 10 very high" },
  ),
  abv: Nullable(Type.Number({ description: "Alcohol by volume, percent" })),
  vintages: Type.Array(Type.Integer(), { description: "Vintages listed for this wine, newest first" }),
});

export const LangOnlyQuery = Type.Object({ lang: LangQuery });

/** Most wines `include_wines=true` returns on a producer or region (decisions.md); `wines_count` gives the total. */
export const INCLUDED_WINES_MAX = 50;
