/**
 * Real wine geography for comparing places named at different levels or in other languages: which
 * wine region (or larger appellation) a village, sub-appellation or regional indication lies in, and
 * names that are the same place. The crosswalk (modules/catalogue/crosswalk-fit.ts) uses it so that a
 * source naming "Mosel" agrees with a wine of "Brauneberg" (a Mosel village), "Douro" with "Duriense"
 * (the Douro's Vinho Regional) and "Rhône" with "Ventoux"; two places of the same level ("Pauillac"
 * and "Margaux") never agree through their common region.
 *
 * Names are written as usual (accents, any case); callers compare them folded. Sources:
 * - France: INAO, the list of AOC/AOP wines and their "aire géographique" (the cahier des charges
 *   of each appellation names its communes and region); the Bordeaux, Rhône, Burgundy, Loire and
 *   Alsace entries follow the regional wine boards' maps (CIVB, Inter-Rhône, BIVB, InterLoire, CIVA);
 * - Italy: the DOC/DOCG "disciplinare di produzione", art. 3 (zona di produzione) — Bolgheri,
 *   Brunello di Montalcino, Chianti Classico in Toscana; Barolo, Barbaresco, Langhe in Piemonte;
 * - Spain: the DO/DOCa "pliego de condiciones" (zona de producción);
 * - Portugal: Instituto da Vinha e do Vinho (IVV), the DO/IG map — "Duriense" is the IG (Vinho
 *   Regional) of the Douro region, "Porto" and "Douro" its DOs;
 * - Germany: Weingesetz § 3 and the Weinverordnung's list of Bereiche/Gemeinden (the village of a
 *   vineyard site named "Brauneberger Juffer" is Brauneberg, in the Anbaugebiet Mosel);
 * - United States: TTB, 27 CFR part 9 (American Viticultural Areas, each defined inside its state or
 *   larger AVA);
 * cross-checked with The Oxford Companion to Wine (J. Robinson, ed., 4th ed. 2015).
 */

/** Each place → the region or larger appellation it lies in (one level up; the chain goes on from there). */
export const PLACE_WITHIN: Readonly<Record<string, string>> = {
  // Bordeaux (CIVB; INAO cahiers des charges)
  Médoc: "Bordeaux",
  "Haut-Médoc": "Médoc",
  Pauillac: "Haut-Médoc",
  Margaux: "Haut-Médoc",
  "Saint-Julien": "Haut-Médoc",
  "Saint-Estèphe": "Haut-Médoc",
  "Listrac-Médoc": "Haut-Médoc",
  "Moulis-en-Médoc": "Haut-Médoc",
  Graves: "Bordeaux",
  "Pessac-Léognan": "Graves",
  Sauternes: "Graves",
  Barsac: "Graves",
  "Saint-Émilion": "Bordeaux",
  "Saint-Émilion Grand Cru": "Saint-Émilion",
  Pomerol: "Bordeaux",
  "Lalande-de-Pomerol": "Bordeaux",
  Fronsac: "Bordeaux",
  "Entre-Deux-Mers": "Bordeaux",
  "Côtes de Bourg": "Bordeaux",
  "Blaye Côtes de Bordeaux": "Bordeaux",
  "Bordeaux Supérieur": "Bordeaux",
  // Rhône (Inter-Rhône)
  "Côtes du Rhône": "Rhône",
  "Côtes du Rhône Villages": "Rhône",
  Ventoux: "Rhône",
  Luberon: "Rhône",
  "Châteauneuf-du-Pape": "Rhône",
  Gigondas: "Rhône",
  Vacqueyras: "Rhône",
  Rasteau: "Rhône",
  Cairanne: "Rhône",
  Vinsobres: "Rhône",
  Lirac: "Rhône",
  Tavel: "Rhône",
  "Beaumes-de-Venise": "Rhône",
  "Costières de Nîmes": "Rhône",
  Hermitage: "Rhône",
  "Crozes-Hermitage": "Rhône",
  "Côte-Rôtie": "Rhône",
  Condrieu: "Rhône",
  "Saint-Joseph": "Rhône",
  Cornas: "Rhône",
  // Burgundy (BIVB)
  Chablis: "Burgundy",
  "Petit Chablis": "Chablis",
  "Côte de Nuits": "Burgundy",
  "Côte de Beaune": "Burgundy",
  "Gevrey-Chambertin": "Côte de Nuits",
  "Morey-Saint-Denis": "Côte de Nuits",
  "Chambolle-Musigny": "Côte de Nuits",
  Vougeot: "Côte de Nuits",
  "Vosne-Romanée": "Côte de Nuits",
  "Nuits-Saint-Georges": "Côte de Nuits",
  "Aloxe-Corton": "Côte de Beaune",
  Corton: "Côte de Beaune",
  "Corton-Charlemagne": "Côte de Beaune",
  Beaune: "Côte de Beaune",
  Pommard: "Côte de Beaune",
  Volnay: "Côte de Beaune",
  Meursault: "Côte de Beaune",
  "Puligny-Montrachet": "Côte de Beaune",
  "Chassagne-Montrachet": "Côte de Beaune",
  "Côte Chalonnaise": "Burgundy",
  Mercurey: "Côte Chalonnaise",
  Givry: "Côte Chalonnaise",
  Rully: "Côte Chalonnaise",
  Mâconnais: "Burgundy",
  "Pouilly-Fuissé": "Mâconnais",
  "Saint-Véran": "Mâconnais",
  // Loire (InterLoire), Provence
  Sancerre: "Loire",
  "Pouilly-Fumé": "Loire",
  Vouvray: "Loire",
  Chinon: "Loire",
  Muscadet: "Loire",
  "Muscadet Sèvre et Maine": "Muscadet",
  Bandol: "Provence",
  "Côtes de Provence": "Provence",
  // Italy (disciplinari, art. 3)
  Bolgheri: "Toscana",
  "Bolgheri Sassicaia": "Bolgheri",
  "Brunello di Montalcino": "Toscana",
  "Rosso di Montalcino": "Toscana",
  "Vino Nobile di Montepulciano": "Toscana",
  Chianti: "Toscana",
  "Chianti Classico": "Toscana",
  Maremma: "Toscana",
  Barolo: "Piemonte",
  Barbaresco: "Piemonte",
  Langhe: "Piemonte",
  Roero: "Piemonte",
  "Barbera d'Alba": "Piemonte",
  "Barbera d'Asti": "Piemonte",
  Valpolicella: "Veneto",
  "Amarone della Valpolicella": "Valpolicella",
  Soave: "Veneto",
  // Spain (pliegos de condiciones)
  "Rioja Alta": "Rioja",
  "Rioja Alavesa": "Rioja",
  "Rioja Oriental": "Rioja",
  "Ribera del Duero": "Castilla y León",
  Toro: "Castilla y León",
  Rueda: "Castilla y León",
  Priorat: "Catalunya",
  Penedès: "Catalunya",
  "Jerez-Xérès-Sherry": "Andalucía",
  // Portugal (IVV)
  Duriense: "Douro",
  Porto: "Douro",
  // Germany (Weingesetz § 3; Weinverordnung)
  Brauneberg: "Mosel",
  Bernkastel: "Mosel",
  "Bernkastel-Kues": "Mosel",
  Piesport: "Mosel",
  Wehlen: "Mosel",
  Graach: "Mosel",
  Ürzig: "Mosel",
  Erden: "Mosel",
  Zeltingen: "Mosel",
  Trittenheim: "Mosel",
  Saar: "Mosel",
  Ruwer: "Mosel",
  Wiltingen: "Mosel",
  Rüdesheim: "Rheingau",
  Johannisberg: "Rheingau",
  Hochheim: "Rheingau",
  Forst: "Pfalz",
  Deidesheim: "Pfalz",
  Nierstein: "Rheinhessen",
  // United States (27 CFR part 9)
  "Napa Valley": "California",
  Oakville: "Napa Valley",
  Rutherford: "Napa Valley",
  "Stags Leap District": "Napa Valley",
  "Howell Mountain": "Napa Valley",
  "Sonoma County": "California",
  "Sonoma Coast": "Sonoma County",
  "Russian River Valley": "Sonoma County",
  "Paso Robles": "California",
  "Santa Barbara County": "California",
};

/**
 * Names of one place (English, the local name and the usual forms written by the sources: LWIN
 * REGION "Rhone", X-Wines "Rhône Valley"); the first is the one {@link PLACE_WITHIN} uses.
 */
export const SAME_PLACE: readonly (readonly string[])[] = [
  ["Rhône", "Rhône Valley", "Vallée du Rhône", "Rhônetal", "Valle del Rodano"],
  ["Burgundy", "Bourgogne", "Burgund", "Borgogna"],
  ["Loire", "Loire Valley", "Vallée de la Loire", "Val de Loire"],
  ["Toscana", "Tuscany", "Toscane", "Toskana"],
  ["Piemonte", "Piedmont", "Piémont"],
  ["Douro", "Douro Valley", "Vale do Douro"],
  ["Porto", "Port", "Oporto"],
  ["Mosel", "Moselle-Saar-Ruwer", "Mosel-Saar-Ruwer"],
  ["Catalunya", "Catalonia", "Cataluña"],
  ["Andalucía", "Andalusia"],
  ["Castilla y León", "Castile and León"],
  ["Jerez-Xérès-Sherry", "Jerez", "Sherry", "Xérès"],
  ["Rioja", "La Rioja"],
];
