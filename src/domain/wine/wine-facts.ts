/**
 * The facts about a wine and a region that text generation reads: what the catalogue stores, as
 * loaded by the content repository (modules/content/content.repository.ts).
 */
import type {
  Acidity,
  Body,
  Color,
  FlavorProfile,
  Localized,
  ResidualSugar,
  SubType,
  WineType,
} from "../vocabulary.ts";

/** A grape as the generators see it: stored id, international name and localized names. */
export interface GrapeFacts {
  id: number;
  name: string;
  names: Localized;
  color: "red" | "white";
}

/** The catalogue facts about one wine that every generator may use. */
export interface WineFacts {
  id: number;
  name: string;
  /** Producer display name (title + name). */
  producerName: string;
  color: Color;
  type: WineType;
  subType: SubType;
  residualSugar: ResidualSugar | null;
  abv: number | null;
  body: Body;
  acidity: Acidity;
  elaboration: string;
  grapes: GrapeFacts[];
  /** X-Wines food categories (English keys, e.g. "Beef", "Rich Fish"). */
  foods: string[];
  region: { id: number; names: Localized; country: string };
  /** The current vintage: the one the wine is shown with (`wines.vintage`, decided at import): null for a non-vintage wine. */
  vintage: number | null;
  /** All listed vintages, newest first (absent when only `vintage` is known). */
  vintages?: readonly number[];
  flavor: FlavorProfile;
  /**
   * `typical` when body, acidity, foods and the flavour profile are what is typical of the wine's
   * appellation and style, not the wine's own (a wine known only from LWIN or Open Food Facts): the
   * texts then say so (generators/typical-texts.ts). Absent or `source`: the wine's own.
   */
  factsBasis?: "source" | "typical";
}

/** The facts about one region: the region itself and all its wines. */
export interface RegionFacts {
  id: number;
  names: Localized;
  country: string;
  wines: WineFacts[];
}
