/**
 * Texts of a wine whose facts are typical of its appellation and style (factsBasis "typical": a wine
 * known only from LWIN or Open Food Facts): no alcohol figure, no grape the facts do not name, and
 * what is typical said as typical, in every language.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { all, assertClean, CATEGORIES, grape, namesOf, wine } from "../../../../test/wine-fixtures.ts";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import { GRAPE_RECORDS } from "../../../domain/wine/grapes/grape-records.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { createOfflineGenerator } from "../generators/offline-generator.ts";

const gen = createOfflineGenerator();

/** An alcohol figure as the generators write it (5–22 %, "13%", "12,5 %"), not "100 % Muscat". */
const ALCOHOL = /(?<![\d.,])(?:[5-9]|1\d|2[0-2])(?:[.,]\d+)? ?%/;

/** Saying that something is typical of the style and place, per language. */
const TYPICALLY: Record<Language, RegExp> = {
  en: /\btypical(ly)?\b/i,
  de: /\btypisch(erweise|e[nrs]?)?\b/i,
  fr: /\btypique(ment|s)?\b|\bd'ordinaire\b/i,
  it: /\btipic(o|a|i|he|amente)\b|\bdi norma\b/i,
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
const GRAPE_NAMES = GRAPE_RECORDS.flatMap((g) => [g.name, ...Object.values(g.names)]);

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
        // What the appellation is known for may name its grapes; what is said of the bottle may not.
        if (facts.grapes.length === 0 && !["description", "descriptionLong"].includes(field)) {
          const scrubbed = namesOf(facts).reduce((t, n) => t.replaceAll(n, ""), String(text));
          assert.equal(mentionsGrape(scrubbed), undefined, `${where}: ${text}`);
        }
      }
      // The palate is said of the style, as typical.
      assert.match(texts.tastingNotes, TYPICALLY[lang], `${label}/${lang}: ${texts.tastingNotes}`);
    }
});

test("a typical wine's tasting notes say the place's style as typical: Chablis, and a Margaux's tannin (en/de/fr/it)", async () => {
  const chablis = WINES[0]?.facts as WineFacts;
  for (const lang of LANGUAGES) {
    const t = await gen.wineTexts(chablis, lang);
    assert.match(`${t.description} ${t.tastingNotes}`, /Chablis/, `${lang}: ${t.description}`);
    assert.match(t.tastingNotes, TYPICALLY[lang], `${lang}: ${t.tastingNotes}`);
  }
  // The grape the rules fix is named without a share ("made entirely from" is the source's claim).
  const en = await gen.wineTexts(chablis, "en");
  assert.match(`${en.description} ${en.descriptionLong}`, /Chardonnay/);
  assert.doesNotMatch(`${en.description} ${en.descriptionLong}`, /entirely|nothing but|100 %/i);
  const margaux = await gen.wineTexts(WINES[1]?.facts as WineFacts, "en");
  assert.match(margaux.tastingNotes, /typical/i);
  assert.match(margaux.tastingNotes, /tannin/i);
});

test("a wine whose facts are its own reads the same whether its factsBasis is source or absent", async () => {
  for (const c of CATEGORIES)
    for (const lang of LANGUAGES) {
      const own = await gen.wineTexts({ ...c.facts, factsBasis: "source" }, lang);
      const absent = await gen.wineTexts({ ...c.facts, factsBasis: undefined }, lang);
      assert.deepEqual(own, absent);
      const period = await gen.drinkingPeriod({ ...c.facts, factsBasis: "source" }, lang);
      assert.deepEqual(period, await gen.drinkingPeriod({ ...c.facts, factsBasis: undefined }, lang));
    }
});
