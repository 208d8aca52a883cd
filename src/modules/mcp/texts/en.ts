/** The MCP tools' summaries in English (see ../mcp.texts.ts). */
import type { McpTexts } from "./mcp-texts.ts";

/** English phrases. */
export const en: McpTexts = {
  searchFound: (n, q) => `${n} ${n === 1 ? "wine" : "wines"} found for "${q}"`,
  page: (what, page, last, total) =>
    `Page ${page} of ${last} (${total} ${what === "wines" ? "wines" : "grapes"})`,
  color: { red: "red wine", white: "white wine", rose: "rosé wine" },
  from: (region) => `from ${region}`,
  withWines: (name, n) => `${name}: ${n} ${n === 1 ? "wine" : "wines"} in the catalogue`,
  window: (from, to) => `Drinking window: ${from} to ${to} years after the vintage`,
  beingWritten: (s) => `The text in this language is being written; please ask again in about ${s} seconds.`,
  englishMeanwhile: "Meanwhile the texts are shown in English.",
  labels: (l, c) => `${l} ${l === 1 ? "label" : "labels"} read, ${c} matching ${c === 1 ? "wine" : "wines"}`,
  noLabel: "No label found on the photo.",
  noWineWithCode: "No wine in the catalogue has this code.",
  giveCode: "Please give an LWIN (7 digits) or a barcode (GTIN).",
};
