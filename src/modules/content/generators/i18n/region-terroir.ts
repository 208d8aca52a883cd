/**
 * Curated climate and terroir facts for well-known wine regions. Each entry lists the region names
 * it applies to (normalized English/local names as in the catalogue), its broad climate, its main
 * soil types, its key natural influence, and the source of these facts.
 *
 * Sources: [OCW] J. Robinson & J. Harding (eds.), The Oxford Companion to Wine, 4th ed. (2015);
 * [WAW] H. Johnson & J. Robinson, The World Atlas of Wine, 8th ed. (2019) — the region entries named
 * in each `source`.
 */
import type { Localized } from "../../../../domain/vocabulary.ts";
import type { ClimateId, SoilId } from "../../../../domain/wine/regions/region-record.ts";

/** A curated region fact sheet. `influence` is a noun phrase ("the Gironde estuary"). */
export interface RegionFacts {
  names: string[];
  climate: ClimateId;
  soils: SoilId[];
  influence?: Localized;
  source: string;
}

const r = (
  names: string[],
  climate: ClimateId,
  soils: SoilId[],
  influence: Localized | undefined,
  source: string,
): RegionFacts => ({
  names,
  climate,
  soils,
  ...(influence ? { influence } : {}),
  source,
});
const inf = (en: string, de: string, fr: string, it: string): Localized => ({ de, en, fr, it });

/** The curated regions. */
export const CURATED_REGIONS: RegionFacts[] = [
  r(
    ["bordeaux", "bordeaux superieur", "cotes de bordeaux", "francs-cotes de bordeaux", "cotes de bourg"],
    "maritime",
    ["gravel", "clay", "limestone"],
    inf(
      "the Atlantic Ocean and the Gironde estuary with the Garonne and Dordogne rivers",
      "der Atlantik und die Gironde mit Garonne und Dordogne",
      "l'océan Atlantique et l'estuaire de la Gironde, avec la Garonne et la Dordogne",
      "l'oceano Atlantico e l'estuario della Gironda con la Garonna e la Dordogna",
    ),
    "OCW 'Bordeaux'; WAW 'Bordeaux'",
  ),
  r(
    [
      "pauillac",
      "margaux",
      "saint-julien",
      "saint-estephe",
      "haut-medoc",
      "medoc",
      "moulis-en-medoc",
      "listrac-medoc",
    ],
    "maritime",
    ["gravel", "clay"],
    inf("the Gironde estuary", "die Gironde-Mündung", "l'estuaire de la Gironde", "l'estuario della Gironda"),
    "OCW 'Médoc'; WAW 'Médoc'",
  ),
  r(
    ["saint-emilion", "saint-emilion grand cru", "pomerol", "fronsac"],
    "maritime",
    ["limestone", "clay", "gravel"],
    inf("the Dordogne river", "die Dordogne", "la Dordogne", "la Dordogna"),
    "OCW 'St-Émilion', 'Pomerol'; WAW 'St-Émilion', 'Pomerol'",
  ),
  r(
    ["pessac-leognan", "graves", "sauternes"],
    "maritime",
    ["gravel", "sand", "clay"],
    inf(
      "the Garonne river and, in Sauternes, autumn mists from the Ciron",
      "die Garonne und in Sauternes die Herbstnebel des Ciron",
      "la Garonne et, à Sauternes, les brumes automnales du Ciron",
      "la Garonna e, a Sauternes, le nebbie autunnali del Ciron",
    ),
    "OCW 'Graves', 'Sauternes'; WAW 'Sauternes and Barsac'",
  ),
  r(
    [
      "bourgogne",
      "burgundy",
      "gevrey-chambertin",
      "chambolle-musigny",
      "pommard",
      "meursault",
      "santenay",
      "mercurey",
      "corton-charlemagne grand cru",
      "pouilly-fuisse",
      "cremant de bourgogne",
      "bourgogne aligote",
    ],
    "semi_continental",
    ["limestone", "marl"],
    undefined,
    "OCW 'Burgundy', 'Côte d'Or'; WAW 'Burgundy'",
  ),
  r(
    ["chablis", "petit chablis"],
    "cool_continental",
    ["kimmeridgian"],
    inf("the Serein river", "der Serein", "le Serein", "il fiume Serein"),
    "OCW 'Chablis'; WAW 'Chablis'",
  ),
  r(
    ["champagne"],
    "cool_continental",
    ["chalk"],
    inf(
      "the Marne river and the northern limit of vine growing",
      "die Marne und die Lage an der Nordgrenze des Weinbaus",
      "la Marne et la situation à la limite septentrionale de la vigne",
      "la Marna e la posizione al limite settentrionale della viticoltura",
    ),
    "OCW 'Champagne'; WAW 'Champagne'",
  ),
  r(
    ["sancerre", "pouilly-fume", "upper loire"],
    "semi_continental",
    ["limestone", "flint", "marl"],
    inf("the Loire river", "die Loire", "la Loire", "la Loira"),
    "OCW 'Sancerre', 'Pouilly-Fumé'; WAW 'Sancerre and Pouilly'",
  ),
  r(
    ["alsace", "cremant d'alsace"],
    "semi_continental",
    ["granite", "limestone", "marl", "sandstone"],
    inf(
      "the Vosges mountains, which shelter the vineyards from rain",
      "die Vogesen, die die Weinberge vor Regen schützen",
      "les Vosges, qui abritent le vignoble de la pluie",
      "i Vosgi, che riparano i vigneti dalla pioggia",
    ),
    "OCW 'Alsace'; WAW 'Alsace'",
  ),
  r(
    ["chateauneuf-du-pape", "vacqueyras", "cotes-du-rhone", "rhone valley", "southern rhone"],
    "mediterranean",
    ["galets", "sand", "clay"],
    inf(
      "the Rhône river and the Mistral wind",
      "die Rhône und der Mistral",
      "le Rhône et le mistral",
      "il Rodano e il mistral",
    ),
    "OCW 'Rhône', 'Châteauneuf-du-Pape'; WAW 'Southern Rhône'",
  ),
  r(
    ["provence", "cotes de provence"],
    "mediterranean",
    ["limestone", "schist"],
    inf(
      "the Mediterranean Sea and the Mistral wind",
      "das Mittelmeer und der Mistral",
      "la Méditerranée et le mistral",
      "il Mediterraneo e il mistral",
    ),
    "OCW 'Provence'; WAW 'Provence'",
  ),
  r(
    ["languedoc-roussillon", "languedoc", "corbieres"],
    "mediterranean",
    ["limestone", "schist", "clay"],
    inf("the Mediterranean Sea", "das Mittelmeer", "la Méditerranée", "il Mediterraneo"),
    "OCW 'Languedoc'; WAW 'Languedoc'",
  ),
  r(
    ["beaujolais", "beaujolais-villages", "morgon", "fleurie"],
    "semi_continental",
    ["granite", "schist", "clay"],
    undefined,
    "OCW 'Beaujolais'; WAW 'Beaujolais'",
  ),
  r(
    ["cahors"],
    "maritime",
    ["limestone", "alluvial"],
    inf("the Lot river", "der Lot", "le Lot", "il fiume Lot"),
    "OCW 'Cahors'",
  ),
  r(
    ["barolo", "barbaresco", "langhe", "barbera d'alba", "dolcetto d'alba"],
    "continental",
    ["marl", "sandstone", "sand"],
    inf(
      "the Tanaro river and the surrounding Alps",
      "der Tanaro und die umliegenden Alpen",
      "le Tanaro et les Alpes environnantes",
      "il Tanaro e la corona delle Alpi",
    ),
    "OCW 'Barolo', 'Langhe'; WAW 'Barolo', 'Barbaresco'",
  ),
  r(
    ["piemonte", "piedmont", "barbera d'asti", "moscato d'asti", "asti", "gavi"],
    "continental",
    ["marl", "sand", "limestone"],
    inf("the Alps", "die Alpen", "les Alpes", "le Alpi"),
    "OCW 'Piedmont'; WAW 'Piedmont'",
  ),
  r(
    [
      "chianti",
      "chianti classico",
      "chianti colli senesi",
      "toscana",
      "tuscany",
      "brunello di montalcino",
      "vin santo del chianti classico",
    ],
    "mediterranean",
    ["galestro", "limestone", "clay"],
    undefined,
    "OCW 'Chianti', 'Montalcino'; WAW 'Chianti Classico', 'Montalcino'",
  ),
  r(
    ["amarone della valpolicella", "valpolicella ripasso", "valpolicella"],
    "semi_continental",
    ["limestone", "clay", "basalt"],
    inf("Lake Garda", "der Gardasee", "le lac de Garde", "il lago di Garda"),
    "OCW 'Valpolicella'; WAW 'Valpolicella'",
  ),
  r(
    ["mosel", "brauneberg"],
    "cool_continental",
    ["slate"],
    inf(
      "the Mosel river and its steep slopes",
      "die Mosel und ihre Steillagen",
      "la Moselle et ses coteaux escarpés",
      "la Mosella e i suoi pendii scoscesi",
    ),
    "OCW 'Mosel'; WAW 'Mosel'",
  ),
  r(
    ["rheingau"],
    "cool_continental",
    ["loess", "slate", "quartzite"],
    inf(
      "the Rhine river and the sheltering Taunus hills",
      "der Rhein und der schützende Taunus",
      "le Rhin et les collines protectrices du Taunus",
      "il Reno e le colline del Taunus che lo riparano",
    ),
    "OCW 'Rheingau'; WAW 'Rheingau'",
  ),
  r(
    ["pfalz"],
    "semi_continental",
    ["sandstone", "loess", "limestone"],
    inf(
      "the Haardt mountains, which shelter it from rain",
      "die Haardt, die vor Regen schützt",
      "le massif de la Haardt, qui l'abrite de la pluie",
      "i monti della Haardt, che la riparano dalla pioggia",
    ),
    "OCW 'Pfalz'; WAW 'Pfalz'",
  ),
  r(
    ["rheinhessen"],
    "semi_continental",
    ["loess", "limestone", "clay"],
    inf("the Rhine river", "der Rhein", "le Rhin", "il Reno"),
    "OCW 'Rheinhessen'; WAW 'Rheinhessen'",
  ),
  r(
    ["nahe"],
    "cool_continental",
    ["volcanic", "slate", "quartzite", "sandstone"],
    inf("the Nahe river", "die Nahe", "la Nahe", "il fiume Nahe"),
    "OCW 'Nahe'; WAW 'Nahe'",
  ),
  r(
    ["ahr", "mayschoss"],
    "cool_continental",
    ["slate", "greywacke"],
    inf("the Ahr river", "die Ahr", "l'Ahr", "il fiume Ahr"),
    "OCW 'Ahr'",
  ),
  r(
    ["rioja"],
    "continental",
    ["clay", "limestone", "alluvial"],
    inf(
      "the Ebro river and the sheltering Sierra de Cantabria",
      "der Ebro und die schützende Sierra de Cantabria",
      "l'Èbre et la sierra de Cantabria qui l'abrite",
      "l'Ebro e la Sierra de Cantabria che la ripara",
    ),
    "OCW 'Rioja'; WAW 'Rioja'",
  ),
  r(
    ["ribera del duero"],
    "continental",
    ["limestone", "clay", "sand"],
    inf(
      "the Duero river and the high plateau",
      "der Duero und die Hochebene",
      "le Douro et le haut plateau",
      "il Duero e l'altopiano",
    ),
    "OCW 'Ribera del Duero'; WAW 'Ribera del Duero'",
  ),
  r(["priorat"], "mediterranean", ["llicorella"], undefined, "OCW 'Priorat'; WAW 'Priorat'"),
  r(
    ["jerez-xeres-sherry", "jerez", "fino sherry", "amontillado sherry", "manzanilla-sanlucar de barrameda"],
    "mediterranean",
    ["albariza"],
    inf(
      "the Atlantic Ocean and its humid westerly wind, the poniente",
      "der Atlantik und sein feuchter Westwind, der Poniente",
      "l'océan Atlantique et son vent d'ouest humide, le poniente",
      "l'oceano Atlantico e il suo vento umido da ovest, il poniente",
    ),
    "OCW 'sherry'; WAW 'Jerez'",
  ),
  r(
    ["douro", "porto", "port", "duriense"],
    "warm_dry",
    ["schist"],
    inf(
      "the Douro river and its terraced valley slopes",
      "der Douro und seine terrassierten Talhänge",
      "le Douro et les versants en terrasses de sa vallée",
      "il Douro e i versanti terrazzati della sua valle",
    ),
    "OCW 'Douro', 'port'; WAW 'Douro Valley'",
  ),
  r(
    ["vinho verde", "minho"],
    "maritime",
    ["granite"],
    inf(
      "the Atlantic Ocean, which brings abundant rain",
      "der Atlantik, der reichlich Regen bringt",
      "l'océan Atlantique, source de pluies abondantes",
      "l'oceano Atlantico, che porta piogge abbondanti",
    ),
    "OCW 'Vinho Verde'; WAW 'Vinho Verde'",
  ),
  r(
    ["alentejo", "alentejano"],
    "warm_dry",
    ["schist", "granite", "clay", "limestone"],
    undefined,
    "OCW 'Alentejo'; WAW 'Alentejo'",
  ),
  r(
    ["bairrada"],
    "maritime",
    ["clay", "limestone"],
    inf(
      "the nearby Atlantic Ocean",
      "der nahe Atlantik",
      "la proximité de l'océan Atlantique",
      "la vicinanza dell'oceano Atlantico",
    ),
    "OCW 'Bairrada'; WAW 'Bairrada'",
  ),
  r(
    ["mendoza", "lujan de cuyo", "tupungato", "uco valley", "maipu"],
    "semi_arid",
    ["alluvial", "sand", "gravel"],
    inf(
      "the Andes: high-altitude vineyards irrigated with snowmelt",
      "die Anden: Höhenlagen, die mit Schmelzwasser bewässert werden",
      "les Andes : des vignobles d'altitude irrigués par la fonte des neiges",
      "le Ande: vigneti d'altitudine irrigati con l'acqua del disgelo",
    ),
    "OCW 'Mendoza'; WAW 'Argentina'",
  ),
  r(
    ["napa valley", "rutherford", "mount veeder", "los carneros"],
    "mediterranean",
    ["volcanic", "alluvial"],
    inf(
      "fog and cool air from San Pablo Bay",
      "Nebel und kühle Luft aus der San Pablo Bay",
      "le brouillard et l'air frais venus de la baie de San Pablo",
      "la nebbia e l'aria fresca della baia di San Pablo",
    ),
    "OCW 'Napa Valley'; WAW 'Napa Valley'",
  ),
  r(
    ["willamette valley", "eola-amity hills"],
    "cool_maritime",
    ["volcanic", "sandstone", "loess"],
    inf(
      "Pacific air entering through the Coast Range",
      "pazifische Luft, die durch die Coast Range dringt",
      "l'air du Pacifique qui franchit la Coast Range",
      "l'aria del Pacifico che attraversa la Coast Range",
    ),
    "OCW 'Willamette Valley'; WAW 'Oregon'",
  ),
  r(
    ["marlborough"],
    "cool_maritime",
    ["alluvial", "gravel"],
    inf(
      "the Wairau river and its sunny, sheltered valley",
      "der Wairau und sein sonniges, geschütztes Tal",
      "la Wairau et sa vallée ensoleillée et abritée",
      "il fiume Wairau e la sua valle soleggiata e riparata",
    ),
    "OCW 'Marlborough'; WAW 'Marlborough'",
  ),
  r(
    ["central otago"],
    "continental",
    ["schist", "loess"],
    undefined,
    "OCW 'Central Otago'; WAW 'Central Otago'",
  ),
  r(
    ["hawke's bay"],
    "maritime",
    ["gravel", "alluvial"],
    inf("the Pacific Ocean", "der Pazifik", "l'océan Pacifique", "l'oceano Pacifico"),
    "OCW 'Hawke's Bay'; WAW 'Hawke's Bay'",
  ),
  r(
    ["margaret river"],
    "maritime",
    ["gravel", "sand", "granite"],
    inf("the Indian Ocean", "der Indische Ozean", "l'océan Indien", "l'oceano Indiano"),
    "OCW 'Margaret River'; WAW 'Margaret River'",
  ),
  r(
    ["coonawarra"],
    "cool_maritime",
    ["terra_rossa", "limestone"],
    undefined,
    "OCW 'Coonawarra'; WAW 'Coonawarra'",
  ),
  r(
    ["barossa valley"],
    "warm_dry",
    ["sand", "clay"],
    undefined,
    "OCW 'Barossa Valley'; WAW 'Barossa Valley'",
  ),
  r(
    ["mclaren vale"],
    "mediterranean",
    ["sand", "clay", "limestone"],
    inf("Gulf St Vincent", "der Gulf St Vincent", "le golfe Saint-Vincent", "il golfo di St Vincent"),
    "OCW 'McLaren Vale'; WAW 'McLaren Vale'",
  ),
  r(
    ["stellenbosch", "franschhoek"],
    "mediterranean",
    ["granite", "sandstone"],
    inf(
      "breezes from False Bay",
      "Winde von der False Bay",
      "les brises de False Bay",
      "le brezze della False Bay",
    ),
    "OCW 'Stellenbosch'; WAW 'Stellenbosch'",
  ),
  r(
    ["tokaj", "tokaji"],
    "continental",
    ["volcanic", "loess"],
    inf(
      "the Bodrog and Tisza rivers, whose autumn mists favour noble rot",
      "Bodrog und Theiß, deren Herbstnebel die Edelfäule begünstigen",
      "le Bodrog et la Tisza, dont les brumes d'automne favorisent la pourriture noble",
      "i fiumi Bodrog e Tibisco, le cui nebbie autunnali favoriscono la muffa nobile",
    ),
    "OCW 'Tokaj'; WAW 'Tokaj'",
  ),
  r(
    ["wachau", "kamptal"],
    "continental",
    ["gneiss", "loess"],
    inf("the Danube", "die Donau", "le Danube", "il Danubio"),
    "OCW 'Wachau', 'Kamptal'; WAW 'Wachau', 'Kamptal'",
  ),
  r(
    ["santorini"],
    "warm_dry",
    ["pumice"],
    inf(
      "the Aegean Sea and its strong winds",
      "die Ägäis und ihre kräftigen Winde",
      "la mer Égée et ses vents violents",
      "il mar Egeo e i suoi venti forti",
    ),
    "OCW 'Santorini'; WAW 'Greece'",
  ),
  r(
    ["central valley (cl)", "maipo valley", "colchagua valley", "rapel valley", "cachapoal valley"],
    "mediterranean",
    ["alluvial", "clay", "granite"],
    inf(
      "the Andes and the cool Pacific Humboldt Current",
      "die Anden und der kühle Humboldtstrom des Pazifiks",
      "les Andes et le courant froid de Humboldt",
      "le Ande e la fredda corrente di Humboldt del Pacifico",
    ),
    "OCW 'Chile', 'Maipo', 'Colchagua'; WAW 'Chile'",
  ),
  r(
    ["casablanca valley"],
    "cool_maritime",
    ["granite", "clay"],
    inf("the Pacific Ocean", "der Pazifik", "l'océan Pacifique", "l'oceano Pacifico"),
    "OCW 'Casablanca'; WAW 'Chile'",
  ),
  r(
    ["niagara peninsula"],
    "cool_continental",
    ["clay", "limestone"],
    inf(
      "Lake Ontario and the Niagara Escarpment",
      "der Ontariosee und die Niagara-Schichtstufe",
      "le lac Ontario et l'escarpement du Niagara",
      "il lago Ontario e la scarpata del Niagara",
    ),
    "OCW 'Ontario'; WAW 'Canada'",
  ),
  r(
    ["serra gaucha", "vale dos vinhedos"],
    "humid_subtropical",
    ["basalt", "clay"],
    undefined,
    "OCW 'Brazil'; WAW 'Brazil'",
  ),
];

/** Normalizes a region name for lookup: lower case, accents removed, typographic quotes unified. */
export function normalizeRegion(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’`]/g, "'")
    .toLowerCase()
    .trim();
}

/** The curated facts for a region name (English or local), or undefined. Champagne villages map to Champagne. */
export function curatedRegion(names: readonly string[]): RegionFacts | undefined {
  const keys = names.map(normalizeRegion);
  for (const key of keys) {
    const hit = CURATED_REGIONS.find((entry) => entry.names.includes(key));
    if (hit) return hit;
  }
  if (keys.some((k) => k.startsWith("champagne grand cru") || k.startsWith("champagne premier cru"))) {
    return CURATED_REGIONS.find((entry) => entry.names.includes("champagne"));
  }
  return undefined;
}
