/**
 * The German writer on the real bundled catalogue (every wine decided with decideWine(facts, 2026),
 * every region with decideRegion) and on profiles given region records: what every text must and
 * must not say.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../../db/database.ts";
import { decideRegion, type RegionProfile } from "../../../../domain/wine/region-profile.ts";
import type { RegionFacts, WineFacts } from "../../../../domain/wine/wine-facts.ts";
import { decideWine, type WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { loadRegionFacts, loadWineFacts } from "../../content.repository.ts";
import { germanWriter } from "./index.ts";
import { place } from "./test-fixtures.ts";

let db: Db;
let profiles: WineProfile[] = [];
let regions: RegionProfile[] = [];
/** Every wine page (description, long description, tasting notes, pairing) and drinking period. */
const pages = new Map<number, { page: string[]; period: string[] }>();

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  const wines: WineFacts[] = await loadWineFacts(db.kysely, ids);
  profiles = wines.map((w) => decideWine(w, 2026));
  for (const p of profiles) {
    const t = germanWriter.wineTexts(p);
    const d = germanWriter.drinkingPeriod(p);
    pages.set(p.seed, {
      page: [t.description, t.descriptionLong, t.tastingNotes, t.pairing],
      period: [d.statement, d.young, d.ripe, d.storage],
    });
  }
  const regionIds = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  const facts = (await Promise.all(regionIds.map((id) => loadRegionFacts(db.kysely, id)))).filter(
    (r): r is RegionFacts => r !== undefined,
  );
  regions = facts.map(decideRegion);
});
after(() => db.destroy());

const textOf = (p: WineProfile) => {
  const entry = pages.get(p.seed);
  assert.ok(entry);
  return [...entry.page, ...entry.period].join(" ");
};
const find = (pred: (p: WineProfile) => boolean) => {
  const p = profiles.find(pred);
  assert.ok(p, "a wine of that kind is in the catalogue");
  return p;
};

test("customer texts never speak of the catalogue, listings or our data", () => {
  for (const p of profiles)
    assert.doesNotMatch(
      textOf(p),
      /Katalog|gelistet|verzeichnet|X-Wines|unsere[nm]? (Daten|Weine)/,
      `${p.seed}`,
    );
  for (const r of regions) {
    const i = germanWriter.regionInsight(r);
    const text = [i.summary, i.climateAndTerroir, ...i.signatureStyles].join(" ");
    assert.doesNotMatch(
      text,
      /Katalog|gelistet|verzeichnet|führt \w+ Weine|\b(ein|zwei|drei|vier|fünf|\d+) Weine? (aus|von)\b/,
      r.facts.names.en,
    );
  }
});

test("no label term is glued to 'Geschmacksrichtung', and a sparkling wine's term follows its noun", () => {
  for (const p of profiles) assert.doesNotMatch(textOf(p), /Geschmacksrichtung/, `${p.seed}`);
  const brut = find(
    (q) => q.facts.subType === "sparkling" && q.facts.residualSugar === "brut" && !/brut/i.test(q.facts.name),
  );
  assert.match(
    pages.get(brut.seed)?.page[0] ?? "",
    /(Champagner|Sekt|Cava|Crémant|Schaumwein|Prosecco|Franciacorta) Brut\b/,
  );
});

test("a style-words name is never a bare subject or object: it takes its article and producer", () => {
  const styleWords = profiles.filter((p) => p.nameKind === "style_words");
  assert.ok(styleWords.length > 10);
  for (const p of styleWords) {
    const text = textOf(p);
    const name = p.facts.name.replace(/[()]/g, "\\$&");
    assert.match(text, new RegExp(`\\b(der|den|dem|die) ${name}(?!\\p{L})`, "iu"), `${p.seed}`);
    assert.doesNotMatch(text, new RegExp(`(^|[.:] )${name} `), `${p.seed}`);
    assert.doesNotMatch(text, new RegExp(`\\b(Mit|mit|zu|für|passt|ist|sind) ${name} `), `${p.seed}`);
  }
  const losVascos = find((p) => p.facts.name === "Rosé" && p.facts.producerName === "Los Vascos");
  assert.match(textOf(losVascos), /der Rosé (\d{4} )?von Los Vascos/i);
});

test("a name that is a grape or an appellation takes the masculine article in its case", () => {
  const cab = find(
    (p) => p.nameKind === "grape" && p.facts.name === "Cabernet Sauvignon" && !p.nameHasProducer,
  );
  const text = textOf(cab);
  assert.match(text, /\b(der|den|dem) Cabernet Sauvignon\b/i);
  assert.doesNotMatch(text, /(^|[.:] )Cabernet Sauvignon (ist|passt|stammt|wird)/);
  assert.doesNotMatch(text, /\bMit Cabernet Sauvignon\b/);
});

test("the alcohol is stated at most once on a wine page, the serving temperature once", () => {
  for (const p of profiles) {
    const page = pages.get(p.seed)?.page.join(" ") ?? "";
    assert.ok((page.match(/% vol/g) ?? []).length <= 1, `${p.seed}: ${page}`);
    assert.ok((page.match(/°C/g) ?? []).length <= 1, `${p.seed}`);
  }
});

test("no sentence of the description is repeated in the long description", () => {
  for (const p of profiles) {
    const [description, long] = pages.get(p.seed)?.page ?? [];
    for (const s of (description ?? "").split(/(?<=\.) (?=[A-ZÄÖÜ])/)) {
      // Whole sentences only: a split after an initial ("J.M. Gobillard") is no sentence.
      if (s.split(" ").length >= 4 && /[a-zäöüß0-9%]\.$/.test(s))
        assert.ok(!(long ?? "").includes(s), `${p.seed}: ${s}`);
    }
  }
});

test("a grape spirit gets no wine prose and a period from 0 to 0 that says it does not develop", () => {
  const spirits = profiles.filter((p) => p.category === "grape_spirit");
  assert.ok(spirits.length > 0);
  for (const p of spirits) {
    const text = textOf(p);
    assert.doesNotMatch(
      text,
      /Rotwein|Weißwein|Dessertwein|Gaumen|Säure|Tannin|gekeltert|Weinkeller/,
      `${p.seed}`,
    );
    const d = germanWriter.drinkingPeriod(p);
    assert.deepEqual([d.from, d.to], [0, 0]);
    assert.match(d.statement, /entwickelt sich in der Flasche nicht/);
  }
});

test("a fino is never called full-bodied, and no style name is written as a place", () => {
  for (const p of profiles.filter((q) => q.style.kind === "fino"))
    assert.doesNotMatch(textOf(p), /vollmundig|kraftvoll|körperreich|opulent/);
  for (const p of profiles)
    assert.doesNotMatch(textOf(p), /\b(aus|in|im|von|vom) (Fino|Amontillado|Cream) Sherry\b/, `${p.seed}`);
  for (const r of regions) {
    const i = germanWriter.regionInsight(r);
    assert.doesNotMatch(
      `${i.summary} ${i.climateAndTerroir}`,
      /\b(Aus|aus|in|In|im) (Fino|Amontillado|Cream) Sherry\b/,
    );
  }
});

test("the appellation is named with where it lies, from the record's grammar", () => {
  const base = find(
    (p) => p.nameKind === "proper" && p.facts.color === "red" && !p.nameStatesRegion && p.category === "wine",
  );
  const medoc = place("Haut-Médoc", { article: "n" }, { country: "FR" });
  const estephe = place(
    "Saint-Estèphe",
    {},
    { country: "FR", within: "Haut-Médoc", designation: { system: "AOC" } },
  );
  const p: WineProfile = { ...base, region: estephe, place: estephe, placeWithin: medoc };
  const t = germanWriter.wineTexts(p);
  assert.match(t.description, /aus Saint-Estèphe im Haut-Médoc/i);
  assert.doesNotMatch(t.description, /aus Frankreich/);
  assert.match(t.descriptionLong, /Saint-Estèphe AOC|in Saint-Estèphe/);
  const bielersee = place("Bielersee", { article: "m", prep: "an" }, { country: "CH" });
  const q: WineProfile = { ...base, region: bielersee, place: bielersee, placeWithin: undefined };
  assert.match(germanWriter.wineTexts(q).description, /vom Bielersee/i);
});

test("a style record is never written as a place: its place is", () => {
  const base = find((p) => p.style.kind === "fino");
  const jerez = place("Jerez", {}, { country: "ES" });
  const fino = place("Fino Sherry", {}, { country: "ES", kind: "style", place: "Jerez" });
  const text = Object.values(
    germanWriter.wineTexts({ ...base, region: fino, place: jerez, placeWithin: undefined }),
  ).join(" ");
  assert.match(text, /aus Jerez|in Jerez/i);
  assert.doesNotMatch(text, /(aus|in) Fino Sherry/);
});

test("a wine whose facts are typical says its palate as typical of the style, without alcohol", () => {
  const base = find((p) => p.facts.color === "white" && p.category === "wine" && p.style.kind === "white");
  const chablis = place("Chablis", {}, { country: "FR" });
  const p: WineProfile = {
    ...base,
    typical: true,
    region: chablis,
    place: chablis,
    placeWithin: undefined,
    palate: { ...base.palate, abv: null },
  };
  const t = germanWriter.wineTexts(p);
  const all = Object.values(t).join(" ");
  assert.match(
    all,
    /Weißweine aus Chablis (sind|passen) typischerweise|Typischerweise sind Weißweine aus Chablis/,
  );
  assert.doesNotMatch(all, /% vol/);
  if (p.aromas.ids.length > 0)
    assert.match(t.tastingNotes, /^Weißweine aus Chablis duften typischerweise nach/);
});

test("region insights say what the region is, from its record, and list key grapes once", () => {
  for (const r of regions) {
    const i = germanWriter.regionInsight(r);
    assert.ok(i.summary.length > 20, r.facts.names.en);
    assert.ok(i.signatureStyles.length <= 3);
    assert.ok(i.keyGrapes.length <= 5);
    assert.equal(new Set(i.keyGrapes.map((g) => g.name)).size, i.keyGrapes.length);
  }
  const base = regions[0] as RegionProfile;
  const mosel = place(
    "Mosel",
    { article: "f", prep: "an" },
    {
      designation: { system: "Anbaugebiet", since: 1971 },
      climate: "cool_continental",
      soils: ["slate"],
      features: [{ kind: "steep_slopes" }],
      grapes: ["Riesling"],
      styles: ["white_aromatic"],
    },
  );
  const i = germanWriter.regionInsight({
    ...base,
    record: mosel,
    place: mosel,
    within: undefined,
    styles: mosel.styles,
  });
  assert.match(i.summary, /^Die Mosel ist eines der dreizehn deutschen Anbaugebiete/);
  assert.match(i.climateAndTerroir, /Schiefer/);
  assert.match(i.climateAndTerroir, /an der Mosel|Die Mosel hat/);
});

test("an ice wine is never called botrytised", () => {
  const ice = profiles.filter((p) => p.terms.includes("eiswein"));
  assert.ok(ice.length > 0);
  for (const p of ice)
    assert.doesNotMatch(pages.get(p.seed)?.page.join(" ") ?? "", /edelsüß|Edelfäule|Botrytis/, `${p.seed}`);
});

test("texts are deterministic for the same profile", () => {
  for (const p of profiles.slice(0, 50)) {
    assert.deepEqual(germanWriter.wineTexts(p), germanWriter.wineTexts(p));
    assert.deepEqual(germanWriter.drinkingPeriod(p), germanWriter.drinkingPeriod(p));
  }
});
