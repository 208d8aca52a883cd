/**
 * The column list of a wine summary, shared by the SQL of the wine lists (wines.repository.ts) and of
 * the label matcher's candidates (labels.repository.ts): one list, so both read the same shape.
 */

/**
 * Columns of a wine summary (list item, photo candidate) from `wines as w` joined to its producer
 * `p` and region `r`; region names in all four languages for localizing.
 */
export const WINE_SUMMARY_COLUMNS = [
  "w.id",
  "w.display_name",
  "w.vintage",
  "w.color",
  "w.type",
  "w.sub_type",
  "w.residual_sugar",
  "w.updated_at",
  "p.id as producer_id",
  "p.name as producer_name",
  "p.title as producer_title",
  "p.display_name as producer_display_name",
  "r.id as region_id",
  "r.country",
  "r.name_de",
  "r.name_en",
  "r.name_fr",
  "r.name_it",
] as const;
