/**
 * Soil types of the region records (domain/wine/regions/region-record.ts) as nouns in each language,
 * usable in a list after "of"/"aus"/"de"/"da" (German dative). Sources: OCW "soil", Duden.
 */
import type { Localized } from "../../../../domain/vocabulary.ts";
import type { SoilId } from "../../../../domain/wine/regions/region-record.ts";

/** Soil types, as nouns usable in a list after "of"/"aus"/"de"/"da" (German dative). */
export const SOILS: Record<SoilId, Localized> = {
  gravel: { en: "gravel", de: "Kies", fr: "graves", it: "ghiaia" },
  clay: { en: "clay", de: "Ton", fr: "argile", it: "argilla" },
  limestone: { en: "limestone", de: "Kalkstein", fr: "calcaire", it: "calcare" },
  marl: { en: "marl", de: "Mergel", fr: "marnes", it: "marna" },
  chalk: { en: "chalk", de: "Kreide", fr: "craie", it: "gesso" },
  kimmeridgian: {
    en: "Kimmeridgian limestone and marl",
    de: "Kimmeridge-Kalkmergel",
    fr: "marnes et calcaires kimméridgiens",
    it: "marne e calcari kimmeridgiani",
  },
  slate: { en: "slate", de: "Schiefer", fr: "ardoise", it: "ardesia" },
  schist: { en: "schist", de: "Schiefergestein", fr: "schiste", it: "scisto" },
  granite: { en: "granite", de: "Granit", fr: "granite", it: "granito" },
  sand: { en: "sand", de: "Sand", fr: "sable", it: "sabbia" },
  sandstone: { en: "sandstone", de: "Sandstein", fr: "grès", it: "arenaria" },
  volcanic: {
    en: "volcanic soils",
    de: "vulkanischem Gestein",
    fr: "sols volcaniques",
    it: "suoli vulcanici",
  },
  loess: { en: "loess", de: "Löss", fr: "lœss", it: "loess" },
  alluvial: { en: "alluvial deposits", de: "Schwemmland", fr: "alluvions", it: "depositi alluvionali" },
  galets: {
    en: "large rounded pebbles",
    de: "großen Rollkieseln",
    fr: "galets roulés",
    it: "grandi ciottoli arrotondati",
  },
  flint: { en: "flint", de: "Feuerstein", fr: "silex", it: "selce" },
  terra_rossa: { en: "terra rossa", de: "Terra rossa", fr: "terra rossa", it: "terra rossa" },
  quartzite: { en: "quartzite", de: "Quarzit", fr: "quartzite", it: "quarzite" },
  llicorella: {
    en: "llicorella slate",
    de: "Llicorella-Schiefer",
    fr: "schiste llicorella",
    it: "scisto llicorella",
  },
  albariza: {
    en: "chalky albariza",
    de: "kalkreicher Albariza",
    fr: "albariza crayeuse",
    it: "albariza calcarea",
  },
  galestro: {
    en: "galestro (crumbly schistous clay)",
    de: "Galestro (brüchigem Schiefermergel)",
    fr: "galestro (marne schisteuse friable)",
    it: "galestro",
  },
  basalt: { en: "basalt", de: "Basalt", fr: "basalte", it: "basalto" },
  gneiss: { en: "gneiss", de: "Gneis", fr: "gneiss", it: "gneiss" },
  greywacke: { en: "greywacke", de: "Grauwacke", fr: "grauwacke", it: "grovacca" },
  pumice: {
    en: "volcanic ash and pumice",
    de: "Vulkanasche und Bims",
    fr: "cendres volcaniques et pierre ponce",
    it: "ceneri vulcaniche e pomice",
  },
  loam: { en: "loam", de: "Lehm", fr: "limon", it: "terreno franco" },
  shale: { en: "shale", de: "Schieferton", fr: "argile schisteuse", it: "argilloscisto" },
  silt: { en: "silt", de: "Schluff", fr: "limon fin", it: "limo" },
};
