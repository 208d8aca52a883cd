/**
 * The one mapping of a wine summary row to what the API shows of a wine in a list: the `GET /wines`
 * item, the wines of a producer or region (`include_wines`) and the candidates of a label photo.
 * Each route's response schema keeps the fields its contract names (docs/interface.md §2) and the
 * serializer leaves out the rest.
 */
import { regionName } from "../../domain/region-name.ts";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { wineOriginOf } from "../sources/sources.service.ts";
import type { SummaryRegion, WineListRow, WineSummaryFields } from "./wines.repository.ts";

/**
 * A wine summary in `lang`: residual sugar as the label term, region name localized from `region`
 * (its country and names: the row itself when its statement joined them).
 */
export function presentWineSummary(row: WineSummaryFields, lang: Language, region: SummaryRegion) {
  return {
    id: row.id,
    display_name: row.display_name,
    vintage: row.vintage,
    color: row.color,
    type: row.type,
    sub_type: row.sub_type,
    residual_sugar: localizeResidualSugar(row.residual_sugar, lang),
    updated_at: row.updated_at,
    producer_id: row.producer_id,
    region_id: row.region_id,
    producer: {
      id: row.producer_id,
      name: row.producer_name,
      title: row.producer_title,
      display_name: row.producer_display_name,
    },
    region: { id: row.region_id, name: regionName(region, lang), country: region.country, language: lang },
  };
}

/**
 * A `GET /wines` item of a catalogue wine: the summary with its `identifiers` (from the row's live
 * source records; all null or empty without any), `status` "active" and `merged_into` null.
 * The three are added to the summary object, not spread with it into a new one: V8 copies an object
 * of nested objects by spread many times slower (a noticeable share of a cold list page's CPU).
 */
export function presentWineListItem(row: WineListRow, lang: Language, region: SummaryRegion) {
  return Object.assign(presentWineSummary(row, lang, region), {
    identifiers: wineOriginOf(row.source_keys).identifiers,
    status: "active" as const,
    merged_into: null,
  });
}
