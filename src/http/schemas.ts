/**
 * TypeBox schemas shared by several modules: they validate requests, serialize responses and
 * become the OpenAPI document, all from one definition.
 */
import { type TSchema, Type } from "typebox";
import { COLORS, LANGUAGES, RESIDUAL_SUGARS, SUB_TYPES, WINE_TYPES } from "../domain/vocabulary.ts";

/** `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ColorSchema = Type.Enum([...COLORS], { description: "Wine colour" });
export const SubTypeSchema = Type.Enum([...SUB_TYPES]);
export const WineTypeSchema = Type.Enum([...WINE_TYPES]);
export const LanguageSchema = Type.Enum([...LANGUAGES]);
export const ResidualSugarSchema = Nullable(
  Type.String({
    description: `Residual sugar term in the response language (canonical terms: ${RESIDUAL_SUGARS.join(", ")}); null when unknown.`,
  }),
);

/** Boolean query parameter as the original service accepts it. */
export const BooleanParam = Type.Enum(["1", "true", "0", "false"], { default: "false" });
export const isTrue = (value: string | undefined) => value === "1" || value === "true";

/** `lang` query parameter, accepted on every localized endpoint. */
export const LangQuery = Type.Optional(
  Type.Enum([...LANGUAGES], { description: "Language; overrides Accept-Language (de, en, fr, it)." }),
);

/**
 * A numeric id in the path; non-numeric ids get the resource's 404, not a 422. `example` is an id of
 * the bundled catalogue (ids are kept across imports), shown in the OpenAPI document, /llms.txt and
 * the Postman collection.
 */
export const idParams = (example: string) =>
  Type.Object({ id: Type.String({ description: "Integer id", examples: [example] }) });

/** Largest id and page number accepted (PostgreSQL `integer`); larger values are a 422, not a 500. */
export const MAX_INT = 2_147_483_647;

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 1, description: "Page number" }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15, description: "Items per page (max 100)" }),
};

/** Laravel-style pagination envelope around `item`. `withLanguage` adds `meta.language` (regions). */
export function PageEnvelope<T extends TSchema>(item: T, withLanguage = false) {
  const meta = {
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    from: Nullable(Type.Integer()),
    to: Nullable(Type.Integer()),
  };
  return Type.Object({
    data: Type.Array(item),
    meta: Type.Object(withLanguage ? { ...meta, language: LanguageSchema } : meta),
    links: Type.Object({
      first: Type.String(),
      last: Type.String(),
      prev: Nullable(Type.String()),
      next: Nullable(Type.String()),
    }),
  });
}

export const Unauthenticated = Type.Object(
  { message: Type.String() },
  { description: "Missing or invalid API key" },
);
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { description: "Error with a machine code" },
);
/** The 429 body: `retry_after` in seconds, as the original service documents. */
export const TooManyBody = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    retry_after: Type.Integer({ description: "Seconds until a request may succeed (as Retry-After)" }),
  },
  { description: "Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up" },
);
/** The 404 of content endpoints (docs/interface.md §7). */
export const GeneratingBody = Type.Object(
  { error: Type.String(), generating: Type.Boolean() },
  { description: "Content missing; generating tells whether it is being generated (retry after ~30 s)" },
);

/** Error responses every authenticated route can give. */
export const AuthErrors = {
  401: Unauthenticated,
  403: ErrorBody,
  422: ErrorBody,
  429: TooManyBody,
};
