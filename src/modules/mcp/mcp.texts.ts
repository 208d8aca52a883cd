/**
 * The short text summaries of the MCP tools' results, in the language a tool was asked for. The
 * data itself is the API's JSON (`structuredContent`); these lines only say what it holds.
 */
import type { Language } from "../../domain/vocabulary.ts";

/** The phrases of one language. Counts are plain integers; names come from the API as they are. */
export interface McpTexts {
  /** `n` wines found for the search text `q`. */
  searchFound(n: number, q: string): string;
  /** Page `page` of `last` of a list of `total` things (`what`: wines or grapes). */
  page(what: "wines" | "grapes", page: number, last: number, total: number): string;
  /** A wine list item's colour word. */
  color: Record<string, string>;
  /** "from <region>" for a wine. */
  from(region: string): string;
  /** A producer or region with `n` wines in the catalogue. */
  withWines(name: string, n: number): string;
  /** The drinking window, in years after the vintage. */
  window(from: number, to: number): string;
  /** A text in `lang` is being written; ask again in about `seconds` seconds. */
  beingWritten(seconds: number): string;
  /** The wine's texts are shown in English meanwhile. */
  englishMeanwhile: string;
  /** `labels` labels read on the photo, `candidates` matching wines. */
  labels(labels: number, candidates: number): string;
  /** No label on the photo. */
  noLabel: string;
  /** find_wine_by_code: no wine has the code given. */
  noWineWithCode: string;
  /** find_wine_by_code was given neither an LWIN nor a barcode. */
  giveCode: string;
}

const de: McpTexts = {
  searchFound: (n, q) => `${n} ${n === 1 ? "Wein" : "Weine"} zu „${q}“ gefunden`,
  page: (what, page, last, total) =>
    `Seite ${page} von ${last} (${total} ${what === "wines" ? "Weine" : "Rebsorten"})`,
  color: { red: "Rotwein", white: "Weißwein", rose: "Roséwein" },
  from: (region) => `aus ${region}`,
  withWines: (name, n) => `${name}: ${n} ${n === 1 ? "Wein" : "Weine"} im Katalog`,
  window: (from, to) => `Trinkfenster: ${from} bis ${to} Jahre nach dem Jahrgang`,
  beingWritten: (s) =>
    `Der Text in dieser Sprache wird gerade geschrieben; bitte in etwa ${s} Sekunden erneut fragen.`,
  englishMeanwhile: "Bis dahin stehen die Texte auf Englisch da.",
  labels: (l, c) =>
    `${l} ${l === 1 ? "Etikett" : "Etiketten"} erkannt, ${c} passende ${c === 1 ? "Wein" : "Weine"}`,
  noLabel: "Kein Etikett auf dem Foto erkannt.",
  noWineWithCode: "Kein Wein im Katalog hat diesen Code.",
  giveCode: "Bitte eine LWIN (7 Ziffern) oder einen Strichcode (GTIN) angeben.",
};

const en: McpTexts = {
  searchFound: (n, q) => `${n} ${n === 1 ? "wine" : "wines"} found for "${q}"`,
  page: (what, page, last, total) =>
    `Page ${page} of ${last} (${total} ${what === "wines" ? "wines" : "grapes"})`,
  color: { red: "red wine", white: "white wine", rose: "rosé wine" },
  from: (region) => `from ${region}`,
  withWines: (name, n) => `${name}: ${n} ${n === 1 ? "wine" : "wines"} in the catalogue`,
  window: (from, to) => `Drinking window: ${from} to ${to} years after the vintage`,
  beingWritten: (s) => `The text in this language is being written; please ask again in about ${s} seconds.`,
  englishMeanwhile: "Meanwhile the texts are shown in English.",
  labels: (l, c) => `${l} ${l === 1 ? "label" : "labels"} read, ${c} matching ${c === 1 ? "wine" : "wines"}`,
  noLabel: "No label found on the photo.",
  noWineWithCode: "No wine in the catalogue has this code.",
  giveCode: "Please give an LWIN (7 digits) or a barcode (GTIN).",
};

const fr: McpTexts = {
  searchFound: (n, q) => `${n} ${n === 1 ? "vin trouvé" : "vins trouvés"} pour « ${q} »`,
  page: (what, page, last, total) =>
    `Page ${page} sur ${last} (${total} ${what === "wines" ? "vins" : "cépages"})`,
  color: { red: "vin rouge", white: "vin blanc", rose: "vin rosé" },
  from: (region) => `de ${region}`,
  withWines: (name, n) => `${name} : ${n} ${n === 1 ? "vin" : "vins"} au catalogue`,
  window: (from, to) => `Fenêtre de dégustation : de ${from} à ${to} ans après le millésime`,
  beingWritten: (s) =>
    `Le texte dans cette langue est en cours de rédaction ; veuillez redemander dans environ ${s} secondes.`,
  englishMeanwhile: "En attendant, les textes sont en anglais.",
  labels: (l, c) =>
    `${l} ${l === 1 ? "étiquette lue" : "étiquettes lues"}, ${c} ${c === 1 ? "vin correspondant" : "vins correspondants"}`,
  noLabel: "Aucune étiquette trouvée sur la photo.",
  noWineWithCode: "Aucun vin du catalogue ne porte ce code.",
  giveCode: "Veuillez indiquer un LWIN (7 chiffres) ou un code-barres (GTIN).",
};

const it: McpTexts = {
  searchFound: (n, q) => `${n} ${n === 1 ? "vino trovato" : "vini trovati"} per «${q}»`,
  page: (what, page, last, total) =>
    `Pagina ${page} di ${last} (${total} ${what === "wines" ? "vini" : "vitigni"})`,
  color: { red: "vino rosso", white: "vino bianco", rose: "vino rosato" },
  from: (region) => `da ${region}`,
  withWines: (name, n) => `${name}: ${n} ${n === 1 ? "vino" : "vini"} nel catalogo`,
  window: (from, to) => `Finestra di consumo: da ${from} a ${to} anni dopo l'annata`,
  beingWritten: (s) => `Il testo in questa lingua è in fase di scrittura; richiedere tra circa ${s} secondi.`,
  englishMeanwhile: "Nel frattempo i testi sono in inglese.",
  labels: (l, c) =>
    `${l} ${l === 1 ? "etichetta letta" : "etichette lette"}, ${c} ${c === 1 ? "vino corrispondente" : "vini corrispondenti"}`,
  noLabel: "Nessuna etichetta trovata nella foto.",
  noWineWithCode: "Nessun vino del catalogo ha questo codice.",
  giveCode: "Indicare un LWIN (7 cifre) o un codice a barre (GTIN).",
};

const TEXTS: Record<Language, McpTexts> = { de, en, fr, it };

/** The phrases of `lang`. */
export const mcpTexts = (lang: Language): McpTexts => TEXTS[lang];
