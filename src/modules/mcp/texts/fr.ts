/** The MCP tools' summaries in French (see ../mcp.texts.ts). */
import type { McpTexts } from "./mcp-texts.ts";

/** French phrases. */
export const fr: McpTexts = {
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
