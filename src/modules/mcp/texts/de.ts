/** The MCP tools' summaries in German (see ../mcp.texts.ts). */
import type { McpTexts } from "./mcp-texts.ts";

/** German phrases. */
export const de: McpTexts = {
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
