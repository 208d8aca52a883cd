/**
 * The English writer on the real bundled catalogue: no catalogue wording, style words never a bare
 * subject, the place named, grape spirits without wine prose, articles and place prepositions.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../../db/database.ts";
import { decideRegion } from "../../../../domain/wine/region-profile.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import { decideWine, type WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { loadRegionFacts, loadWineFacts } from "../../content.repository.ts";
import { aOrAn, placeOf, possessive } from "./grammar.ts";
import { englishWriter } from "./index.ts";

let db: Db;
let profiles: WineProfile[] = [];
const pages = new Map<number, string>();

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  profiles = (await loadWineFacts(db.kysely, ids)).map((f) => decideWine(f, 2026));
  for (const p of profiles) {
    const t = englishWriter.wineTexts(p);
    const d = englishWriter.drinkingPeriod(p);
    pages.set(
      p.seed,
      [
        t.description,
        t.descriptionLong,
        t.tastingNotes,
        t.pairing,
        d.statement,
        d.young,
        d.ripe,
        d.storage,
      ].join("\n"),
    );
  }
});
after(() => db.destroy());

test("no text speaks of the catalogue, listings or lists vintages", () => {
  for (const [id, page] of pages) {
    assert.doesNotMatch(page, /catalogue|listed|our wines|vintages? (available|listed)/i, `wine ${id}`);
  }
});

test("a style-words name is never a bare subject", () => {
  for (const p of profiles.filter((x) => x.nameKind === "style_words")) {
    const page = pages.get(p.seed) ?? "";
    const bare = new RegExp(
      `(^|[.!?]\\s+)${p.facts.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (is|pairs|goes|makes|comes)\\b`,
      "m",
    );
    assert.doesNotMatch(page, bare, `wine ${p.seed}: ${p.facts.name}`);
  }
});

test("the description names the place of a wine with a region", () => {
  const p = profiles.find((x) => x.facts.region.names.en === "Serra Gaúcha");
  assert.ok(p);
  assert.match(englishWriter.wineTexts(p).description, /the Serra Gaúcha/);
});

test("a grape spirit gets no wine window or wine prose", () => {
  const spirits = profiles.filter((p) => p.category === "grape_spirit");
  assert.ok(spirits.length > 0);
  for (const p of spirits) {
    const d = englishWriter.drinkingPeriod(p);
    assert.equal(d.from, 0);
    assert.equal(d.to, 0);
    assert.match(d.statement, /does not develop in bottle/);
    const t = englishWriter.wineTexts(p);
    assert.doesNotMatch(
      `${t.description} ${t.tastingNotes}`,
      /\b(dessert wine|white wine|acidity|tannins|body)\b/i,
    );
  }
});

test("alcohol is stated once per wine page", () => {
  for (const p of profiles) {
    const t = englishWriter.wineTexts(p);
    const n = [t.description, t.descriptionLong, t.tastingNotes, t.pairing]
      .join(" ")
      .match(/\d+(\.\d)?% alcohol|Alcohol: /g);
    assert.ok((n?.length ?? 0) <= 1, `wine ${p.seed}`);
  }
});

test("a style name is never written as a place", () => {
  for (const page of pages.values())
    assert.doesNotMatch(page, /\b(in|from) (Fino|Amontillado|Cream) Sherry\b/);
});

test("the indefinite article agrees with the word", () => {
  assert.equal(aOrAn("off-dry white"), "an");
  assert.equal(aOrAn("full-bodied red"), "a");
  assert.equal(aOrAn("LBV"), "an");
  assert.equal(aOrAn("hour"), "an");
});

test("possessives of names ending in s", () => {
  assert.equal(possessive("Los Vascos"), "Los Vascos'");
  assert.equal(possessive("Casa Perini"), "Casa Perini's");
  assert.equal(possessive("W. & J. Graham's"), "W. & J. Graham's");
});

test("the place preposition and article come from the record's grammar", () => {
  const record = {
    name: "Mount Veeder",
    country: "US",
    kind: "appellation",
    names: { de: "Mount Veeder", en: "Mount Veeder", fr: "Mount Veeder", it: "Mount Veeder" },
    grammar: { en: { prep: "on" }, de: {}, fr: {}, it: {} },
    soils: [],
    features: [],
    grapes: [],
    styles: [],
    sources: ["TTB 27 CFR 9.123"],
  } as RegionRecord;
  const p = placeOf(record, undefined, "US");
  assert.equal(`${p?.prep} ${p?.name}`, "on Mount Veeder");
  const langhe = placeOf(
    {
      ...record,
      names: { ...record.names, en: "Langhe" },
      grammar: { ...record.grammar, en: { article: "the" } },
    },
    undefined,
    "IT",
  );
  assert.equal(`${langhe?.prep} ${langhe?.name}`, "in the Langhe");
  assert.equal(placeOf({ ...record, kind: "style" }, undefined, "ES"), undefined);
});

test("region insights speak of the region, never of counts of wines", async () => {
  const ids = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  for (const id of ids.slice(0, 120)) {
    const facts = await loadRegionFacts(db.kysely, id);
    if (!facts) continue;
    const r = englishWriter.regionInsight(decideRegion(facts));
    const all = [r.summary, r.climateAndTerroir, ...r.signatureStyles].join(" ");
    assert.doesNotMatch(all, /catalogue|listed|\bwines? from here in\b|\b\d+ wines\b/i, facts.names.en);
    assert.ok(r.summary.length > 20 && r.climateAndTerroir.length > 20, facts.names.en);
    assert.ok(r.keyGrapes.length <= 5);
  }
});
