/**
 * The wine vocabulary shared by import, storage, content generation and the HTTP layer.
 * Canonical values are stored; localized forms are produced on output.
 */

/** Languages the service answers in (docs/interface.md §1). */
export const LANGUAGES = ["de", "en", "fr", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A text in each of the four languages. */
export type Localized = Record<Language, string>;

/** Wine colour (docs/decisions.md "Resources"). */
export const COLORS = ["red", "white", "rose"] as const;
export type Color = (typeof COLORS)[number];

/** `type` of a wine: table wine, dessert wine or fortified wine (Port, Sherry, Madeira …). */
export const WINE_TYPES = ["wine", "dessert", "fortified"] as const;
export type WineType = (typeof WINE_TYPES)[number];

/** `sub_type`: still or sparkling. */
export const SUB_TYPES = ["still", "sparkling"] as const;
export type SubType = (typeof SUB_TYPES)[number];

/**
 * Canonical residual-sugar terms. Still wines use the four EU terms of
 * Commission Delegated Regulation (EU) 2019/33, Annex III Part A (dry, medium dry, medium sweet, sweet);
 * sparkling wines the seven of Annex III Part B (brut nature … doux). `dry` is shared by both lists.
 */
export const RESIDUAL_SUGARS = [
  "dry",
  "off_dry",
  "medium_sweet",
  "sweet",
  "brut_nature",
  "extra_brut",
  "brut",
  "extra_dry",
  "demi_sec",
  "doux",
] as const;
export type ResidualSugar = (typeof RESIDUAL_SUGARS)[number];

/** Body as graded by X-Wines ("Very light-bodied" … "Very full-bodied"). */
export const BODIES = ["very_light", "light", "medium", "full", "very_full"] as const;
export type Body = (typeof BODIES)[number];

/** Acidity as graded by X-Wines. */
export const ACIDITIES = ["low", "medium", "high"] as const;
export type Acidity = (typeof ACIDITIES)[number];

/** Flavour profile: six integers on a 0..10 scale (0 none, 10 very high). */
export interface FlavorProfile {
  sweetness: number;
  acidity: number;
  tannins: number;
  alcohol: number;
  body: number;
  finish: number;
}

/** A grape variety of the catalogue. `name` is the international (English) name and the identity key. */
export interface CatalogueGrape {
  name: string;
  /** Usual local name per language (Pinot Noir: de "Spätburgunder", it "Pinot Nero"); else `name`. */
  names: Localized;
  color: "red" | "white";
  synonyms: string[];
}

/** A producer (winery). `title` is the estate word before the name (Château, Weingut …) or null. */
export interface CatalogueProducer {
  id: number;
  name: string;
  title: string | null;
  website: string | null;
}

/** A wine region with its name in each language and its ISO 3166-1 alpha-2 country code (upper case). */
export interface CatalogueRegion {
  id: number;
  names: Localized;
  country: string;
}

/** A wine of the catalogue, with every derived field already computed. */
export interface CatalogueWine {
  id: number;
  name: string;
  color: Color;
  type: WineType;
  subType: SubType;
  producerId: number;
  regionId: number;
  residualSugar: ResidualSugar | null;
  /** Alcohol by volume in percent, or null when unknown. */
  abv: number | null;
  body: Body;
  acidity: Acidity;
  /** X-Wines "Elaborate", e.g. "Varietal/100%", "Assemblage/Bordeaux Red Blend". */
  elaboration: string;
  /** International grape names, in the order the source lists them. */
  grapes: string[];
  /** Food categories the source pairs the wine with (X-Wines "Harmonize", English keys such as "Beef"). */
  foods: string[];
  /** Vintages listed by the source, newest first, without "N.V.". */
  vintages: number[];
  /**
   * The current vintage: the one the wine is shown with (producer detail, texts, drinking window): null for a
   * non-vintage style; set by the import from the wine's style (domain/wine/wine-style.ts
   * `currentVintage`); the newest listed vintage when absent.
   */
  vintage?: number | null;
  flavor: FlavorProfile;
  /**
   * The X-Wines WineID when the wine's id is another one: an X-Wines wine the crosswalk found to be a
   * wine first known from another source keeps that wine's id (catalogue/xwines-links.ts).
   */
  xwinesId?: number;
}

/** Everything one import writes. */
export interface Catalogue {
  wines: CatalogueWine[];
  producers: CatalogueProducer[];
  regions: CatalogueRegion[];
  grapes: CatalogueGrape[];
}
