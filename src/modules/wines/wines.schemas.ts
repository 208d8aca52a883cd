/** Request and response schemas of the wine endpoints (docs/interface.md §2 "Wine"). */
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
import { IdentifiersSchema, SourceNameSchema } from "../sources/sources.schemas.ts";

/** `updated_at` of a wine. */
const UpdatedAt = Type.String({
  format: "date-time",
  description: "When the wine's facts or identifiers last changed (RFC 3339, UTC)",
  examples: ["2026-11-28T09:30:00.000Z"],
});

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
  identifiers: IdentifiersSchema,
  updated_at: UpdatedAt,
  status: Type.Enum(["active", "retired", "merged"], {
    description:
      "active: in the catalogue. Only the updated_since feed lists the others: retired (its source " +
      "withdrew it; its URL answers 410) and merged (one wine with merged_into; its URL answers 301).",
  }),
  merged_into: Nullable(
    Type.Integer({ description: "For a merged wine (updated_since feed): the id it lives on as; else null" }),
  ),
});

export const WineListQuery = Type.Object({
  ...PageQuery,
  color: Type.Optional(ColorSchema),
  sub_type: Type.Optional(SubTypeSchema),
  producer_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT })),
  region_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT })),
  lwin: Type.Optional(
    Type.String({
      pattern: "^[0-9]{7}$",
      description: "The wine with this LWIN7 (7 digits): 0 or 1 items. Combines with the other filters.",
      examples: ["1011247"],
    }),
  ),
  gtin: Type.Optional(
    Type.String({
      pattern: "^([0-9]{8}|[0-9]{12,14})$",
      description:
        "The wine whose bottle has this barcode: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14, " +
        "check digit verified (a wrong one is a 422). Combines with the other filters.",
      examples: ["04006381333931"],
    }),
  ),
  updated_since: Type.Optional(
    Type.String({
      pattern:
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})$",
      description:
        "RFC 3339 time with offset (2026-11-27T10:00:00Z). Lists the wines changed at or after it, " +
        "retired and merged ones included (status, merged_into), in (updated_at, id) order, paged by " +
        "cursor: follow links.next (page is ignored). Not combinable with the other filters.",
      examples: ["2026-11-27T10:00:00Z"],
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "Opaque position in the updated_since feed, from links.next; only with updated_since",
    }),
  ),
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
  identifiers: IdentifiersSchema,
  updated_at: UpdatedAt,
  facts_basis: Type.Enum(["source", "typical"], {
    description:
      "source: body, acidity and flavour profile are the wine's own (X-Wines); typical: they are what is " +
      "typical of its appellation and style (a wine known from LWIN or Open Food Facts only), and its " +
      "texts say so",
  }),
  sources: Type.Array(SourceNameSchema, { description: "The sources the wine comes from (GET /v1/sources)" }),
});

export const LangOnlyQuery = Type.Object({ lang: LangQuery });

/** Most wines `include_wines=true` returns (docs/decisions.md "Resources"); `wines_count` gives the total. */
export const INCLUDED_WINES_MAX = 50;
