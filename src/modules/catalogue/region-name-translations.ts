/**
 * Region names in de/en/fr/it.
 *
 * Rule: appellation and other legal names (AOC/AOP, DOC/DOCG, DO, AVA, GI: "Côtes-du-Rhône",
 * "Chianti Classico", "Napa Valley", "Vin de France") and proper names with no usual exonym stay as the
 * source writes them in every language. Geographic regions that speakers of a language call by their own
 * name are translated (Bourgogne: en Burgundy, de Burgund, it Borgogna). Where the X-Wines source uses
 * an English name for a non-English region (e.g. "Rhone Valley", "Crete"), the French/German/Italian
 * forms come from the table. Russian and Ukrainian names carry the Cyrillic original in brackets
 * ("Anapa (Анапа)"); the brackets are dropped, the four languages being written in Latin script.
 *
 * Port: the appellation is "Porto" (DOC Porto); the English name of the appellation and the wine is "Port".
 */
import type { Language, Localized } from "../../domain/vocabulary.ts";
import { LANGUAGES } from "../../domain/vocabulary.ts";

/** `source | de=…; en=…; fr=…; it=…` — languages not given use the source name (brackets removed). */
const TABLE = `
Abruzzo | de=Abruzzen; fr=Abruzzes
Alsace | de=Elsass; it=Alsazia
Bekaa Valley | de=Bekaa-Ebene; fr=Vallée de la Bekaa; it=Valle della Beqaa
Bielersee | en=Lake Biel; fr=Lac de Bienne; it=Lago di Bienne
Bourgogne | de=Burgund; en=Burgundy; it=Borgogna
Cachapoal Valley | fr=Vallée de Cachapoal; it=Valle del Cachapoal
Cafayate Valley | fr=Vallée de Cafayate; it=Valle di Cafayate
California | de=Kalifornien; fr=Californie
Casablanca Valley | fr=Vallée de Casablanca; it=Valle di Casablanca
Castilla | de=Kastilien; en=Castile; fr=Castille; it=Castiglia
Central Valley (CL) | de=Valle Central; en=Central Valley; fr=Vallée Centrale; it=Valle Centrale
Chalkidiki | fr=Chalcidique; it=Calcidica
Colchagua Valley | fr=Vallée de Colchagua; it=Valle di Colchagua
Continental Greece | de=Festlandgriechenland; fr=Grèce continentale; it=Grecia continentale
Crete | de=Kreta; fr=Crète; it=Creta
Crimeia (Крим) | de=Krim; en=Crimea; fr=Crimée; it=Crimea
Curico Valley | fr=Vallée de Curicó; it=Valle di Curicó
Dalmatian Coast | de=Dalmatinische Küste; fr=Côte dalmate; it=Costa dalmata
Don Valley (Долина Дона) | de=Dontal; fr=Vallée du Don; it=Valle del Don
Elqui Valley | fr=Vallée de l'Elqui; it=Valle dell'Elqui
Emilia-Romagna | fr=Émilie-Romagne
Franken | en=Franconia; fr=Franconie; it=Franconia
Friuli-Venezia Giulia | de=Friaul-Julisch Venetien; fr=Frioul-Vénétie Julienne
Galilee | de=Galiläa; fr=Galilée; it=Galilea
Ilia | de=Elis; fr=Élide; it=Elide
Languedoc-Roussillon | it=Linguadoca-Rossiglione
Leyda Valley | fr=Vallée de Leyda; it=Valle di Leyda
Limarí Valley | fr=Vallée du Limarí; it=Valle del Limarí
Lisboa | de=Lissabon; en=Lisbon; fr=Lisbonne; it=Lisbona
Macedonia | de=Makedonien; fr=Macédoine
Maipo Valley | fr=Vallée du Maipo; it=Valle del Maipo
Malta | fr=Malte
Marche | de=Marken; en=Marche; fr=Marches
Maule Valley | fr=Vallée du Maule; it=Valle del Maule
Moldova Viniculture | de=Moldau; en=Moldova; fr=Moldavie; it=Moldavia
Morava | de=Mähren; en=Moravia; fr=Moravie; it=Moravia
Mosel | fr=Moselle; it=Mosella
Navarra | en=Navarre; fr=Navarre
Neuchâtel | de=Neuenburg
New Mexico | fr=Nouveau-Mexique; it=Nuovo Messico
New South Wales | fr=Nouvelle-Galles du Sud; it=Nuovo Galles del Sud
Niederösterreich | en=Lower Austria; fr=Basse-Autriche; it=Bassa Austria
North Island | de=Nordinsel; fr=Île du Nord; it=Isola del Nord
Patagonia | de=Patagonien; fr=Patagonie
Peloponnesos | de=Peloponnes; en=Peloponnese; fr=Péloponnèse; it=Peloponneso
Pfalz | fr=Palatinat; it=Palatinato
Piemonte | de=Piemont; en=Piedmont; fr=Piémont
Porto | en=Port
Provence | it=Provenza
Puglia | de=Apulien; en=Apulia; fr=Pouilles
Rapel Valley | fr=Vallée du Rapel; it=Valle del Rapel
Rheinhessen | fr=Hesse rhénane; it=Assia renana
Rhone Valley | de=Rhônetal; en=Rhône Valley; fr=Vallée du Rhône; it=Valle del Rodano
Santorini | de=Santorin; fr=Santorin
Slopes of Meliton | fr=Côtes de Meliton; it=Pendici del Meliton; de=Hänge des Meliton
South Australia | de=Südaustralien; fr=Australie-Méridionale; it=Australia Meridionale
South Eastern Australia | de=Südost-Australien; fr=Sud-Est de l'Australie; it=Australia sudorientale
South West Australia | de=Südwest-Australien; fr=Sud-Ouest de l'Australie; it=Australia sudoccidentale
Southeastern Anatolia | de=Südostanatolien; fr=Anatolie du Sud-Est; it=Anatolia sudorientale
Steiermark | en=Styria; fr=Styrie; it=Stiria
Südsteiermark | en=South Styria; fr=Styrie du Sud; it=Stiria meridionale
Südtirol-Alto Adige | de=Südtirol; en=South Tyrol; fr=Haut-Adige; it=Alto Adige
Taman Peninsula (Таманский полуостров) | de=Taman-Halbinsel; fr=Péninsule de Taman; it=Penisola di Taman
Toscana | de=Toskana; en=Tuscany; fr=Toscane
Transylvania | de=Siebenbürgen; fr=Transylvanie; it=Transilvania
Trentino | fr=Trentin
Uco Valley | fr=Vallée de Uco; it=Valle de Uco
Upper Loire | de=Obere Loire; fr=Centre-Loire; it=Alta Loira
Valais | de=Wallis; it=Vallese
Valencia | fr=Valence
Valle d'Aosta | de=Aostatal; en=Aosta Valley; fr=Vallée d'Aoste
Valtellina | de=Veltlin; fr=Valteline
Veneto | de=Venetien; fr=Vénétie
Virginia | fr=Virginie
Western Cape | de=Westkap; fr=Cap-Occidental; it=Capo Occidentale
Württemberg | fr=Wurtemberg
Zakarpattia (Закарпатська) | de=Transkarpatien; en=Zakarpattia; fr=Transcarpatie; it=Transcarpazia
`;

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Drops a bracketed part written in a non-Latin script ("Anapa (Анапа)" → "Anapa");
 * other brackets are kept.
 */
export function stripNonLatinSuffix(name: string): string {
  return name
    .replace(/\s*\(([^()]*)\)\s*$/u, (match, inner: string) =>
      /[^\p{Script=Latin}\p{P}\p{N}\s]/u.test(inner) ? "" : match,
    )
    .trim();
}

function parseTable(text: string): Map<string, Partial<Localized>> {
  const table = new Map<string, Partial<Localized>>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const [source = "", namesText = ""] = line.split("|").map((s) => s.trim());
    const names: Partial<Localized> = {};
    for (const assignment of namesText.split(";")) {
      const [lang = "", value = ""] = assignment.split("=").map((s) => s.trim());
      if (!isLanguage(lang) || value === "")
        throw new Error(`region-name-translations: bad entry "${assignment}" for ${source}`);
      names[lang] = value;
    }
    if (table.has(source)) throw new Error(`region-name-translations: duplicate region ${source}`);
    table.set(source, names);
  }
  return table;
}

/** Translated region names keyed by the X-Wines RegionName; regions not listed keep their name. */
export const REGION_NAME_TABLE: ReadonlyMap<string, Partial<Localized>> = parseTable(TABLE);

/**
 * The name of an X-Wines region in de/en/fr/it, e.g. "Bourgogne" →
 * `{ de: "Burgund", en: "Burgundy", fr: "Bourgogne", it: "Borgogna" }`, "Napa Valley" → "Napa Valley" ×4,
 * "Anapa (Анапа)" → "Anapa" ×4. Never returns an empty name for a non-empty source name.
 */
export function regionNames(sourceName: string): Localized {
  const base = stripNonLatinSuffix(sourceName.trim()) || sourceName.trim();
  const translated = REGION_NAME_TABLE.get(sourceName.trim()) ?? {};
  return {
    de: translated.de ?? base,
    en: translated.en ?? base,
    fr: translated.fr ?? base,
    it: translated.it ?? base,
  };
}

/**
 * The X-Wines source name of a region where none of de/en/fr/it uses it, keyed by the English name:
 * mostly the name its own labels print ("Lisbon" → "Lisboa" as in "Vinho Regional Lisboa",
 * "Castile" → "Castilla", "Moravia" → "Morava"). Names with a bracketed part are left out.
 */
export const LOCAL_REGION_NAMES: ReadonlyMap<string, string> = new Map(
  [...REGION_NAME_TABLE.keys()].flatMap((source) => {
    const local = stripNonLatinSuffix(source);
    const names = regionNames(source);
    return local.includes("(") || Object.values(names).includes(local) ? [] : [[names.en, local] as const];
  }),
);
