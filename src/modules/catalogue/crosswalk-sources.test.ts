/**
 * The crosswalk on what the sources write beyond word-for-word names: places at other levels and in
 * other languages, classed-growth ranks, initials and business words, producer conflicts (estate
 * titles, compound order, words across the producer/wine boundary), title preference.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Crosswalk, type CrosswalkWine } from "./crosswalk.ts";
import { lwin, off, wine } from "./crosswalk-test-fixtures.ts";
import { BY_LINE, nameWords } from "./crosswalk-words.ts";
import type { SourceRecord } from "./source-record.ts";

function crosswalk(wines: CrosswalkWine[]): Crosswalk {
  const c = new Crosswalk();
  for (const w of wines) c.add(w);
  return c;
}

const linked = (c: Crosswalk, r: SourceRecord) => {
  const d = c.match(r);
  return d.kind === "link" ? d.wineId : d.kind;
};

test("an appellation named at another level or in another language agrees; two villages of one region do not", () => {
  const c = crosswalk([
    {
      ...wine(135867, "Tenuta", "San Guido", "Le Difese", "red", "Tuscany", "still", "IT"),
      regionNames: ["Toskana", "Toscane", "Toscana"],
    },
    wine(
      107183,
      null,
      "Fritz Haag",
      "Brauneberger Juffer Riesling Auslese",
      "white",
      "Brauneberg",
      "still",
      "DE",
    ),
    wine(101617, "Quinta", "do Noval", "Cedro do Noval", "red", "Duriense", "still", "PT"),
    wine(111398, null, "La Vieille Ferme", "Rouge", "red", "Rhône Valley"),
    wine(900010, null, "Domaine Exemple", "Rouge", "red", "Margaux"),
  ]);
  const it = { country: "IT", color: "red" as const };
  assert.equal(
    linked(c, lwin("Tenuta", "San Guido", "Le Difese", { ...it, region: "Tuscany", appellation: "Toscana" })),
    135867,
  );
  assert.equal(
    linked(
      c,
      lwin("Weingut", "Fritz Haag", "Brauneberger Juffer Riesling Auslese", {
        country: "DE",
        color: "white",
        region: "Mosel",
        appellation: "Mosel",
      }),
    ),
    107183,
  );
  assert.equal(
    linked(
      c,
      lwin("Quinta", "do Noval", "Cedro do Noval", {
        country: "PT",
        color: "red",
        region: "Douro",
        appellation: "Douro",
      }),
    ),
    101617,
  );
  assert.equal(
    linked(
      c,
      lwin(null, "La Vieille Ferme", "Rouge", { color: "red", region: "Rhone", appellation: "Ventoux" }),
    ),
    111398,
  );
  // Pauillac and Margaux both lie in Bordeaux (Haut-Médoc): a "Rouge" of one is not the other's.
  assert.equal(
    linked(
      c,
      lwin(null, "Domaine Exemple", "Rouge", { color: "red", region: "Bordeaux", appellation: "Pauillac" }),
    ),
    "review",
  );
  // Another region altogether.
  assert.equal(
    linked(
      c,
      lwin(null, "La Vieille Ferme", "Rouge", { color: "red", region: "Burgundy", appellation: "Beaune" }),
    ),
    "review",
  );
});

test("Open Food Facts: a classed growth's rank, Porto for Port, initials and business words a brand leaves out or adds", () => {
  const c = crosswalk([
    wine(111429, "Château", "Montrose", "Saint-Estèphe (Grand Cru Classé)", "red", "Saint-Estèphe"),
    wine(102055, null, "Sandeman", "Fine Ruby Port", "red", "Port", "still", "PT"),
    wine(101660, null, "W. & J. Graham's", "10 Year Old Tawny Port", "red", "Port", "still", "PT"),
    wine(179012, null, "Caymus", "Cabernet Sauvignon", "red", "Napa Valley", "still", "US"),
    wine(900020, null, "Domaine Exemple", "Pauillac", "red", "Pauillac"),
  ]);
  const montrose = "CHATEAU MONTROSE SAINT ESTEPHE 2ND GRAND CRU CLASSE 2010 0,75L";
  assert.equal(linked(c, off("Château Montrose", montrose)), 111429);
  assert.equal(linked(c, off("Sandeman", "Sandeman Fine Ruby Porto")), 102055);
  assert.equal(linked(c, off("Graham's", "Graham's 10 Year Old Tawny Port 75cl")), 101660);
  assert.equal(linked(c, off("Caymus Vineyards", "Caymus Napa Valley Cabernet Sauvignon 750ML")), 179012);
  // A rank without a classed growth's name, and initials that differ, do not fit.
  assert.notEqual(linked(c, off("Domaine Exemple", "Domaine Exemple Pauillac 2nd")), 900020);
  assert.notEqual(linked(c, off("P. Graham's", "P. Graham's 10 Year Old Tawny Port")), 101660);
  // "2nd" alone is a second wine, not a rank: Montrose's grand vin is not its second wine.
  assert.notEqual(linked(c, off("Château Montrose", "Montrose 2nd wine Saint-Estephe")), 111429);
});

test("conflicting estate titles and producer words on the wrong side of the producer/wine boundary go to review", () => {
  const c = crosswalk([
    wine(900030, "Château", "Lefevre-Rousseau", "Cuvée Prestige", "red", "Bordeaux"),
    wine(900031, "Cascina", "Sartori Casalnuovo", "Selezione Orlandi", "red", "Piemonte", "still", "IT"),
    wine(900032, "Finca", "Las Moras", "Alma Mora", "red", "San Juan", "still", "AR"),
  ]);
  const bordeaux = { color: "red" as const, country: "FR" };
  assert.equal(
    linked(c, off("Domaine Rousseau-Lefèvre", "Domaine Rousseau-Lefèvre Cuvée Prestige 2018", bordeaux)),
    "review",
  );
  assert.equal(
    linked(c, off("Château Lefèvre-Rousseau", "Lefevre-Rousseau Cuvée Prestige 2018", bordeaux)),
    900030,
  );
  assert.equal(linked(c, off("Lefèvre Rousseau", "Cuvée Prestige 2018", bordeaux)), 900030);
  // The compound in the other order is another name, whatever the title.
  assert.equal(linked(c, off("Rousseau-Lefèvre", "Cuvée Prestige 2018", bordeaux)), "review");
  const it = { color: "red" as const, country: "IT" };
  assert.equal(linked(c, off("Cantina Orlandi Casalnuovo", "Selezione Sartori 2019", it)), "review");
  assert.equal(linked(c, off("Sartori Casalnuovo", "Selezione Orlandi 2019", it)), 900031);
  // Two titles in a row name one estate: "Bodega Finca Las Moras" is Finca Las Moras.
  assert.equal(
    linked(c, off("", "Bodega Finca Las Moras Alma Mora 75cl", { color: "red", country: "AR" })),
    900032,
  );
});

test("a producer conflict breaks a tie: the wine of the record's own estate title and name order links", () => {
  const c = crosswalk([
    wine(900040, "Tenuta", "Santoro Le Vigne", "Collezione", "red", "Abruzzo", "still", "IT"),
    wine(900041, "Podere", "Santoro Le Vigne", "Collezione", "red", "Valle d'Aosta", "still", "IT"),
    wine(900042, null, "Holloway-Sullivan", "Winemaker's Selection", "red", "Napa Valley", "still", "US"),
    wine(900043, null, "Sullivan-Holloway", "Winemaker's Selection", "red", "Finger Lakes", "still", "US"),
  ]);
  assert.equal(
    linked(c, off("Podere Santoro Le Vigne", "Collezione Podere Santoro Le Vigne 2014", { color: "red" })),
    900041,
  );
  assert.equal(linked(c, off("Tenuta Santoro Le Vigne", "Collezione 2014", { color: "red" })), 900040);
  assert.equal(linked(c, off("Santoro Le Vigne", "Collezione 2014", { color: "red" })), "review");
  assert.equal(
    linked(c, off("Sullivan-Holloway", "Sullivan-Holloway - Winemaker's Selection - 2007", { color: "red" })),
    900043,
  );
  assert.equal(linked(c, off("Holloway-Sullivan", "Winemaker's Selection 2007", { color: "red" })), 900042);
});

test("a colour word is no typo of a producer's word, a title typo stands first, a brandless name writes its producer in one piece", () => {
  const c = crosswalk([
    wine(900050, "Casa", "Pinto-Fernandes", "Selecao do Enologo Tinto", "red", "Douro", "still", "PT"),
    wine(900051, "Castillo", "Ramos-Ramos", "Vinas Viejas", "red", "Rioja", "still", "ES"),
    wine(900052, "Tenuta", "Donati Rocca Nera", "Selezione Lombardi", "red", "Toscana", "still", "IT"),
    wine(900053, "Château", "Margaux", "Pavillon Rouge du Château Margaux", "red", "Margaux"),
  ]);
  assert.notEqual(
    linked(c, off("Fernandes-Fernandes", "Fernandes-Fernandes Seleção do Enólogo Tinto 2022")),
    900050,
  );
  assert.notEqual(linked(c, off("Ramos Castrillo", "Viñas Viejas Ramos Castrillo 750 ml")), 900051);
  assert.equal(linked(c, off("", "Castllo Ramos-Ramos Viñas Viejas 750 ml", { color: "red" })), 900051);
  assert.equal(linked(c, off("", "Lombardi Rocca Nera Selezione Donati Rosso 750 ml")), "review");
  assert.equal(linked(c, off("", "Donati Rocca Nera Selezione Lombardi Rosso 750 ml")), 900052);
  assert.equal(linked(c, off("", "Chtaeau Margaux Pavillon Rouge 2015")), 900053);
});

test("a record's estate title prefers the wine of that title to an untitled one; alone, the untitled one links", () => {
  const two = crosswalk([
    wine(900060, "Tenuta", "Serra-Bellini", "Classico Rosso", "red", "Toscana", "still", "IT"),
    wine(900061, null, "Serra-Bellini", "Classico Rosso", "red", "Piemonte", "still", "IT"),
  ]);
  assert.equal(
    linked(two, off("Tenuta Serra-Bellini", "Tenuta Serra-Bellini - Classico Rosso - 750 ml")),
    900060,
  );
  assert.equal(linked(two, off("Serra-Bellini", "Serra-Bellini Classico Rosso")), "review");
  const one = crosswalk([
    wine(900061, null, "Serra-Bellini", "Classico Rosso", "red", "Piemonte", "still", "IT"),
  ]);
  assert.equal(linked(one, off("Tenuta Serra-Bellini", "Classico Rosso 2019")), 900061);
});

test("'du Domaine' followed by a vintage or a bottle size is no by-line", () => {
  assert.deepEqual(nameWords("Réserve du Domaine 2015 75cl").words, ["reserve"]);
  assert.deepEqual(nameWords("Réserve du Domaine - 37.5cl").words, ["reserve"]);
  assert.ok(nameWords("Pavillon Rouge du Château Margaux").words.includes(BY_LINE));
});
