/**
 * German grammar of the writer: place phrases from a region record's grammar, the producer after
 * "von", adjective endings by article and case, numbers and lists through Intl.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  byProducer,
  degrees,
  fromCountry,
  fromPlace,
  inPlace,
  list,
  nounPhrase,
  percentVol,
  placeSubject,
  producerSubject,
} from "./grammar.ts";
import { place } from "./test-fixtures.ts";

test("the place preposition of a record is used: vom Bielersee, an der Mosel, aus dem Rheingau", () => {
  const bielersee = place("Bielersee", { article: "m", prep: "an" });
  assert.equal(fromPlace(bielersee), "vom Bielersee");
  assert.equal(inPlace(bielersee), "am Bielersee");
  const mosel = place("Mosel", { article: "f", prep: "an" });
  assert.equal(fromPlace(mosel), "von der Mosel");
  assert.equal(inPlace(mosel), "an der Mosel");
  const rheingau = place("Rheingau", { article: "m" });
  assert.equal(fromPlace(rheingau), "aus dem Rheingau");
  assert.equal(inPlace(rheingau), "im Rheingau");
  assert.equal(placeSubject(rheingau), "der Rheingau");
});

test("plural and article-less names, and the dative form of a record", () => {
  const langhe = place("Langhe", { article: "pl" });
  assert.equal(fromPlace(langhe), "aus den Langhe");
  assert.equal(inPlace(langhe), "in den Langhe");
  const pauillac = place("Pauillac", {});
  assert.equal(fromPlace(pauillac), "aus Pauillac");
  assert.equal(inPlace(pauillac), "in Pauillac");
  const coast = place("Dalmatinische Küste", { article: "f", dative: "Dalmatinischen Küste" });
  assert.equal(fromPlace(coast), "aus der Dalmatinischen Küste");
  assert.equal(placeSubject(coast), "die Dalmatinische Küste");
});

test("the country as origin takes its article: aus der Schweiz, aus den USA, aus Frankreich", () => {
  assert.equal(fromCountry("CH"), "aus der Schweiz");
  assert.equal(fromCountry("US"), "aus den USA");
  assert.equal(fromCountry("FR"), "aus Frankreich");
});

test("the producer after von contracts with its article: vom Weingut, von der Tenuta", () => {
  assert.equal(byProducer("Weingut Robert Weil"), "vom Weingut Robert Weil");
  assert.equal(byProducer("Tenuta San Guido"), "von der Tenuta San Guido");
  assert.equal(byProducer("Château Latour"), "von Château Latour");
  assert.equal(producerSubject("Weingut Robert Weil"), "das Weingut Robert Weil");
  assert.equal(producerSubject("Casa Perini"), "Casa Perini");
});

test("adjective endings agree with article and case (ein vollmundiger, einen vollmundigen, einem …)", () => {
  const np = {
    article: "indefinite" as const,
    gender: "m" as const,
    adjectives: ["vollmundig", "trocken"],
    noun: "Rotwein",
  };
  assert.equal(nounPhrase(np, "nom"), "ein vollmundiger trockener Rotwein");
  assert.equal(nounPhrase(np, "acc"), "einen vollmundigen trockenen Rotwein");
  assert.equal(nounPhrase(np, "dat"), "einem vollmundigen trockenen Rotwein");
  assert.equal(nounPhrase({ ...np, article: "definite" }, "nom"), "der vollmundige trockene Rotwein");
  assert.equal(
    nounPhrase({ ...np, adjectives: ["extra trocken"], noun: "Sekt" }, "nom"),
    "ein extra trockener Sekt",
  );
  assert.equal(
    nounPhrase({ article: "indefinite", gender: "f", adjectives: [], noun: "Cuvée" }, "dat"),
    "einer Cuvée",
  );
});

test("numbers, percentages, temperatures and lists in German typography", () => {
  assert.equal(percentVol(13.5), "13,5 % vol");
  assert.equal(percentVol(12), "12 % vol");
  assert.equal(degrees([16, 18]), "16 bis 18 °C");
  assert.equal(
    list(["Merlot", "Cabernet Franc", "Cabernet Sauvignon"]),
    "Merlot, Cabernet Franc und Cabernet Sauvignon",
  );
});
