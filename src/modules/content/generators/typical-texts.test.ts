/**
 * Texts of a wine whose facts are typical of its appellation and style (factsBasis "typical"): no
 * alcohol figure, no grape the facts do not name, body/acidity/tannin and pairing said as typical.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { GRAPE_TABLE } from "../../catalogue/grapes-data.ts";
import { createOfflineGenerator } from "./offline-generator.ts";
import { all, assertClean, CATEGORIES, grape, namesOf, wine } from "./test-fixtures.ts";

const gen = createOfflineGenerator();

/** An alcohol figure as the generators write it (5–22 %, "13%", "12,5 %"), not "100 % Muscat". */
const ALCOHOL = /(?<![\d.,])(?:[5-9]|1\d|2[0-2])(?:[.,]\d+)? ?%/;

/** The typical-of-the-style wording per language (typical-texts.ts), not the aromas' "typically" every wine has. */
const TYPICALLY: Record<Language, RegExp> = {
  en: /\bare typically (?!recognised)|\bTypically, |\btypically go well\b/,
  de: /\b(sind|passen)\b[^.]*\btypischerweise\b|\bTypischerweise sind\b/,
  fr: /\bsont typiquement\b|\bTypiquement, les\b|\bs'accordent typiquement\b/,
  it: /\bsono tipicamente\b|\bTipicamente, |\bsi abbinano tipicamente\b/,
};

const typical = (over: Partial<WineFacts> & { id: number }) =>
  wine({ abv: null, elaboration: "", factsBasis: "typical", vintages: [], ...over });

const WINES: { label: string; facts: WineFacts }[] = [
  {
    label: "LWIN Chablis (Chardonnay from the rules)",
    facts: typical({
      id: 11,
      name: "Montmains",
      producerName: "Domaine Raveneau",
      color: "white",
      body: "light",
      acidity: "high",
      grapes: [grape("Chardonnay", "white")],
      foods: ["Shellfish", "Fish"],
      region: { id: 7, names: all("Chablis"), country: "FR" },
      flavor: { sweetness: 0, acidity: 8, tannins: 0, alcohol: 5, body: 3, finish: 4 },
    }),
  },
  {
    label: "LWIN Margaux red (no grape known)",
    facts: typical({
      id: 12,
      name: "Pavillon Rouge",
      producerName: "Château Margaux",
      grapes: [],
      region: { id: 8, names: all("Margaux"), country: "FR" },
    }),
  },
  {
    label: "Open Food Facts sparkling (no grape, no vintage)",
    facts: typical({
      id: 13,
      name: "Cuvée Prestige",
      producerName: "Maison Exemple",
      color: "white",
      subType: "sparkling",
      residualSugar: "brut",
      body: "medium",
      acidity: "high",
      grapes: [],
      vintage: null,
      foods: ["Shellfish", "Aperitif"],
      region: { id: 9, names: all("Champagne"), country: "FR" },
    }),
  },
  {
    label: "Open Food Facts Italian rosé (no grape)",
    facts: typical({
      id: 14,
      name: "Rosato",
      producerName: "Cantina Esempio",
      color: "rose",
      body: "medium",
      acidity: "medium",
      grapes: [],
      foods: ["Pasta", "Vegetarian"],
      region: { id: 10, names: all("Puglia"), country: "IT" },
    }),
  },
];

/** Grape names (every language) that would be an invented grape in a text of a wine without grapes. */
const GRAPE_NAMES = [...GRAPE_TABLE.entries()].flatMap(([key, g]) => [key, ...Object.values(g.names)]);

function mentionsGrape(text: string): string | undefined {
  return GRAPE_NAMES.find((name) =>
    new RegExp(`(?<![\\p{L}])${name.replace(/[/()]/g, "\\$&")}(?![\\p{L}])`, "u").test(text),
  );
}

test("a typical wine's texts and drinking period in all four languages: no alcohol figure, typical wording, no grape not known", async () => {
  for (const { label, facts } of WINES)
    for (const lang of LANGUAGES) {
      const texts = await gen.wineTexts(facts, lang);
      const period = await gen.drinkingPeriod(facts, lang);
      const all = { ...texts, ...period, from: "", to: "" };
      for (const [field, text] of Object.entries(all)) {
        if (field === "from" || field === "to") continue;
        const where = `${label}/${lang}/${field}`;
        assertClean(String(text), lang, namesOf(facts), where);
        assert.doesNotMatch(String(text), ALCOHOL, where);
        if (facts.grapes.length === 0) {
          const scrubbed = namesOf(facts).reduce((t, n) => t.replaceAll(n, ""), String(text));
          assert.equal(mentionsGrape(scrubbed), undefined, `${where}: ${text}`);
        }
      }
      // Body, acidity and pairing are said of the style, as typical.
      for (const field of ["description", "descriptionLong", "tastingNotes", "pairing"] as const)
        assert.match(texts[field], TYPICALLY[lang], `${label}/${lang}/${field}: ${texts[field]}`);
      assert.match(
        period.statement,
        /\b(typical|typisch|typique|tipica)\b/,
        `${label}/${lang}: ${period.statement}`,
      );
    }
});

test("the typical sentence names the style and place, and the typical body and acidity (Chablis, en/de/fr/it)", async () => {
  const chablis = WINES[0]?.facts as WineFacts;
  const d = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (l) => [l, (await gen.wineTexts(chablis, l)).description])),
  ) as Record<Language, string>;
  assert.match(d.en, /Whites from Chablis are typically light-bodied, with fresh, lively acidity\./);
  assert.match(d.de, /Weißweine aus Chablis sind typischerweise leicht, mit frischer, lebendiger Säure\./);
  assert.match(d.fr, /Les vins blancs de Chablis sont typiquement légers, avec une acidité vive\./);
  assert.match(d.it, /I vini bianchi di Chablis sono tipicamente leggeri, con un'acidità vivace\./);
  // The grape the rules fix is named without a share ("made entirely from" is the source's claim).
  assert.match(d.en, /made from Chardonnay/);
  assert.doesNotMatch(d.en, /entirely|light-bodied dry white wine/);
  // A red's typical tannin is said of the style too.
  const margaux = await gen.wineTexts(WINES[1]?.facts as WineFacts, "en");
  assert.match(
    margaux.tastingNotes,
    /reds from Margaux are typically full-bodied, with balanced acidity and firm tannins/,
  );
});

test("a wine whose facts are its own reads as before: factsBasis source or absent gives the same texts", async () => {
  for (const c of CATEGORIES)
    for (const lang of LANGUAGES) {
      const own = await gen.wineTexts({ ...c.facts, factsBasis: "source" }, lang);
      const absent = await gen.wineTexts({ ...c.facts, factsBasis: undefined }, lang);
      assert.deepEqual(own, absent);
      for (const text of Object.values(own)) assert.doesNotMatch(text, TYPICALLY[lang], `${c.label}/${lang}`);
      const period = await gen.drinkingPeriod({ ...c.facts, factsBasis: "source" }, lang);
      assert.deepEqual(period, await gen.drinkingPeriod({ ...c.facts, factsBasis: undefined }, lang));
    }
});
