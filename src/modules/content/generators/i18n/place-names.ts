/**
 * The article each region name of the catalogue takes in each language, so that the templates can say
 * "from the Langhe" / "aus den Langhe" / "des Langhe" / "dalle Langhe" and "from Mendoza" / "aus Mendoza"
 * / "de Mendoza" / "da Mendoza". The article belongs to the name *as written in that language*
 * (Alsace: de "das Elsass", fr "l'Alsace", it "l'Alsazia"). How article and preposition combine
 * (du, des, dalle, nel, aus der, im …) is in articles.ts.
 *
 * Sources: usage of The Oxford Companion to Wine, 4th ed. (2015) for English; Duden (gender of
 * geographic names) for German; Le Petit Robert des noms propres for French; the Treccani dictionary
 * for Italian. Appellations named after a village or town (Barolo, Pauillac, Rueda) take no article.
 *
 * Format of TABLE, one region a line: `English name | en=…; de=…; fr=…; it=…`, where each value is the
 * article code (en "the"; de m, f, n, pl; fr le, la, l', les; it il, lo, la, l', i, gli, le), optionally
 * followed by ":" and the name to use in place phrases instead of the region's name — the dative form in
 * German ("Dalmatinischen Küste"), or the place a name stands for ("Port": the Douro Valley, where Port
 * comes from). Languages not given take no article. Names not in the table follow RULES (geographic
 * words such as Valley, Vallée, Valle, Peninsula, Hills; the plural "Côtes …" appellations).
 */
import type { Language, Localized } from "../../../../domain/vocabulary.ts";
import type { DeArticle, EnArticle, FrArticle, ItArticle } from "../articles.ts";
import { normalizeRegion } from "./region-terroir.ts";

const TABLE = `
Langhe | en=the; de=pl; fr=les; it=le
Port | en=the:Douro Valley; de=n:Douro-Tal; fr=la:vallée du Douro; it=la:valle del Douro
delle Venezie | en=the:Venezie; de=pl:Drei Venetien; fr=les:Trois Vénéties; it=le:Venezie
Champagne | de=f; fr=la; it=la
Provence | de=f; fr=la; it=la
Burgundy | fr=la; it=la
Alsace | de=n; fr=la; it=la
Beaujolais | de=n; fr=le; it=il
Haut-Médoc | en=the; de=n; fr=le; it=l'
Languedoc-Roussillon | en=the; de=n; fr=le; it=la
Upper Loire | en=the; de=f:Oberen Loire; fr=le; it=la
Méditerranée | fr=la
Tuscany | de=f; fr=la; it=la
Piedmont | de=n; fr=le; it=il
Veneto | en=the; fr=la; it=il
Apulia | fr=les; it=la
Abruzzo | de=pl; fr=les; it=il
Marche | en=the; de=pl; fr=les; it=le
Emilia-Romagna | de=f; fr=la; it=la
Friuli-Venezia Giulia | fr=le; it=il
South Tyrol | fr=le; it=la
Trentino | de=n; fr=le; it=il
Chianti | de=n; fr=le; it=il
Chianti Classico | de=n; fr=le; it=il
Chianti Colli Senesi | de=n; fr=le; it=il
Salento | en=the; de=n; fr=le; it=il
Maremma Toscana | en=the; de=f; fr=la; it=la
Costa Toscana | de=f; fr=la; it=la
Valtellina | de=n; fr=la; it=la
Valdadige | it=la
Collio | de=n; fr=le; it=il
Etna | de=m; fr=le; it=l'
Rubicone | fr=le; it=il
Prosecco | it=il
Rioja | de=f; fr=la; it=la
Ribera del Duero | de=f; fr=la; it=la
Penedès | en=the; de=n; fr=le; it=il
Priorat | en=the; de=n; fr=le; it=il
Bierzo | en=the; de=m; fr=le; it=il
Castile | fr=la; it=la
Navarre | fr=la; it=la
Rías Baixas | de=pl; fr=les; it=le
Douro | en=the; de=m; fr=le; it=il
Alentejo | en=the; de=m; fr=le; it=il
Minho | en=the; de=m; fr=le; it=il
Bairrada | en=the; de=f; fr=la; it=la
Beiras | en=the; fr=les; it=le
Mosel | en=the; de=n:Moseltal; fr=la; it=la
Pfalz | en=the; de=f; fr=le; it=il
Rheingau | en=the; de=m; fr=le; it=il
Nahe | en=the; de=n:Nahetal; fr=la; it=la
Ahr | en=the; de=n:Ahrtal; fr=la; it=la
Rheinhessen | fr=la; it=la
Franconia | fr=la; it=la
Württemberg | fr=le; it=il
Wachau | en=the; de=f; fr=la; it=la
Kamptal | en=the; de=n; fr=le; it=il
Wagram | en=the; de=m
Burgenland | de=n; fr=le; it=il
Mittelburgenland | de=n; fr=le; it=il
Neusiedlersee | de=m
Styria | de=f; fr=la; it=la
South Styria | de=f; fr=la; it=la
Lower Austria | fr=la; it=la
Valais | en=the; de=n; fr=le; it=il
Lake Biel | de=m; fr=le; it=il
California | fr=la; it=la
Rhode Island | fr=le; it=il
Texas | fr=le; it=il
Virginia | fr=la; it=la
Wisconsin | fr=le; it=il
New Mexico | fr=le; it=il
Ontario | fr=le; it=il
Patagonia | fr=la; it=la
Serra Gaúcha | en=the; de=f; fr=la; it=la
Campanha Gaúcha | en=the; de=f; fr=la; it=la
Rio Grande do Sul | fr=le; it=il
North Island | en=the; de=f; fr=la; it=la
Western Cape | en=the; de=n; fr=le; it=il
Swartland | en=the; de=n; fr=le; it=lo
South Australia | fr=la; it=la
South Eastern Australia | fr=le; it=la
South West Australia | fr=le; it=la
New South Wales | fr=la; it=il
Crimea | de=f; fr=la; it=la
Galilee | fr=la; it=la
Macedonia | fr=la; it=la
Peloponnese | en=the; de=m; fr=le; it=il
Chalkidiki | fr=la; it=la
Continental Greece | fr=la; it=la
Ilia | fr=la; it=la
Slopes of Meliton | en=the; de=pl:Hängen des Meliton; fr=les; it=le
Dalmatian Coast | en=the; de=f:Dalmatinischen Küste; fr=la; it=la
Southeastern Anatolia | fr=la; it=la
Moldova | fr=la; it=la
Moravia | fr=la; it=la
Transylvania | fr=la; it=la
Zakarpattia | fr=la; it=la
`;

/** The article of a name in one language and, when set, the name to use in place phrases. */
export interface PlaceArticle<A extends string> {
  article: A;
  name?: string;
}

/** Article data of one region in the four languages. */
export interface PlaceEntry {
  en: PlaceArticle<EnArticle>;
  de: PlaceArticle<DeArticle>;
  fr: PlaceArticle<FrArticle>;
  it: PlaceArticle<ItArticle>;
}

function parse(table: string): Map<string, Partial<Record<Language, PlaceArticle<string>>>> {
  const out = new Map<string, Partial<Record<Language, PlaceArticle<string>>>>();
  for (const line of table.trim().split("\n")) {
    const [key = "", spec = ""] = line.split("|").map((s) => s.trim());
    const entry: Partial<Record<Language, PlaceArticle<string>>> = {};
    for (const part of spec.split(";")) {
      const [lang, value = ""] = part.split("=").map((s) => s.trim());
      const [article = "", name] = value.split(":");
      entry[lang as Language] = name ? { article, name } : { article };
    }
    out.set(normalizeRegion(key), entry);
  }
  return out;
}

const PLACES = parse(TABLE);

/**
 * Articles of names not in the table, from the geographic word they contain, checked in order on the
 * name in that language: e.g. en "the Central Valley", de "aus dem Valle Central", fr "de la Vallée
 * Centrale", it "della Valle Centrale"; "the Mornington Peninsula", "aus der Mornington Peninsula";
 * "the Adelaide Hills", "aus den Adelaide Hills", "des Adelaide Hills", "delle Adelaide Hills".
 */
const RULES: { [L in Language]: [RegExp, PlaceEntry[L]["article"]][] } = {
  en: [
    [/^Côtes /, "the"],
    [
      /(\b(Valley|Peninsula|Coast|Hills|Lakes|Gravels|District|Bench|Ridge|Lakeshore)$|^(Valle|Vale|Costa) )/,
      "the",
    ],
  ],
  de: [
    [/^Côtes /, "pl"],
    [/(tal|Valley)$|^(Valle|Vale) /, "n"],
    [/(Peninsula|Halbinsel|Coast|Ebene)$/, "f"],
    [/(Hills|Lakes|Gravels)$/, "pl"],
    [/District$/, "m"],
  ],
  fr: [
    [/^Côtes /, "les"],
    [/^(Vallée|Valle|Vale|Péninsule|Côte|Île) |(Valley|Peninsula|Coast)$/, "la"],
    [/(Hills|Lakes|Gravels)$/, "les"],
    [/District$/, "le"],
  ],
  it: [
    [/^Côtes /, "le"],
    [/^(Valle|Vale|Penisola|Costa|Isola|Bassa|Stiria|Alta) |(Valley|Peninsula|Coast)$/, "la"],
    [/(Hills|Lakes|Gravels)$|^Pendici /, "le"],
    [/District$/, "il"],
  ],
};

/**
 * The article (and place-phrase name) of a region name in `lang`: the table entry for the region's
 * English name, else the first matching rule, else no article. `name` is the name to use after the
 * preposition (the region's own name unless the table sets another).
 */
export function placeArticle<L extends Language>(
  names: Localized,
  lang: L,
): { article: PlaceEntry[L]["article"]; name: string } {
  const own = names[lang] || names.en;
  const entry = PLACES.get(normalizeRegion(names.en));
  if (entry) {
    const hit = entry[lang];
    return { article: (hit?.article ?? "") as PlaceEntry[L]["article"], name: hit?.name ?? own };
  }
  const rule = RULES[lang].find(([re]) => re.test(own));
  return { article: (rule?.[1] ?? "") as PlaceEntry[L]["article"], name: own };
}
