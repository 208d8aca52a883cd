/** Schemas of a wine's identifiers in its sources and of `GET /v1/sources`. */
import { Type } from "typebox";
import { Nullable } from "../../http/schemas.ts";

/** The catalogue's sources, as named in `sources`, `GET /v1/sources` and the identifiers. */
export const SourceNameSchema = Type.Enum(["xwines", "lwin", "off"], {
  description: "xwines: X-Wines; lwin: the LWIN database (Liv-ex); off: Open Food Facts",
});

/** `identifiers` of a wine (detail and list items). */
export const IdentifiersSchema = Type.Object(
  {
    lwin: Nullable(
      Type.String({
        pattern: "^[0-9]{7}$",
        description: "LWIN7 (Liv-ex Wine Identification Number)",
        examples: ["1011247"],
      }),
    ),
    gtin: Type.Array(Type.String({ pattern: "^[0-9]{14}$" }), {
      description: "Barcodes of the wine's bottles (Open Food Facts) as GTIN-14 (zero-padded), ascending",
    }),
    xwines: Nullable(Type.Integer({ description: "X-Wines WineID" })),
  },
  { description: "The wine's keys in its sources (live records only); null or [] where a source has none" },
);

/** One source of `GET /v1/sources`. */
export const SourceItem = Type.Object({
  name: SourceNameSchema,
  title: Type.String({ description: "The source's name as its publisher writes it" }),
  homepage: Type.String(),
  licence: Type.Object({
    name: Type.String(),
    url: Type.String(),
    terms: Type.Array(Type.String(), {
      description: "Further terms: a licence for contents, share-alike, the citation asked for",
    }),
  }),
  attribution: Type.String({ description: "Show this wherever the source's data is shown or passed on" }),
  contributes: Type.String({ description: "What the source gives the catalogue" }),
  release: Nullable(
    Type.String({ description: "The release imported last (file name, date); null when not recorded" }),
  ),
  imported_at: Nullable(Type.String({ format: "date-time", description: "When it was imported (RFC 3339)" })),
  records: Type.Integer({ minimum: 0, description: "The source's live records in the catalogue" }),
});

export const SourcesResponse = Type.Object({ data: Type.Array(SourceItem) });

/** The body of a 301 to the wine a merged wine lives on as (its URL in `Location`). */
export const MovedBody = Type.Object(
  { message: Type.String(), location: Type.String({ description: "The surviving wine's URL, as Location" }) },
  { description: "The wine was merged into another: Location is that wine's URL (same query)" },
);
