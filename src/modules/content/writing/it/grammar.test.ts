/** The Italian grammar of the writer: articles, articulated prepositions, euphonic forms, numbers. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { grapeGender, list, prep, prepPercent, prepYear, the, years } from "./grammar.ts";
import { fromPlace, inPlace, namedPlace, ofPlace } from "./places.ts";

const all = (s: string) => ({ de: s, en: s, fr: s, it: s });

test("the masculine article is il, lo before s + consonant, z and the French ch, l' before a vowel", () => {
  assert.equal(the("Sangiovese"), "il Sangiovese");
  assert.equal(the("Chardonnay"), "lo Chardonnay");
  assert.equal(the("Shiraz"), "lo Shiraz");
  assert.equal(the("Zinfandel"), "lo Zinfandel");
  assert.equal(the("Aglianico"), "l'Aglianico");
  assert.equal(the("Syrah"), "il Syrah");
});

test("grape names in -a are feminine and take la: la Corvina, la Rondinella, la Barbera, la Touriga Nacional", () => {
  for (const g of ["Corvina", "Rondinella", "Barbera", "Touriga Nacional", "Garnacha Tinta"])
    assert.equal(grapeGender(g), "f", g);
  assert.equal(the("Corvina", grapeGender("Corvina")), "la Corvina");
  assert.equal(the("Ancellotta", grapeGender("Ancellotta")), "l'Ancellotta");
  assert.equal(grapeGender("Nero d'Avola"), "m");
  assert.equal(grapeGender("Sangiovese"), "m");
});

test("prepositions contract with the article and elide before a vowel", () => {
  assert.equal(prep("in", "le", "Langhe"), "nelle Langhe");
  assert.equal(prep("da", "la", "Toscana"), "dalla Toscana");
  assert.equal(prep("di", "la", "Alsazia"), "dell'Alsazia");
  assert.equal(prep("di", "lo", "Chardonnay"), "dello Chardonnay");
  assert.equal(prep("a", undefined, "Asti"), "ad Asti");
  assert.equal(prep("a", undefined, "Valdepeñas"), "a Valdepeñas");
  assert.equal(prep("con", "il", "manzo"), "con il manzo");
});

test("place phrases without a record use the article the Italian name takes", () => {
  const langhe = namedPlace(all("Langhe"));
  assert.equal(inPlace(langhe), "nelle Langhe");
  assert.equal(fromPlace(langhe), "dalle Langhe");
  assert.equal(ofPlace(langhe), "delle Langhe");
  assert.equal(inPlace(namedPlace({ ...all("Tuscany"), it: "Toscana" })), "in Toscana");
  assert.equal(fromPlace(namedPlace({ ...all("Tuscany"), it: "Toscana" })), "dalla Toscana");
  assert.equal(inPlace(namedPlace(all("Valdepeñas"))), "a Valdepeñas");
  assert.equal(
    inPlace(namedPlace({ ...all("Central Valley"), it: "Valle Centrale" })),
    "nella Valle Centrale",
  );
  assert.equal(inPlace(namedPlace({ ...all("Piedmont"), it: "Piemonte" })), "in Piemonte");
});

test("alcohol and years take their articles; lists take the euphonic ed", () => {
  assert.equal(prepPercent("di", 12), "del 12%");
  assert.equal(prepPercent("di", 11), "dell'11%");
  assert.equal(prepPercent("di", 13.5), "del 13,5%");
  assert.equal(prepPercent("con", 8), "con l'8%");
  assert.equal(prepYear("a", 2034), "al 2034");
  assert.equal(years(1), "un anno");
  assert.equal(years(3), "tre anni");
  assert.equal(list(["frutti rossi", "ciliegia", "erbe secche"]), "frutti rossi, ciliegia ed erbe secche");
  assert.equal(list(["mela", "limone"]), "mela e limone");
});
