/** The shape of the MCP tools' summaries in one language (one file per language beside this one). */

/** The phrases of one language. Counts are plain integers; names come from the API as they are. */
export interface McpTexts {
  /** `n` wines found for the search text `q`. */
  searchFound(n: number, q: string): string;
  /** Page `page` of `last` of a list of `total` things (`what`: wines or grapes). */
  page(what: "wines" | "grapes", page: number, last: number, total: number): string;
  /** A wine list item's colour word. */
  color: Record<string, string>;
  /** "from <region>" for a wine. */
  from(region: string): string;
  /** A producer or region with `n` wines in the catalogue. */
  withWines(name: string, n: number): string;
  /** The drinking window, in years after the vintage. */
  window(from: number, to: number): string;
  /** A text in `lang` is being written; ask again in about `seconds` seconds. */
  beingWritten(seconds: number): string;
  /** The wine's texts are shown in English meanwhile. */
  englishMeanwhile: string;
  /** `labels` labels read on the photo, `candidates` matching wines. */
  labels(labels: number, candidates: number): string;
  /** No label on the photo. */
  noLabel: string;
  /** find_wine_by_code: no wine has the code given. */
  noWineWithCode: string;
  /** find_wine_by_code was given neither an LWIN nor a barcode. */
  giveCode: string;
}
