/**
 * Grape varieties of the X-Wines data: berry colour, usual local names and well-known synonyms.
 *
 * Sources: berry colour and synonyms follow the Vitis International Variety Catalogue (VIVC, Julius
 * Kühn-Institut) and J. Robinson, J. Harding, J. Vouillamoz, "Wine Grapes" (2012). "Gris" varieties
 * (Pinot Gris, Grenache Gris, Sauvignon Gris, Rhoditis) are grey/pink-skinned but made into white or
 * rosé wine; the binary `color` field classes them as `white`.
 *
 * Naming rule: the key is the X-Wines spelling (the catalogue's identity key). `names` only differ by
 * language where the *same* variety has a usual name in that language (Pinot Noir: de Spätburgunder,
 * it Pinot Nero; Muscat: de Muskateller, it Moscato). Established regional names of a variety in their
 * own right (Garnacha, Monastrell, Tinta Roriz, Aragonez, Zinfandel, Lemberger …) keep their own name in
 * every language and list the other names as synonyms. X-Wines' combined keys get one display name
 * ("Glera/Prosecco" → Glera, Prosecco being the protected designation of origin since 2009;
 * "Muscat/Moscato" → Muskateller/Muscat/Muscat/Moscato); "Syrah/Shiraz" is kept as is, both names being
 * current for the same variety.
 */
import { fold } from "../../domain/text-folding.ts";
import type { CatalogueGrape, Language, Localized } from "../../domain/vocabulary.ts";
import { LANGUAGES } from "../../domain/vocabulary.ts";

/**
 * One line per variety: `key | colour | names | synonyms`.
 * names: `de=…; it=…` (languages not given use the key), `*=…` sets all four first.
 * synonyms: comma-separated.
 */
const TABLE = `
Aidani | white | | Aidani Aspro
Airen | white | *=Airén | Lairén
Albariño | white | | Alvarinho
Alfrocheiro Preto | red | | Alfrocheiro, Tinta Bastardinha
Alicante Bouschet | red | | Alicante Henri Bouschet, Garnacha Tintorera
Aligoté | white | |
Alvarelhão | red | | Brancellao
Alvarinho | white | | Albariño
Ancellotta | red | | Lancellotta
Antão Vaz | white | |
Aragonez | red | | Tempranillo, Tinta Roriz, Tinto Fino, Cencibel
Arinto | white | | Pedernã, Arinto de Bucelas
Arinto de Bucelas | white | | Arinto, Pedernã
Assyrtiko | white | |
Athiri | white | |
Auxerrois | white | | Auxerrois Blanc
Azal Branco | white | | Azal
Azal Tinto | red | | Amaral
Bacchus | white | |
Baga | red | | Tinta da Bairrada
Barbera | red | |
Bianca | white | |
Bical | white | | Borrado das Moscas
Blaufränkisch | red | | Lemberger, Kékfrankos, Frankovka
Bobal | red | |
Bogazkere | red | *=Boğazkere |
Bonarda | red | | Douce Noir, Charbono
Borraçal | red | | Caíño Tinto
Bourboulenc | white | | Doucillon
Brachetto | red | |
Cabernet Franc | red | | Bouchet, Breton
Cabernet Sauvignon | red | |
Camarate | red | |
Canaiolo Nero | red | | Canaiolo
Carignan/Cariñena | red | *=Carignan; it=Carignano | Cariñena, Mazuelo, Carignano, Samsó
Carmenère | red | | Grande Vidure
Carricante | white | |
Castelão | red | | Periquita, João de Santarém
Chardonnay | white | |
Chasselas | white | de=Gutedel | Gutedel, Fendant
Chenin Blanc | white | | Steen, Pineau de la Loire
Cinsault | red | | Cinsaut
Colombard | white | |
Cortese | white | |
Corvina | red | | Corvina Veronese
Corvinone | red | |
Croatina | red | |
Côdega de Larinho | white | |
Dolcetto | red | | Ormeasco
Dornfelder | red | |
Espadeiro | red | |
Fernão Pires | white | | Maria Gomes
Fiano | white | |
Fragolino | red | | Isabella, Uva Fragola
Friulano/Sauvignonasse | white | *=Friulano | Tocai Friulano, Sauvignonasse, Sauvignon Vert
Furmint | white | | Šipon, Moslavac
Gaidouria | white | |
Gamay | red | | Gamay Noir
Garnacha | red | | Grenache, Cannonau, Grenache Noir
Garnacha Tinta | red | | Grenache, Garnacha, Cannonau
Gelber Muskateller | white | en=Muscat Blanc à Petits Grains; fr=Muscat Blanc à Petits Grains; it=Moscato Bianco | Muscat Blanc à Petits Grains, Moscato Bianco
Gewürztraminer | white | fr=Gewurztraminer; it=Traminer Aromatico | Traminer Aromatico, Savagnin Rose
Glera/Prosecco | white | *=Glera | Prosecco
Graciano | red | | Tinta Miúda, Morrastel, Bovale Sardo
Grechetto | white | |
Greco | white | | Greco Bianco
Grenache | red | | Garnacha, Garnacha Tinta, Cannonau, Grenache Noir
Grenache Blanc | white | | Garnacha Blanca
Grenache Gris | white | | Garnacha Roja, Garnacha Gris
Gros Manseng | white | |
Grüner Veltliner | white | | Veltliner, Weißgipfler
Katsano | white | |
Kerner | white | |
Kotsifali | red | |
Krasnostop Zolotovsky | red | |
Lagrein | red | |
Lambrusco | red | |
Lemberger | red | | Blaufränkisch, Kékfrankos, Frankovka
Lenoir | red | | Jacquez, Black Spanish
Limnio | red | | Lemnió
Loureiro | white | | Loureira
Macabeo | white | | Viura, Macabeu
Malagouzia | white | | Malagousia
Malbec | red | | Côt, Cot
Malvasia | white | de=Malvasier; fr=Malvoisie | Malvazia, Malvoisie, Malmsey
Malvasia Fina | white | | Boal
Malvasia Nera | red | |
Mandilaria | red | | Mandelaria
Maria Gomes | white | | Fernão Pires
Marsanne | white | |
Mencia | red | *=Mencía | Jaen
Merlot | red | |
Molinara | red | |
Monastrell | red | | Mourvèdre, Mataro
Mondeuse Noire | red | |
Montepulciano | red | |
Mourvedre | red | *=Mourvèdre | Monastrell, Mataro
Muscadelle | white | | Muscadel
Muscat Blanc | white | de=Gelber Muskateller; en=Muscat Blanc à Petits Grains; fr=Muscat Blanc à Petits Grains; it=Moscato Bianco | Muscat Blanc à Petits Grains, Moscato Bianco, Gelber Muskateller, Muscat Lunel
Muscat of Alexandria | white | de=Muskat-Alexandriner; fr=Muscat d'Alexandrie; it=Zibibbo | Moscatel de Alejandría, Zibibbo, Hanepoot
Muscat of Hamburg | red | de=Muskat-Trollinger; fr=Muscat de Hambourg; it=Moscato d'Amburgo | Black Muscat, Moscato d'Amburgo, Muskat-Trollinger
Muscat/Moscato | white | de=Muskateller; en=Muscat; fr=Muscat; it=Moscato | Moscato, Moscatel, Muskateller
Muscat/Moscato Bianco | white | de=Gelber Muskateller; en=Muscat Blanc à Petits Grains; fr=Muscat Blanc à Petits Grains; it=Moscato Bianco | Muscat Blanc à Petits Grains, Moscato di Canelli, Gelber Muskateller
Muscat/Moscato Giallo | white | *=Moscato Giallo; de=Goldmuskateller | Goldmuskateller
Muscat/Muscatel | white | de=Muskateller; en=Muscatel; fr=Muscat; it=Moscato | Moscatel, Muscat
Müller-Thurgau | white | | Rivaner
Nebbiolo | red | | Chiavennasca, Spanna
Negroamaro | red | |
Niagara Blanc | white | *=Niagara | Niagara
Padeiro | red | | Padeiro de Basto
País/Mission | red | *=País | Mission, Listán Prieto, Criolla Chica
Palomino | white | | Palomino Fino, Listán Blanco
Parellada | white | |
Pederna | white | *=Pedernã | Arinto
Pedro Ximenez | white | *=Pedro Ximénez | PX
Petit Manseng | white | |
Petit Verdot | red | |
Petite Arvine | white | |
Petite Sirah | red | | Durif
Picolit | white | |
Pinot Blanc | white | de=Weißburgunder; it=Pinot Bianco | Weißburgunder, Pinot Bianco
Pinot Grigio | white | de=Grauburgunder; fr=Pinot Gris | Pinot Gris, Grauburgunder, Ruländer
Pinot Gris | white | de=Grauburgunder; it=Pinot Grigio | Pinot Grigio, Grauburgunder, Ruländer
Pinot Meunier | red | de=Schwarzriesling; fr=Meunier | Meunier, Schwarzriesling, Müllerrebe
Pinot Nero | red | de=Spätburgunder; en=Pinot Noir; fr=Pinot Noir | Pinot Noir, Spätburgunder, Blauburgunder
Pinot Noir | red | de=Spätburgunder; it=Pinot Nero | Spätburgunder, Pinot Nero, Blauburgunder
Pinotage | red | |
Posip Bijeli | white | *=Pošip | Pošip Bijeli
Primitivo | red | | Zinfandel, Tribidrag, Crljenak Kaštelanski
Rabigato | white | |
Rabo de Ovelha | white | |
Raboso Piave | red | | Raboso
Refosco | red | | Refosco dal Peduncolo Rosso
Rhoditis | white | | Roditis
Riesling | white | | Rheinriesling, Weißer Riesling, Johannisberg Riesling
Rkatsiteli | white | |
Robola | white | |
Rolle/Rollo | white | *=Vermentino; fr=Rolle | Vermentino, Rolle, Rollo
Rondinella | red | |
Roussanne | white | |
Rufete | red | | Tinta Pinheira
Sagrantino | red | |
Sangiovese | red | | Brunello, Prugnolo Gentile, Morellino, Nielluccio
Saperavi | red | |
Sauvignon Blanc | white | | Fumé Blanc
Sauvignon Gris | white | | Sauvignon Rose
Savatiano | white | |
Seara Nova | white | |
Silvaner/Sylvaner | white | *=Silvaner; fr=Sylvaner | Sylvaner, Grüner Silvaner
Sousão | red | | Vinhão, Sousón
Spätburgunder | red | en=Pinot Noir; fr=Pinot Noir; it=Pinot Nero | Pinot Noir, Pinot Nero, Blauburgunder
St. Laurent | red | fr=Saint-Laurent | Sankt Laurent, Svatovavřinecké
Susumaniello | red | |
Syrah/Shiraz | red | | Syrah, Shiraz
Síria | white | | Roupeiro, Códega
Sémillon | white | it=Semillon | Semillon
Tannat | red | | Harriague
Tempranillo | red | | Tinta Roriz, Aragonez, Tinto Fino, Tinta del País, Cencibel, Ull de Llebre
Tibouren | red | |
Tinta Amarela | red | | Trincadeira
Tinta Barroca | red | |
Tinta Francisca | red | |
Tinta Miúda | red | | Graciano
Tinta Negra Mole | red | | Tinta Negra, Negra Mole
Tinta Roriz | red | | Tempranillo, Aragonez, Tinto Fino
Tinto Cão | red | |
Tinto Fino | red | | Tempranillo, Tinta del País, Tinta Roriz
Torrontés | white | | Torrontés Riojano
Touriga Franca | red | | Touriga Francesa
Touriga Nacional | red | |
Trajadura | white | | Treixadura
Traminer | white | fr=Savagnin | Savagnin, Savagnin Blanc, Heida
Trebbiano | white | fr=Ugni Blanc | Ugni Blanc, Trebbiano Toscano
Trebbiano D'Abruzzo | white | *=Trebbiano d'Abruzzo |
Trincadeira | red | | Tinta Amarela, Trincadeira Preta
Trollinger | red | it=Schiava Grossa | Schiava Grossa, Vernatsch, Black Hamburg
Ugni Blanc | white | it=Trebbiano Toscano | Trebbiano Toscano, Trebbiano
Verdejo | white | |
Verdelho | white | |
Vermentino | white | | Rolle, Favorita, Pigato
Vidal Blanc | white | | Vidal
Vinhão | red | | Sousão, Sousón
Viognier | white | |
Viosinho | white | |
Weissburgunder | white | de=Weißburgunder; en=Pinot Blanc; fr=Pinot Blanc; it=Pinot Bianco | Pinot Blanc, Pinot Bianco
Xarel-lo | white | | Pansa Blanca
Zinfandel | red | | Primitivo, Tribidrag, Crljenak Kaštelanski
Zweigelt | red | | Blauer Zweigelt, Rotburger
`;

/** What the table knows about one variety. */
export interface GrapeFacts {
  color: "red" | "white";
  names: Localized;
  synonyms: string[];
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

function parseTable(text: string): Map<string, GrapeFacts> {
  const table = new Map<string, GrapeFacts>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const [key = "", color = "", namesText = "", synonymsText = ""] = line.split("|").map((s) => s.trim());
    if (color !== "red" && color !== "white") throw new Error(`grapes-data: bad colour in line "${line}"`);
    const names: Localized = { de: key, en: key, fr: key, it: key };
    const assignments = namesText === "" ? [] : namesText.split(";").map((s) => s.trim());
    for (const assignment of assignments) {
      const [lang = "", value = ""] = assignment.split("=").map((s) => s.trim());
      if (value === "") throw new Error(`grapes-data: bad name "${assignment}" for ${key}`);
      if (lang === "*") for (const l of LANGUAGES) names[l] = value;
      else if (isLanguage(lang)) names[lang] = value;
      else throw new Error(`grapes-data: bad language "${lang}" for ${key}`);
    }
    const synonyms = synonymsText === "" ? [] : synonymsText.split(",").map((s) => s.trim());
    if (table.has(key)) throw new Error(`grapes-data: duplicate variety ${key}`);
    table.set(key, { color, names, synonyms });
  }
  return table;
}

/** The grape table, keyed by the X-Wines spelling of the variety (188 varieties). */
export const GRAPE_TABLE: ReadonlyMap<string, GrapeFacts> = parseTable(TABLE);

/** Table entry for an X-Wines grape name, or undefined when the variety is not in the table. */
export function grapeFacts(name: string): GrapeFacts | undefined {
  return GRAPE_TABLE.get(name);
}

/** Berry colour of a variety, or undefined when the variety is not in the table. */
export function grapeColor(name: string): "red" | "white" | undefined {
  return GRAPE_TABLE.get(name)?.color;
}

/**
 * The catalogue entry of a variety. A variety missing from the table still imports: its names are
 * `name` in all four languages, no synonyms, and its colour is `fallbackColor` (the importer passes the
 * colour of the first wine it appears in; rosé wines count as red, being made from red grapes).
 */
export function catalogueGrape(name: string, fallbackColor: "red" | "white"): CatalogueGrape {
  const facts = GRAPE_TABLE.get(name);
  if (facts === undefined) {
    return { name, names: { de: name, en: name, fr: name, it: name }, color: fallbackColor, synonyms: [] };
  }
  return { name, names: { ...facts.names }, color: facts.color, synonyms: [...facts.synonyms] };
}

/** The `grapes` table row of a catalogue grape with id `id` (`synonyms` as JSON, `search_text` folded names). */
export function grapeRow(id: number, g: CatalogueGrape) {
  return {
    id,
    name: g.name,
    name_de: g.names.de,
    name_fr: g.names.fr,
    name_it: g.names.it,
    color: g.color,
    synonyms: JSON.stringify(g.synonyms),
    search_text: fold([g.name, g.names.de, g.names.fr, g.names.it, ...g.synonyms].join(" ")),
  };
}
