/**
 * Vocabularies of the synthetic catalogue (`synthetic.ts`): estate titles, family and place names,
 * region name patterns, cru/vineyard/cuvée words and grape name patterns, grouped by the language of
 * the producer's country. Everything here is recombined with the real X-Wines names; nothing is a
 * real producer.
 */

/** Language group of a country's wine names. */
export type WordGroup = "fr" | "de" | "it" | "es" | "pt" | "en";

/** Country (ISO alpha-2) → language group of its wine names; others use "en". */
export const COUNTRY_GROUP: Readonly<Record<string, WordGroup>> = {
  FR: "fr",
  CH: "fr",
  LB: "fr",
  DE: "de",
  AT: "de",
  IT: "it",
  MT: "it",
  SI: "it",
  ES: "es",
  AR: "es",
  CL: "es",
  UY: "es",
  MX: "es",
  PT: "pt",
  BR: "pt",
};

/** Split a `|`-separated word list. */
const w = (text: string): readonly string[] => text.split("|").map((s) => s.trim());

/**
 * Estate titles (all in `PRODUCER_TITLES`, so `splitProducerTitle` would split them off the same way);
 * repeated entries weight the draw. English-speaking countries use no title but a suffix.
 */
export const TITLES: Readonly<Record<WordGroup, readonly string[]>> = {
  fr: w("Château|Château|Château|Domaine|Domaine|Domaine|Maison"),
  de: w("Weingut|Weingut|Weingut|Weingut|Schloss|Weinhaus"),
  it: w("Tenuta|Tenuta|Azienda Agricola|Cantina|Castello|Cantine|Fattoria|Podere|Cascina"),
  es: w("Bodega|Bodegas|Bodegas|Castillo|Viña|Finca|Hacienda"),
  pt: w("Quinta|Quinta|Quinta|Casa|Herdade|Adega"),
  en: [],
};

/** Suffixes of producer names in English-speaking countries ("Stone Creek Estate"). */
export const EN_SUFFIXES = w("Estate|Winery|Vineyards|Cellars|Wines|Family Wines");

/** Family names per group (producer names, "Cuvée …" names). */
export const FAMILY: Readonly<Record<WordGroup, readonly string[]>> = {
  fr: w(
    "Dubois|Lefèvre|Moreau|Girard|Fontaine|Rousseau|Bonnet|Lambert|Mercier|Blanchard|Guérin|Chevalier|Perrin|Faure|Roussel|Gauthier|Marchand|Delorme|Vasseur|Carrel|Joly|Brossard|Tissot|Morel|Ferrand|Villard|Rivière|Boucher|Lacroix|Barthélemy",
  ),
  de: w(
    "Müller|Schäfer|Becker|Hoffmann|Wagner|Keller|Braun|Zimmermann|Krüger|Hartmann|Lang|Schröder|Kühn|Vogel|Fuchs|Weber|Seeger|Bürklin|Haag|Lorenz|Frey|Graf|Ebert|Stein|Dautel|Kranz|Sommer|Albrecht|Engel|Huber",
  ),
  it: w(
    "Rossi|Bianchi|Ferrari|Conti|Ricci|Marchetti|Gallo|Colombo|Moretti|Barbieri|Fontana|Santoro|Mariani|Rinaldi|Caruso|Ferri|Lombardi|Vitale|Serra|Donati|Bellini|Benedetti|Fabbri|Gatti|Pellegrini|Morandi|Sartori|Zanetti|Orlandi|Valli",
  ),
  es: w(
    "García|Fernández|López|Martínez|Sánchez|Romero|Navarro|Torres|Domínguez|Vázquez|Ramos|Gil|Serrano|Molina|Ortega|Delgado|Castro|Ortiz|Rubio|Marín|Sanz|Iglesias|Medina|Garrido|Cortés|Lozano|Guerrero|Cano|Prieto|Méndez",
  ),
  pt: w(
    "Silva|Santos|Ferreira|Pereira|Oliveira|Costa|Rodrigues|Martins|Sousa|Fernandes|Gonçalves|Gomes|Lopes|Marques|Alves|Almeida|Ribeiro|Pinto|Carvalho|Teixeira|Moreira|Correia|Mendes|Nunes|Soares|Vieira|Monteiro|Cardoso|Rocha|Neves",
  ),
  en: w(
    "Smith|Mitchell|Walker|Harris|Clarke|Bennett|Hughes|Foster|Marshall|Palmer|Hayes|Sullivan|Brooks|Reynolds|Fletcher|Grant|Lawson|Harper|Sinclair|Whitfield|Crawford|Barrett|Ashford|Holloway|Kendall|Prescott|Calloway|Thornton|Everett|McAllister",
  ),
};

/** Place-name parts per group (producer, region, vineyard and village names). */
export const PLACES: Readonly<Record<WordGroup, readonly string[]>> = {
  fr: w(
    "Saint-Martin|la Croix|les Roches|Beauregard|Montclair|la Garenne|Belair|Fontenelle|les Tourelles|Rochebrune|la Source|Mont-Redon|Valmont|la Tour Blanche|Puy-Roux|Champfleury|les Genêts|Haut-Bois|la Chapelle|Pierrefeu|Clairac|Sainte-Colombe|Bellevue|la Bastide|Roquefort|les Cailloux|Montagnac|Villemur|la Motte|Courbière",
  ),
  de: w(
    "Sonnenberg|Kirchberg|Schlossberg|Rosenhang|Steinberg|Himmelreich|Goldberg|Herrenberg|Mühlbach|Lindenhof|Eichenau|Felsenkopf|Burgweg|Sonnenuhr|Domprobst|Kapellenberg|Rotenfels|Altenberg|Hohenrain|Weinbach|Bergheim|Kreuzberg|Falkenstein|Würzgarten|Paradies|Schwarzenstein|Honigberg|Mandelgarten|Abtsberg|Hasensprung",
  ),
  it: w(
    "San Lorenzo|Monteverde|Poggio Alto|Colle Bruno|Ca' Rossa|Valle Fiorita|Rocca Nera|Castelvecchio|Pian del Sole|Serra Longa|Montefiore|Borgo Antico|Fontanelle|Le Vigne|Casalnuovo|Santa Lucia|Poggio ai Lupi|Villa Serena|Campo Rotondo|Cerreto|Torre Bianca|La Pieve|Monteleone|Le Macchie|Casale Vecchio|Sassoferrato|Colombaio|Montalto|Belvedere|Pozzo del Lupo",
  ),
  es: w(
    "San Vicente|Valdemoro|La Muela|Los Olivos|Peñalba|Monte Blanco|El Encinar|Altamira|Valdelosfrailes|La Cañada|San Román|Torremilanos|Los Almendros|Castrillo|Fuentespina|Arroyo Seco|Las Lomas|Montealegre|Cerro Alto|La Mancha Alta|Villanueva|Santa Ana|El Cortijo|Los Robles|Piedras Blancas|Valle Hermoso|La Solana|Aldeanueva|El Molino|Vista Alegre",
  ),
  pt: w(
    "Vale Meão|São Miguel|Santa Clara|Monte Alto|Boa Vista|Vale da Mina|Pedra Alta|Quintãs|Carvalhais|Vila Nova|Alto Douro|Sobreiro|Covela|Lagoalva|Malhadinha|Romeira|Vale Perdido|Outeiro|São Lourenço|Castelo Branco|Roriz|Murças|Fonte Santa|Penedo|Azenha|Ervedosa|Lameiro|Cerejeiras|Portela|Moinho Velho",
  ),
  en: w(
    "Stone Creek|Eagle Ridge|Willow Bank|Red Hill|Oak Valley|Silver Springs|Cedar Point|Blackwood|Harrow Hill|Kingsford|Fox Run|Windy Point|Bell Mountain|Cloudy Bay Road|Greystone|Maple Grove|Shadow Rock|Highfield|Clearwater|Longview|Sunset Ridge|Misty Hollow|Copper Creek|Wattle Park|Emu Flat|Lone Pine|Pebble Beach Road|Rosewood|Blue Gum|Spring Valley",
  ),
};

/**
 * Region name patterns per group; `{P}` is a place or family name of the group (German: place or
 * village names only, which take the "-er" adjective form).
 */
export const REGION_PATTERNS: Readonly<Record<WordGroup, readonly string[]>> = {
  fr: w("Côtes de {P}|Coteaux de {P}|{P}-Villages|Haut-{P}|Val de {P}|Terrasses de {P}|Vallée de {P}"),
  de: w("{P}er Land|{P}er Tal|Bereich {P}|{P}er Hügelland|{P}er Weinberge|{P}er Hänge|{P}er Steillagen"),
  it: w("Colli di {P}|{P} Superiore|Terre di {P}|Valle di {P}|Colline di {P}|{P} Classico"),
  es: w("Valle de {P}|Ribera de {P}|Sierra de {P}|Campo de {P}|Tierra de {P}|Alto {P}"),
  pt: w("Vale do {P}|Terras de {P}|Encostas de {P}|Serra de {P}|Alto {P}"),
  en: w(
    "{P} Valley|{P} Hills|{P} Coast|{P} Highlands|{P} Ranges|{P} Bench|{P} Plains|{P} Heights|{P} Foothills|{P} Downs|Upper {P}|Lower {P}|{P} Mesa|{P} Flats",
  ),
};

/** Cuvée, cru and vineyard words before the wine's core name; `{P}` place, `{F}` family name. */
export const PREFIXES: Readonly<Record<WordGroup, readonly string[]>> = {
  fr: w(
    "Cuvée Prestige|Vieilles Vignes|Premier Cru {P}|Grand Cru|Clos {P}|Cuvée {F}|Réserve|Grande Réserve|Lieu-dit {P}|Cuvée Tradition|Grand Vin|Les Terrasses|Réserve du Domaine|Cuvée des Seigneurs|Monopole {P}",
  ),
  de: w(
    "Grosses Gewächs|{V} {L}|Alte Reben|Erste Lage {L}|Kabinett|Spätlese|Gutswein|Ortswein {V}|{V} {L} GG|Reserve|Steillage|Kalkstein|Schiefer|{L} Erste Lage|Edition {F}",
  ),
  it: w(
    "Riserva|Vigna {P}|Superiore|Cru {P}|Selezione {F}|Gran Selezione|Vecchie Viti|Riserva {F}|Vigneto {P}|Classico|Poggio {P}|Etichetta Nera|Il Bosco|Sorì {P}|Collezione",
  ),
  es: w(
    "Reserva|Gran Reserva|Crianza|Viñas Viejas|Pago de {P}|Selección {F}|Finca {P}|Roble|Cepas Viejas|Vino de Parcela|Edición Limitada|Colección|Viñedo Singular|Alta Expresión|Crianza en Barrica",
  ),
  pt: w(
    "Reserva|Grande Reserva|Vinhas Velhas|Colheita Seleccionada|Vinha {P}|Escolha|Garrafeira|Quinta {P}|Seleção do Enólogo|Terroir|Talha|Edição {F}|Parcela Única|Vale {P}|Touriga Reserva",
  ),
  en: w(
    "Reserve|Single Vineyard|Old Vine|{P} Vineyard|Estate|Block {N}|Private Bin|The {F}|Signature|Winemaker's Selection|Limited Release|Hillside|Barrel Select|Cellar Door|Family Reserve",
  ),
};

/** Colour words per group for blends without a grape in the name. */
export const COLOR_WORDS: Readonly<Record<WordGroup, Record<"red" | "white" | "rose", string>>> = {
  fr: { red: "Rouge", white: "Blanc", rose: "Rosé" },
  de: { red: "Rotwein", white: "Weisswein", rose: "Rosé" },
  it: { red: "Rosso", white: "Bianco", rose: "Rosato" },
  es: { red: "Tinto", white: "Blanco", rose: "Rosado" },
  pt: { red: "Tinto", white: "Branco", rose: "Rosé" },
  en: { red: "Red Blend", white: "White Blend", rose: "Rosé" },
};

/** Residual-sugar words of sparkling wines, matching the terms `deriveResidualSugar` reads from names. */
export const SPARKLING_SUGAR_WORDS: Readonly<Record<string, string>> = {
  brut_nature: "Brut Nature",
  extra_brut: "Extra Brut",
  brut: "Brut",
  extra_dry: "Extra Dry",
  dry: "Dry",
  demi_sec: "Demi-Sec",
  doux: "Doux",
};

/** Grape name patterns: `{B}` a base word, with the colour the variety gets. */
export const GRAPE_PATTERNS: readonly { pattern: string; color: "red" | "white" }[] = [
  { pattern: "Malvasia {B}", color: "white" },
  { pattern: "Moscato {B}", color: "white" },
  { pattern: "Vernaccia {B}", color: "white" },
  { pattern: "Trebbiano {B}", color: "white" },
  { pattern: "Blanc de {B}", color: "white" },
  { pattern: "{B} Blanc", color: "white" },
  { pattern: "{B} Gris", color: "white" },
  { pattern: "Weisser {B}", color: "white" },
  { pattern: "Branco de {B}", color: "white" },
  { pattern: "Uva {B}", color: "white" },
  { pattern: "Tinta {B}", color: "red" },
  { pattern: "Negro {B}", color: "red" },
  { pattern: "Nero di {B}", color: "red" },
  { pattern: "Rosso {B}", color: "red" },
  { pattern: "{B} Noir", color: "red" },
  { pattern: "Blauer {B}", color: "red" },
  { pattern: "Tinto {B}", color: "red" },
  { pattern: "Vranac {B}", color: "red" },
  { pattern: "Mavro {B}", color: "red" },
  { pattern: "Sangiovese {B}", color: "red" },
];

/** Base words of synthetic grape names (old-variety sounding syllables). */
export const GRAPE_BASES = w(
  "Ardenca|Belvar|Caranel|Dorusca|Esparta|Feruna|Galdina|Iberca|Lanzara|Mirola|Nevola|Orvana|Parda|Querla|Rabiga|Sarvina|Tavola|Uzera|Valdara|Zelina|Bordina|Casteva|Durella|Forana|Grecola|Lumassa|Morvella|Nosara|Pignola|Rossola|Sciava|Tarvena|Verdosa|Albena|Bianchetta|Cornera|Dolcina|Gamarra|Loreira|Marzema|Olivella|Pecorella|Rivera|Sabina|Terrana|Vespola|Zibella|Arinta|Boval|Castela",
);

/** German vineyard-site words for Lagen names ("Wehlener Sonnenuhr" style: village + "er" + site). */
export const LAGEN = w(
  "Sonnenuhr|Himmelreich|Domprobst|Goldtröpfchen|Kirchberg|Schlossberg|Rosenberg|Hofberg|Herrenberg|Würzgarten|Juffer|Kupfergrube|Hermannshöhle|Pechstein|Kirchenstück|Ungeheuer|Jesuitengarten|Pettenthal|Morstein|Abtserde",
);

/** German village stems for Lagen names (with "er" appended: Wehlen → Wehlener). */
export const VILLAGES = w(
  "Wehlen|Graach|Ürzig|Brauneberg|Piesport|Forst|Deidesheim|Nierstein|Westhofen|Rüdesheim|Hattenheim|Erden|Zeltingen|Bernkastel|Oestrich|Dalsheim|Kallstadt|Ungstein|Bürgstadt|Escherndorf",
);

/**
 * Generic words of real wine names: styles, sweetness, ageing and quality terms, colours, classification
 * words. A real wine's name made only of these, grape names and its own region's name (plus
 * {@link NAME_STOP_WORDS} and numbers) is generic ("Brut", "Rioja Reserva", "10 Year Old Tawny Port")
 * and may be reused by a synthetic wine of another producer; any other word marks a proper name.
 */
export const STYLE_WORDS = w(
  "brut|nature|extra|dry|sec|seco|secco|demi|meio|doux|dolce|dulce|sweet|medium|semi|pas|dose|dosage|zero|cuvee|reserve|reserva|riserva|reservado|reservee|gran|grand|grande|grands|premier|1er|cru|crus|classe|superiore|classico|crianza|roble|joven|old|vine|vines|vieilles|vignes|viejas|vecchie|viti|alte|reben|vinhas|velhas|vintage|millesime|millesimato|nv|blanc|blancs|noir|noirs|rouge|rosso|tinto|red|white|blanco|branco|bianco|rose|rosado|rosato|rosa|weiss|weisswein|rotwein|blend|late|bottled|harvest|tawny|ruby|year|years|anos|anni|fine|colheita|cream|trocken|halbtrocken|feinherb|kabinett|spatlese|auslese|eiswein|icewine|ice|wine|vin|vino|vinho|spumante|frizzante|sekt|cremant|espumante|espumoso|sparkling|prestige|tradition|traditionnelle|selection|seleccion|selezione|seleccionada|estate|single|vineyard|vigna|vigneto|private|bin|limited|edition|organic|unoaked|oaked|barrel|fermented|aged|orange|passito|recioto|vendanges|tardives|aszu|puttonyos|santo|collection|coleccion|collezione|lieu|dit|grosses|gewachs|gg|erste|lage|gutswein|ortswein|monopole|tradizione|superior|signature",
);

/** Articles and prepositions of wine names, ignored when judging whether a name is generic. */
export const NAME_STOP_WORDS = w(
  "de|di|du|des|del|della|dei|delle|d|l|la|le|les|lo|el|los|las|of|the|and|y|e|et|und|da|do|dos|das|von|vom|in|a|al|en|aux|au|sur|s|st",
);

/** How a grape is written in a wine name: "Syrah/Shiraz" → Shiraz in English-speaking countries, else Syrah. */
export function grapeLabel(grape: string, group: WordGroup): string {
  const parts = grape.split("/");
  return (group === "en" ? parts[parts.length - 1] : parts[0]) as string;
}
