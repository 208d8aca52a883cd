/**
 * The Italian writer on the real wines and regions of the bundled catalogue (decided with
 * `decideWine(facts, 2026)`), and on profiles given a region record, as records will give them.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../../db/database.ts";
import { decideRegion } from "../../../../domain/wine/region-profile.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import type { RegionFacts, WineFacts } from "../../../../domain/wine/wine-facts.ts";
import { decideWine, type WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { loadRegionFacts, loadWineFacts } from "../../content.repository.ts";
import { italianWriter as it } from "./index.ts";

let db: Db;
let wines: WineFacts[];
const profiles = new Map<number, WineProfile>();
/** Every text of every wine, by wine id. */
const pages = new Map<number, string[]>();
let regions: RegionFacts[];

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  wines = await loadWineFacts(db.kysely, ids);
  for (const w of wines) {
    const p = decideWine(w, 2026);
    profiles.set(w.id, p);
    const t = it.wineTexts(p);
    const d = it.drinkingPeriod(p);
    pages.set(w.id, [
      t.description,
      t.descriptionLong,
      t.tastingNotes,
      t.pairing,
      d.statement,
      d.young,
      d.ripe,
      d.storage,
    ]);
  }
  const regionIds = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  regions = (await Promise.all(regionIds.map((id) => loadRegionFacts(db.kysely, id)))).filter(
    (r): r is RegionFacts => r !== undefined,
  );
});
after(() => db.destroy());

const page = (id: number) => (pages.get(id) ?? []).join(" ");
function profile(id: number): WineProfile {
  const p = profiles.get(id);
  assert.ok(p, `wine ${id} is in the catalogue`);
  return p;
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Snippets of `re` in every wine page (±30 characters), for short failure messages. */
function found(re: RegExp): string[] {
  const out: string[] = [];
  for (const [id, texts] of pages) {
    const text = texts.join(" ");
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace("g", "")}g`)))
      out.push(`${id}: …${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30)}…`);
  }
  return out.slice(0, 5);
}

test("no text speaks of a catalogue, of listings or of our data", () => {
  assert.deepEqual(found(/\bcatalog(o|hi)?\b|in elenco|nostri dati/i), []);
  for (const r of regions) {
    const i = it.regionInsight(decideRegion(r));
    assert.doesNotMatch(
      [i.summary, i.climateAndTerroir, ...i.signatureStyles].join(" "),
      /\bcatalog(o|hi)?\b/i,
      r.names.en,
    );
  }
});

test("a name of only style words is never a bare subject: it always carries its producer", () => {
  const generic = wines.filter((w) => profile(w.id).nameKind === "style_words");
  assert.ok(generic.length > 0);
  for (const w of generic) {
    const text = page(w.id);
    // The name used as the wine (after an article), not inside a grape's name ("Grenache Blanc").
    const art =
      "(?<=\\b(?:[Ii]l|[Ll]o|[Ll]a|[Dd]el|[Dd]ello|[Dd]ella|[Dd]al|[Nn]el|[Aa]l|[Ss]ul) |\\b[LlDd]'|\\bdell')";
    const bare = new RegExp(
      `${art}${escapeRe(w.name)}(?! \\d{4} di| di | del| dell| dei| della| dello| degli)`,
      "g",
    );
    const hits = [...text.matchAll(bare)].map((m) => text.slice(Math.max(0, m.index - 20), m.index + 40));
    assert.deepEqual(hits, [], `wine ${w.id} "${w.name}"`);
  }
});

test("Valpolicella grapes in -a are feminine: la Corvina, la Rondinella, never il Corvina", () => {
  assert.ok(found(/la Corvina/).length > 0);
  assert.ok(found(/la Rondinella/).length > 0);
  assert.deepEqual(found(/\bil (Corvina|Rondinella|Barbera|Garganega|Touriga|Tinta)\b/), []);
});

test("the appellation is named with its preposition: a Valdepeñas, and never 'a Brunello di Montalcino'", () => {
  const valdepenas = wines.find((w) => w.region.names.en === "Valdepeñas");
  assert.ok(valdepenas);
  assert.match(page(valdepenas.id), /\b(di|a) Valdepeñas\b/);
  assert.deepEqual(
    found(/(?<!Grappa )\b(a|da|di) (Brunello|Amarone|Moscato d'Asti|Barbera d'|Vin Santo)/),
    [],
  );
});

test("a style name is never written as a place (Fino Sherry, Cream Sherry)", () => {
  assert.deepEqual(found(/\b(in|a|da|di|nel|nella|del|della|dalla) (Fino|Amontillado|Cream) Sherry/), []);
  for (const r of regions.filter((x) => /Sherry$/.test(x.names.en) && x.names.en !== "Jerez-Xérès-Sherry")) {
    const i = it.regionInsight(decideRegion(r));
    assert.doesNotMatch(
      i.summary + i.climateAndTerroir,
      /\b(in|a|da|di|dalla) (Fino|Amontillado|Cream) Sherry/,
    );
  }
});

test("a fino is never called full-bodied, in its page or its region", () => {
  for (const w of wines.filter((x) => profile(x.id).style.kind === "fino"))
    assert.doesNotMatch(page(w.id), /corpos/, `wine ${w.id}`);
});

test("a grape spirit gets no wine prose and a drinking period of 0 to 0 that says it does not develop", () => {
  const spirits = wines.filter((w) => profile(w.id).category === "grape_spirit");
  assert.ok(spirits.length > 0);
  for (const w of spirits) {
    const p = profile(w.id);
    const d = it.drinkingPeriod(p);
    assert.deepEqual([d.from, d.to], [0, 0]);
    assert.match(d.statement, /non evolve in bottiglia/);
    assert.doesNotMatch(
      page(w.id),
      /muffa nobile|vino da dessert|bianco dolce|tannini|In bocca/,
      `wine ${w.id}`,
    );
  }
});

test("'e' becomes the euphonic 'ed' before a word beginning with e, and aromas are never 'attesi'", () => {
  assert.deepEqual(found(/ e [eèé]/i), []);
  assert.deepEqual(found(/attes[io]/), []);
});

test("the alcohol is said once per page, in the tasting notes", () => {
  for (const [id, texts] of pages) {
    const count = texts.join(" ").match(/\d+(,\d)?%/g)?.length ?? 0;
    assert.ok(count <= 1, `wine ${id}: ${count} alcohol figures`);
  }
});

test("the drinking period copies the profile's window", () => {
  for (const w of wines.slice(0, 200)) {
    const p = profile(w.id);
    const d = it.drinkingPeriod(p);
    if (p.window) assert.deepEqual([d.from, d.to], [p.window.from, p.window.to]);
  }
});

test("texts are deterministic for the same profile", () => {
  const p = profile(wines[0]?.id ?? 0);
  assert.deepEqual(it.wineTexts(p), it.wineTexts(p));
  assert.deepEqual(it.drinkingPeriod(p), it.drinkingPeriod(p));
});

/** A record of the Langhe as the region records give it (OCW "Langhe"). */
const LANGHE: RegionRecord = {
  name: "Langhe",
  country: "IT",
  kind: "appellation",
  within: "Piedmont",
  designation: { system: "DOC", since: 1994 },
  names: { de: "Langhe", en: "Langhe", fr: "Langhe", it: "Langhe" },
  grammar: {
    en: { article: "the" },
    de: { article: "pl" },
    fr: { article: "les" },
    it: { article: "le", prep: "in" },
  },
  climate: "continental",
  soils: ["marl", "sandstone"],
  features: [{ kind: "river", name: { de: "Tanaro", en: "Tanaro", fr: "Tanaro", it: "Tanaro" } }],
  grapes: ["Nebbiolo", "Barbera", "Dolcetto"],
  styles: ["red_full", "red_medium"],
  sources: ["OCW, Langhe"],
};
const PIEDMONT: RegionRecord = {
  ...LANGHE,
  name: "Piedmont",
  kind: "region",
  within: undefined,
  designation: undefined,
  names: { de: "Piemont", en: "Piedmont", fr: "Piémont", it: "Piemonte" },
  grammar: { en: {}, de: { article: "n" }, fr: { article: "le" }, it: { article: "il", prep: "in" } },
  features: [],
};

test("with a record, the place takes the record's article and preposition and its soils are said", () => {
  const w = wines.find((x) => x.region.names.en === "Langhe");
  assert.ok(w);
  const p = {
    ...profile(w.id),
    region: LANGHE,
    place: LANGHE,
    placeWithin: PIEDMONT,
    nameStatesRegion: false,
  };
  const t = it.wineTexts(p);
  assert.match(`${t.description} ${t.descriptionLong}`, /(delle|dalle|nelle) Langhe/);
  assert.match(t.descriptionLong, /in Piemonte/);
  assert.match(t.descriptionLong, /marna e arenaria/);
});

test("a region insight with a record names designation, grapes and climate; without one it claims no 'soprattutto'", () => {
  const r = regions.find((x) => x.names.en === "Langhe");
  assert.ok(r);
  const bare = it.regionInsight({
    ...decideRegion(r),
    record: undefined,
    place: undefined,
    within: undefined,
  });
  assert.doesNotMatch(bare.summary, /soprattutto/);
  assert.match(bare.summary, /Langhe/);
  const withRecord = it.regionInsight({
    ...decideRegion(r),
    record: LANGHE,
    place: LANGHE,
    within: PIEDMONT,
    styles: LANGHE.styles,
  });
  assert.match(withRecord.summary, /^Le Langhe \(DOC dal 1994\) sono una denominazione in Piemonte\./);
  assert.match(withRecord.summary, /il Nebbiolo, la Barbera e il Dolcetto/i);
  assert.match(withRecord.climateAndTerroir, /continentale/);
  assert.ok(withRecord.signatureStyles.length > 0 && withRecord.signatureStyles.length <= 3);
  assert.ok(withRecord.keyGrapes.length <= 5);
});
