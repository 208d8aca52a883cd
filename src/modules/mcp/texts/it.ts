/** The MCP tools' summaries in Italian (see ../mcp.texts.ts). */
import type { McpTexts } from "./mcp-texts.ts";

/** Italian phrases. */
export const it: McpTexts = {
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
