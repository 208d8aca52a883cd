import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { Crosswalk, type CrosswalkWine } from "./crosswalk.ts";
import { lwin, off, record, wine } from "./crosswalk-test-fixtures.ts";
import { nameWords } from "./crosswalk-words.ts";
import type { SourceRecord } from "./source-record.ts";

/** Real wines of the bundled X-Wines catalogue (ids, producers, names, regions as there). */
const WINES: CrosswalkWine[] = [
  wine(111987, "Château", "Margaux", "Margaux du Château Margaux", "red", "Margaux"),
  wine(
    111417,
    "Château",
    "Pichon Longueville Comtesse de Lalande",
    "Pauillac (Grand Cru Classé)",
    "red",
    "Pauillac",
  ),
  wine(111422, "Château", "Pichon Baron", "Pauillac (Grand Cru Classé)", "red", "Pauillac"),
  wine(111648, null, "Henri Bourgeois", "Sancerre Les Baronnes Blanc", "white", "Sancerre"),
  wine(111792, null, "Henri Bourgeois", "Sancerre Rouge Les Baronnes", "red", "Sancerre"),
  wine(112001, null, "Henri Bourgeois", "Grande Réserve Sancerre Blanc", "white", "Sancerre"),
  wine(111479, null, "Moët & Chandon", "Impérial Rosé Brut Champagne", "rose", "Champagne", "sparkling"),
  wine(111521, null, "Moët & Chandon", "Grand Vintage Brut Champagne", "white", "Champagne", "sparkling"),
  wine(111624, null, "William Fèvre", "Chablis", "white", "Chablis"),
  wine(111834, null, "William Fèvre", "Chablis 'Champs Royaux'", "white", "Chablis"),
  wine(112578, null, "Claude Dugat", "Gevrey-Chambertin", "red", "Gevrey-Chambertin"),
  wine(
    107023,
    null,
    "Markus Molitor",
    "Ürziger Würzgarten Riesling Kabinett",
    "white",
    "Mosel",
    "still",
    "DE",
  ),
  wine(111765, null, "Michel Lynch", "Bordeaux Rouge", "red", "Bordeaux"),
  wine(112149, null, "Michel Lynch", "Bordeaux Sauvignon Blanc", "white", "Bordeaux"),
  wine(155618, null, "Muga", "Muga Rosado", "rose", "Rioja", "still", "ES"),
  // Two wines of one name differing by colour only (as X-Wines has for some estates).
  wine(900001, "Château", "Baret", "Pessac-Léognan", "red", "Pessac-Léognan"),
  wine(900002, "Château", "Baret", "Pessac-Léognan", "white", "Pessac-Léognan"),
];

function crosswalk(wines = WINES): Crosswalk {
  const c = new Crosswalk();
  for (const w of wines) c.add(w);
  return c;
}

const linked = (c: Crosswalk, r: SourceRecord) => {
  const d = c.match(r);
  return d.kind === "link" ? d.wineId : d.kind;
};

test("LWIN rows of real wines link to them: title apart, no diacritics, classification apart, appellation as SUB_REGION", () => {
  const c = crosswalk();
  const pichon = { appellation: "Pauillac", color: "red" as const, classification: "2eme Cru Classe" };
  assert.equal(linked(c, lwin("Chateau", "Pichon Longueville Comtesse de Lalande", "", pichon)), 111417);
  assert.equal(linked(c, lwin("Chateau", "Pichon Baron", "", pichon)), 111422);
  assert.equal(
    linked(c, lwin(null, "Henri Bourgeois", "Les Baronnes", { appellation: "Sancerre", color: "white" })),
    111648,
  );
  assert.equal(
    linked(c, lwin(null, "Henri Bourgeois", "Les Baronnes", { appellation: "Sancerre", color: "red" })),
    111792,
  );
  assert.equal(
    linked(c, lwin(null, "Markus Molitor", "Urziger Wurzgarten Riesling Kabinett", { country: "DE" })),
    107023,
  );
  assert.equal(linked(c, lwin("Chateau", "Margaux", "Margaux du Chateau Margaux")), 111987);
});

test("Open Food Facts names link despite case, accents, titles, word order, vintages, bottle sizes and a typo", () => {
  const c = crosswalk();
  assert.equal(linked(c, off("Moët & Chandon", "MOET & CHANDON GRAND VINTAGE BRUT 2013 75CL")), 111521);
  assert.equal(linked(c, off("", "champagne brut imperial rose moet et chandon 0,75 l")), 111479);
  assert.equal(linked(c, off("Michel Lynch", "Michel Lynch Rouge Bordeaux 2019 Magnum 1,5L")), 111765);
  assert.equal(linked(c, off("Muga", "Rosado Muga 2022 6x75cl")), 155618);
  assert.equal(linked(c, off("William Fevre", "Chablis Champs Royaux William Fevre 2020 750 ml")), 111834);
  assert.equal(linked(c, off("Henri Bourgeois", "Henri Bourgois Sancerre Les Baronnes Blanc 2021")), 111648);
  assert.equal(
    linked(c, off("Markus Molitor", "Markus Molitor Uerziger Wuerzgarten Riesling Kabinett 2019")),
    107023,
  );
  assert.equal(linked(c, off("Ch. Pichon Longueville Comtesse de Lalande", "Pauillac 2010 37,5cl")), 111417);
});

test("Other wines of a producer, second wines, other colours and other crus do not link (none, or review at most)", () => {
  const c = crosswalk();
  // Château Margaux's grand vin is not in the catalogue: its third wine must not take its records.
  assert.notEqual(
    c.match(lwin("Chateau", "Margaux", "", { appellation: "Margaux", color: "red" })).kind,
    "link",
  );
  assert.notEqual(c.match(off("Château Margaux", "Château Margaux 2015 75cl")).kind, "link");
  assert.notEqual(c.match(off("", "Pavillon Rouge du Chateau Margaux 2016")).kind, "link");
  // Réserve vs plain, Blanc vs Rouge, Chambertin crus, Brut vs Rosé.
  assert.notEqual(linked(c, off("Henri Bourgeois", "Sancerre Les Baronnes Reserve Blanc 2020")), 111648);
  assert.equal(linked(c, off("Henri Bourgeois", "Grande Reserve Sancerre Blanc")), 112001);
  assert.notEqual(
    c.match(lwin(null, "Michel Lynch", "Bordeaux Blanc", { appellation: "Bordeaux", color: "white" })).kind,
    "link",
  );
  assert.notEqual(
    linked(
      c,
      lwin(null, "Claude Dugat", "Chambertin-Clos de Beze", { appellation: "Chambertin-Clos de Beze" }),
    ),
    112578,
  );
  assert.notEqual(
    c.match(lwin(null, "Claude Dugat", "Gevrey-Chambertin Premier Cru", { color: "red" })).kind,
    "link",
  );
  assert.notEqual(
    c.match(off("Moët & Chandon", "Moet & Chandon Grand Vintage Rose 2013", { color: "rose" })).kind,
    "link",
  );
  assert.notEqual(c.match(off("", "Chablis Premier Cru William Fevre 2019")).kind, "link");
  // A producer with a similar name, and a wine of another country.
  assert.notEqual(
    c.match(lwin("Chateau", "Pichon Longueville Baron de Pichon", "", { appellation: "Pauillac" })).kind,
    "link",
  );
  assert.notEqual(c.match(lwin(null, "Muga", "Rosado", { country: "AR" })).kind, "link");
});

test("unsure records go to review with the best candidate and a reason", () => {
  const c = crosswalk();
  const byColour = c.match(off("Château Baret", "Chateau Baret Pessac-Leognan 2016 75cl"));
  assert.equal(byColour.kind, "review");
  assert.ok(
    byColour.kind === "review" &&
      /colour/.test(byColour.reason) &&
      [900001, 900002].includes(byColour.wineId),
  );
  // With the colour stated, the same record links.
  assert.equal(
    linked(c, off("Château Baret", "Chateau Baret Pessac-Leognan 2016", { color: "white" })),
    900002,
  );
  const partly = c.match(
    lwin(null, "William Fevre", "Chablis Montmains", { appellation: "Chablis", color: "white" }),
  );
  assert.equal(partly.kind, "review");
  assert.ok(partly.kind === "review" && partly.wineId === 111624 && /only partly/.test(partly.reason));
  const otherAppellation = c.match(
    lwin(null, "Muga", "Rosado", { appellation: "Navarra", color: "rose", country: "ES" }),
  );
  assert.deepEqual(otherAppellation.kind === "review" && [otherAppellation.wineId, otherAppellation.reason], [
    155618,
    "appellation differs",
  ]);
});

test("accept() takes a wine out, and a better-fitting wine that is not accepted sends the record to review", () => {
  const c = crosswalk();
  const r = lwin(null, "Henri Bourgeois", "Les Baronnes", { appellation: "Sancerre", color: "white" });
  assert.equal(c.match(r, (id) => id !== 111648).kind, "none");
  // "Chablis" fits William Fèvre's Chablis exactly; without it, "Champs Royaux" is missing a word anyway.
  const chablis = off("William Fevre", "William Fevre Chablis 2021");
  assert.equal(linked(c, chablis), 111624);
  const d = c.match(chablis, (id) => id !== 111624);
  assert.notEqual(d.kind, "link");
});

test("remove() takes a wine out of the index; add() again puts it back", () => {
  const c = crosswalk();
  const r = off("Muga", "Muga Rosado 2021");
  assert.equal(linked(c, r), 155618);
  c.remove(155618);
  assert.equal(linked(c, r), "none");
  assert.equal(c.size, WINES.length - 1);
  c.remove(155618); // unknown now: ignored
  c.add(WINES.find((w) => w.id === 155618) as CrosswalkWine);
  assert.equal(linked(c, r), 155618);
});

test("names lose vintages, bottle sizes, titles and particles; keep the by-line of a second wine", () => {
  assert.deepEqual(nameWords("Château Margaux 2015 75cl").words, ["margaux"]);
  assert.equal(nameWords("Château Margaux 2015 75cl").vintage, 2015);
  assert.deepEqual(nameWords("CH. MARGAUX 0,75 L Magnum 1.5L 6x75cl").words, ["margaux"]);
  assert.deepEqual(nameWords("Domaine de la Romanée-Conti").words, ["romanee", "conti"]);
  assert.deepEqual(nameWords("Margaux du Château Margaux").words, ["margaux", "§of-estate"]);
  assert.deepEqual(nameWords("St-Émilion Saint Emilion").words, ["st", "emilion"]);
});

/** Accent stripping, case and title form of a text, chosen by the property test. */
const writing = fc.record({
  accents: fc.boolean(),
  upper: fc.constantFrom("as is", "lower", "upper"),
  title: fc.constantFrom("apart", "in name", "abbreviated", "left out"),
});

test("property: a wine written with any accents, case and title form links to itself, never to another producer's wine", () => {
  const c = crosswalk();
  const unique = WINES.filter((w) => !w.id.toString().startsWith("9"));
  fc.assert(
    fc.property(fc.constantFrom(...unique), writing, (w, how) => {
      const strip = (t: string) => (how.accents ? t.normalize("NFD").replace(/\p{M}+/gu, "") : t);
      const kase = (t: string) =>
        how.upper === "lower" ? t.toLowerCase() : how.upper === "upper" ? t.toUpperCase() : t;
      const title = w.producerTitle;
      const producer =
        title === null || how.title === "left out"
          ? { name: w.producerName, title: null }
          : how.title === "apart"
            ? { name: w.producerName, title }
            : how.title === "abbreviated"
              ? { name: `Ch. ${w.producerName}`, title: null }
              : { name: `${title} ${w.producerName}`, title: null };
      const r = record({
        source: "lwin",
        producer: { name: kase(strip(producer.name)), title: producer.title && kase(strip(producer.title)) },
        wineName: kase(strip(w.name)),
        color: w.color,
        type: w.type,
        subType: w.subType,
        country: w.country,
        appellation: strip(w.region),
      });
      const d = c.match(r);
      assert.equal(d.kind, "link", JSON.stringify([r.producer, r.wineName, d]));
      assert.equal(d.kind === "link" && d.wineId, w.id);
      // The same record by another producer links to no wine.
      const other = c.match({ ...r, producer: { name: "Bodegas Imaginarias", title: null } });
      assert.notEqual(other.kind, "link");
    }),
    { numRuns: 300 },
  );
});
