/**
 * Input schemas of the MCP tools (zod, which the MCP SDK turns into the JSON Schema clients see).
 * Bounds repeat the API's (docs/interface.md §4 and §8), so a bad input is refused by the tool before
 * any request; the API checks again anyway.
 */
import { z } from "zod";
import { COLORS, LANGUAGES, SUB_TYPES } from "../../domain/vocabulary.ts";
import { MAX_INT } from "../../http/schemas.ts";

const id = (what: string) => z.number().int().min(1).max(MAX_INT).describe(`Integer id of the ${what}`);
const lang = z
  .enum(LANGUAGES)
  .default("en")
  .describe("Language of the texts and of the summary: de, en, fr or it (default en)");
const page = z.number().int().min(1).max(10_000_000).optional().describe("Page number (default 1)");
const perPage = z.number().int().min(1).max(100).optional().describe("Items per page (default 15, max 100)");
const includeWines = z
  .boolean()
  .optional()
  .describe("Add the wines (at most 50) and wines_count (default false)");

export const SearchWinesInput = {
  q: z.string().min(3).max(200).describe("Wine name, producer or both; at least 3 characters"),
  limit: z.number().int().min(1).max(100).optional().describe("Most results (default 20, max 100)"),
  lang,
};

export const ListWinesInput = {
  page,
  per_page: perPage,
  color: z.enum(COLORS).optional().describe("Colour filter"),
  sub_type: z.enum(SUB_TYPES).optional().describe("Still or sparkling"),
  producer_id: id("producer").optional(),
  region_id: id("region").optional(),
  lang,
};

export const GetWineInput = { id: id("wine"), lang };
/** find_wine_by_code: an LWIN or a barcode (the tool refuses neither; both: the wine both name). */
export const FindWineByCodeInput = {
  lwin: z
    .string()
    .regex(/^[0-9]{7}$/)
    .optional()
    .describe("LWIN7, the Liv-ex Wine Identification Number (7 digits), e.g. 1011247"),
  gtin: z
    .string()
    .regex(/^([0-9]{8}|[0-9]{12,14})$/)
    .optional()
    .describe("The bottle's barcode: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14, digits only"),
  lang,
};
export const GetProducerInput = { id: id("producer"), include_wines: includeWines, lang };
export const GetRegionInput = { id: id("region"), include_wines: includeWines, lang };
export const GetRegionInsightInput = { region_id: id("region"), lang };
export const GetDrinkingWindowInput = { wine_id: id("wine"), lang };

export const ListGrapesInput = {
  search: z.string().min(2).max(200).optional().describe("Name or synonym search, at least 2 characters"),
  page,
  per_page: perPage,
  lang,
};

export const IdentifyLabelInput = {
  photo: z
    .string()
    .min(1)
    .describe("The label photo as base64 (JPEG, PNG or WebP); a data:image/...;base64, prefix is allowed"),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe("Candidates per label (default 10, max 50)"),
  lang,
};
