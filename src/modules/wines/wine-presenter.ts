/**
 * The mapping of wine rows to what the API shows of a wine: the detail (`GET /wines/{id}`,
 * {@link presentWineDetail}), and a summary in a list: the `GET /wines` item, the wines of a
 * producer or region (`include_wines`) and the candidates of a label photo. Each route's response
 * schema keeps the fields its contract names (docs/interface.md §2) and the serializer leaves out
 * the rest.
 */
import { grapeName } from "../../domain/grape-name.ts";
import { regionName } from "../../domain/region-name.ts";
import { localizeResidualSugar } from "../../domain/residual-sugar-terms.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { wineOriginOf } from "../sources/sources.service.ts";
import type {
  findWine,
  StoredWineTexts,
  SummaryRegion,
  WineListRow,
  WineSummaryFields,
} from "./wines.repository.ts";

/** A wine as {@link findWine} reads it. */
export type WineDetailRow = NonNullable<Awaited<ReturnType<typeof findWine>>>;

/**
 * The wine detail in `lang` (docs/interface.md §2 "Wine"): producer, region (name in `lang`, country
 * code in lower case), residual sugar as the label term in `lang`, grape varieties by their name in
 * `lang`, the flavour profile, the vintages, the identifiers and sources of its live source records,
 * and its texts: `texts` in `lang`, or in English while `lang` is being generated (each text then
 * says `language: "en"`).
 */
export function presentWineDetail(wine: WineDetailRow, texts: StoredWineTexts, lang: Language) {
  const origin = wineOriginOf(wine.source_keys);
  const textLang = texts.lang as Language;
  return {
    id: wine.id,
    display_name: wine.display_name,
    name: wine.name,
    color: wine.color,
    type: wine.type,
    sub_type: wine.sub_type,
    producer: {
      id: wine.producer_id,
      name: wine.producer_name,
      title: wine.producer_title,
      display_name: wine.producer_display_name,
    },
    region: { id: wine.region_id, name: regionName(wine, lang), country: wine.country.toLowerCase() },
    residual_sugar: localizeResidualSugar(wine.residual_sugar, lang),
    grapes: wine.grapes.map((g) => ({ id: g.id, name: grapeName(g, lang) })),
    description: { text: texts.description, text_long: texts.description_long, language: textLang },
    tasting_notes: { text: texts.tasting_notes, language: textLang },
    pairing: { text: texts.pairing, language: textLang },
    flavor_profile: {
      sweetness: wine.flavor_sweetness,
      acidity: wine.flavor_acidity,
      tannins: wine.flavor_tannins,
      alcohol: wine.flavor_alcohol,
      body: wine.flavor_body,
      finish: wine.flavor_finish,
    },
    abv: wine.abv,
    vintages: JSON.parse(wine.vintages) as number[],
    identifiers: origin.identifiers,
    updated_at: wine.updated_at,
    facts_basis: wine.facts_basis,
    sources: origin.sources,
  };
}

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
