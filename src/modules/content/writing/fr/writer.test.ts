/**
 * The French writer on the real bundled catalogue and on small made-up region records: elision and
 * contraction, place phrases from a record's grammar, names of only style words never bare, the
 * appellation named, grape spirits without wine prose, no catalogue wording, no style name as a place.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../../db/database.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import type { WineFacts } from "../../../../domain/wine/wine-facts.ts";
import { decideWine, type WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { loadWineFacts } from "../../content.repository.ts";
import { aNp, de, deArticle, fromPlace, inPlace, que } from "./grammar.ts";
import { frenchWriter } from "./index.ts";
import { wineRef } from "./words.ts";

let db: Db;
let wines: WineFacts[];
let profiles: WineProfile[];

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  wines = await loadWineFacts(db.kysely, ids);
  profiles = wines.map((w) => decideWine(w, 2026));
});
after(() => db.destroy());

/** All four wine texts and the drinking period of a profile, joined. */
function page(p: WineProfile): string {
  const t = frenchWriter.wineTexts(p);
  const d = frenchWriter.drinkingPeriod(p);
  return [
    t.description,
    t.descriptionLong,
    t.tastingNotes,
    t.pairing,
    d.statement,
    d.young,
    d.ripe,
    d.storage,
  ].join(" ");
}

test("elision and contraction are built from parts", () => {
  assert.equal(de("Urmeneta"), "d'Urmeneta");
  assert.equal(que("Urmeneta"), "qu'Urmeneta");
  assert.equal(que("Castellamare"), "que Castellamare");
  assert.equal(deArticle("le", "Médoc"), "du Médoc");
  assert.equal(deArticle("les", "Langhe"), "des Langhe");
  assert.equal(deArticle("le", "Haut-Médoc"), "du Haut-Médoc");
  assert.equal(deArticle("la", "Alsace"), "de l'Alsace");
  assert.equal(aNp("le Malbec"), "au Malbec");
  assert.equal(inPlace({ name: "Champagne", article: "la", prep: "en" }), "en Champagne");
  assert.equal(fromPlace({ name: "Champagne", article: "la", prep: "en" }), "de Champagne");
  assert.equal(inPlace({ name: "Pauillac" }), "à Pauillac");
  assert.equal(inPlace({ name: "Médoc", article: "le", prep: "dans" }), "dans le Médoc");
});

test("the place preposition of a region record is used, with the region it lies in", () => {
  const base = profiles.find((p) => p.facts.region.names.en === "Pauillac");
  assert.ok(base, "a Pauillac wine");
  const record = (name: string, fr: RegionRecord["grammar"]["fr"], within?: string): RegionRecord => ({
    name,
    country: "FR",
    kind: "appellation",
    names: { de: name, en: name, fr: name, it: name },
    grammar: { en: {}, de: {}, fr, it: {} },
    soils: [],
    features: [],
    grapes: [],
    styles: [],
    sources: ["test"],
    ...(within ? { within } : {}),
  });
  const p: WineProfile = {
    ...base,
    place: record("Pauillac", { prep: "à" }, "Haut-Médoc"),
    placeWithin: record("Haut-Médoc", { article: "le", prep: "dans" }),
  };
  const t = frenchWriter.wineTexts(p);
  assert.match(`${t.description} ${t.descriptionLong}`, /(à|de) Pauillac, dans le Haut-Médoc/);
  assert.doesNotMatch(`${t.description} ${t.descriptionLong}`, /en France/);
});

test("a name of only style words is never a bare subject or object", () => {
  const styleWords = profiles.filter((p) => p.nameKind === "style_words");
  assert.ok(styleWords.length > 0);
  for (const p of styleWords) {
    const ref = wineRef(p);
    assert.match(ref.np, /^(le |la |l')/, `${p.facts.name}: ${ref.np}`);
    const text = page(p);
    const bare = new RegExp(
      `(^|\\. |élabore |propose |produit |[Aa]vec )${p.facts.name}( \\d{4})? (est|offre|voit|se|de |,)`,
    );
    assert.doesNotMatch(text, bare, `${p.facts.name}: ${text}`);
  }
});

test("the appellation or region is named in the description", () => {
  let named = 0;
  for (const p of profiles) {
    const names = p.facts.region.names;
    if (/^(vin de france|vino d'italia|vinho de portugal|vino de espana|vino de españa)$/i.test(names.en))
      continue;
    if (
      p.region?.kind === "style" ||
      ["Fino Sherry", "Amontillado Sherry", "Cream Sherry", "Port"].includes(names.en)
    )
      continue;
    const t = frenchWriter.wineTexts(p);
    // The record's French name ("Toscane") or the catalogue's.
    const said = [p.place?.names.fr, names.fr, names.en].filter((n): n is string => !!n);
    if (said.some((n) => `${t.description} ${t.descriptionLong}`.includes(n))) named++;
  }
  assert.ok(named / profiles.length > 0.9, `named in ${named} of ${profiles.length}`);
});

test("a grape spirit gets no wine prose and a window of 0 to 0", () => {
  const spirits = profiles.filter((p) => p.category === "grape_spirit");
  assert.ok(spirits.length > 0);
  for (const p of spirits) {
    const d = frenchWriter.drinkingPeriod(p);
    assert.equal(d.from, 0);
    assert.equal(d.to, 0);
    assert.doesNotMatch(page(p), /\bvin (rouge|blanc|de dessert)|\bcave\b|tanins|millésime/);
  }
});

test("no catalogue wording and no style name written as a place", () => {
  for (const p of profiles) {
    const text = page(p);
    assert.doesNotMatch(text, /catalogue|référencé|répertorié/i);
    assert.doesNotMatch(text, /\b(de|d'|à|en|dans) (Fino|Amontillado|Cream) Sherry/);
    assert.doesNotMatch(text, /(?<!\p{L})que [AEIOUÉaeiouéè]/u, `elision missing: ${text}`);
    assert.doesNotMatch(text, /\b(de le|à le|de les|à les) /);
  }
});
