/**
 * Drinking windows of eleven bundled X-Wines wines of different styles, with the style rule, the
 * release rule and their sources: prints a Markdown table and writes bench/results/drinking-windows.md.
 * Run: node --import tsx bench/drinking-windows.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { classifyDrinkingWindow, type WindowRule } from "../src/domain/wine/drinking-window.ts";
import { servingTemperature } from "../src/domain/wine/tasting-and-serving.ts";
import type { WineFacts } from "../src/domain/wine/wine-facts.ts";
import { wineStyle } from "../src/domain/wine/wine-style.ts";
import { BUNDLED_XWINES } from "../src/modules/catalogue/catalogue.service.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";

/** The calendar year the styles are decided in (which vintage may be named). */
const YEAR = new Date().getUTCFullYear();

/** The wines (X-Wines ids) and the style each stands for. */
const WINES: [number, string][] = [
  [104797, "vintage Port"],
  [104976, "LBV Port"],
  [103471, "colheita Port"],
  [113288, "NV Champagne"],
  [111544, "prestige cuvée (Dom Ruinart)"],
  [137010, "Brunello di Montalcino"],
  [102079, "light everyday white (Vinho Verde)"],
  [114325, "rosé (Côtes de Provence)"],
  [111478, "Sauternes"],
  [111692, "Beaujolais"],
  [108976, "Riesling Spätlese"],
];

/** Source of each style rule (the full references are in drinking-window.ts). */
const RULE_SOURCE: Partial<Record<WindowRule, string>> = {
  vintage_port: "OCW “port”; IVDP: matures in bottle, throws a sediment",
  lbv_port: "IVDP: bottled ready in its 4th–6th year",
  colheita_port: "IVDP: tawny of one harvest, ≥ 7 years in wood, ready when bottled",
  sparkling_nv: "CIVC, OCW “champagne”: sold ready, from purchase",
  sparkling_prestige: "OCW “prestige cuvée”: released after long lees ageing",
  rose: "OCW “rosé”, Wine Folly",
  botrytis: "OCW “botrytized wines”, “Sauternes”",
  sweet_white: "OCW “dessert wines”, “Prädikat”",
  red: "variety ageing class × structure (OCW “ageing”, Wine Spectator, Wine Folly)",
  white: "variety ageing class × structure (OCW “ageing”, Wine Folly)",
};

const cat = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
const producers = new Map(cat.producers.map((p) => [p.id, p.name]));
const regions = new Map(cat.regions.map((r) => [r.id, r]));

function facts(id: number): WineFacts {
  const w = cat.wines.find((x) => x.id === id);
  const region = w && regions.get(w.regionId);
  if (!w || !region) throw new Error(`wine ${id} not in the bundled catalogue`);
  return {
    ...w,
    producerName: producers.get(w.producerId) ?? "",
    grapes: w.grapes.map((name, i) => ({
      id: i,
      name,
      names: { de: name, en: name, fr: name, it: name },
      color: w.color === "red" ? "red" : "white",
    })),
    region: { id: region.id, names: region.names, country: region.country },
    vintage: w.vintages[0] ?? null,
  };
}

const year = new Date().getUTCFullYear();
const rows = WINES.map(([id, label]) => {
  const f = facts(id);
  const w = classifyDrinkingWindow(f, wineStyle(f, YEAR));
  const v = w.style.vintage;
  const window = v === null ? `${w.from}–${w.to} years from purchase` : `${v + w.from}–${v + w.to}`;
  const release =
    w.style.releaseYear === null ? "—" : `from ${w.style.releaseYear} (${w.style.releaseSource})`;
  const [lo, hi] = servingTemperature(f, wineStyle(f, YEAR));
  return `| ${id} | ${label} | ${f.name} | ${f.vintage ?? "NV"} | ${v ?? "NV"} | ${window} | ${w.rule}: ${RULE_SOURCE[w.rule] ?? "see drinking-window.ts"} | ${release} | ${lo}–${hi} °C |`;
});

const md = [
  "# Drinking windows by style",
  "",
  `Eleven bundled X-Wines wines, windows as of ${year} (\`node --import tsx bench/drinking-windows.ts\`).`,
  "“Listed” is the newest vintage X-Wines lists; “named” is the vintage the texts may name (NV: none;",
  "else the newest listed vintage already released under its release rule).",
  "",
  "| id | style | wine | listed | named | window | rule and source | release rule | serving |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows,
  "",
].join("\n");
writeFileSync("bench/results/drinking-windows.md", md);
console.log(md);
