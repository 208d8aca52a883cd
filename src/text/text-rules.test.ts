import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fold, transliterate } from "../domain/text-folding.ts";
import { osaDistance } from "./edit-distance.ts";
import {
  abbreviationAlternatives,
  bareVowelSpellings,
  indexWords,
  queryWords,
  typoAllowance,
} from "./text-rules.ts";

describe("normalization", () => {
  test("fold: case, accents, ß/æ/œ, punctuation as spaces", () => {
    assert.equal(fold("Rosé"), "rose");
    assert.equal(fold("CHÂTEAU Léoville-Poyferré"), "chateau leoville poyferre");
    assert.equal(fold("Gewürztraminer"), "gewurztraminer");
    assert.equal(fold("Weißburgunder  Cœur"), "weissburgunder coeur");
    assert.equal(fold("Churchill's Ch. St.-Émilion"), "churchill s ch st emilion");
  });

  test("transliterate: umlauts to e-digraphs, ø/å; word boundaries unchanged", () => {
    assert.equal(transliterate("Müller-Thurgau"), "Mueller-Thurgau");
    assert.equal(transliterate("Ürziger Würzgarten"), "Uerziger Wuerzgarten");
    assert.equal(
      transliterate("Gewürztraminer Höllenberg Spätlese"),
      "Gewuerztraminer Hoellenberg Spaetlese",
    );
    assert.equal(transliterate("Kjøbenhavn Åland"), "Kjoebenhavn Aaland");
    assert.equal(transliterate("Château"), "Château");
  });

  test("indexWords: folded words plus aliases only where the transliteration differs", () => {
    assert.deepEqual(indexWords("Kettmeir Müller Thurgau"), {
      words: ["kettmeir", "muller", "thurgau"],
      aliases: [null, "mueller", null],
    });
    assert.deepEqual(indexWords(""), { words: [], aliases: [] });
  });

  test("indexWords: plain ASCII names give the words of fold", () => {
    for (const text of [
      "Penfolds Bin 389 Cabernet-Shiraz",
      " St. Hallett's  'Old Block' ",
      "A&B_C (2015)",
      "...",
      "x\ty",
    ]) {
      const folded = fold(text);
      assert.deepEqual(indexWords(text).words, folded === "" ? [] : folded.split(" "), text);
      assert.ok(
        indexWords(text).aliases.every((a) => a === null),
        text,
      );
    }
  });

  test("queryWords: folded, at most 12 words", () => {
    assert.deepEqual(queryWords("  Ch. MARGAUX  "), ["ch", "margaux"]);
    assert.equal(queryWords("a b c d e f g h i j k l m n").length, 12);
    assert.deepEqual(queryWords(" ... "), []);
  });
});

describe("abbreviations", () => {
  test("abbreviation to full forms, multi-word phrases", () => {
    assert.deepEqual(abbreviationAlternatives("ch"), [["chateau"]]);
    assert.deepEqual(abbreviationAlternatives("ste"), [["sainte"]]);
    assert.deepEqual(abbreviationAlternatives("dom"), [["domaine"]]);
    assert.deepEqual(abbreviationAlternatives("cab"), [["cabernet"]]);
    assert.deepEqual(abbreviationAlternatives("sauv"), [["sauvignon"]]);
    assert.deepEqual(abbreviationAlternatives("cs"), [["cabernet", "sauvignon"]]);
    assert.ok(abbreviationAlternatives("st").some((a) => a[0] === "saint"));
  });

  test("one-word full forms lead back to their abbreviations", () => {
    assert.ok(abbreviationAlternatives("saint").some((a) => a[0] === "st"));
    assert.ok(abbreviationAlternatives("chateau").some((a) => a[0] === "ch"));
    assert.deepEqual(abbreviationAlternatives("merlot"), []);
  });
});

describe("typo rules", () => {
  test("allowance: 0 below 4 letters, 1 for 4–7, 2 from 8", () => {
    assert.deepEqual([1, 3, 4, 7, 8, 15].map(typoAllowance), [0, 0, 1, 1, 2, 2]);
  });

  test("optimal string alignment distance: a transposition is one edit", () => {
    assert.equal(osaDistance("merlot", "merlot"), 0);
    assert.equal(osaDistance("merlot", "melrot"), 1);
    assert.equal(osaDistance("merlot", "merlt"), 1);
    assert.equal(osaDistance("merlot", "merlott"), 1);
    assert.equal(osaDistance("merlot", "marlot"), 1);
    assert.equal(osaDistance("koonunga", "kounonga"), 2);
    assert.equal(osaDistance("ca", "abc"), 3);
    assert.equal(osaDistance("", "abc"), 3);
  });

  test("distance stops at max + 1", () => {
    assert.equal(osaDistance("chardonnay", "zinfandel", 2), 3);
    assert.equal(osaDistance("a", "abcdef", 1), 2);
  });
});

describe("bare-vowel spellings of a query word", () => {
  test("each e-digraph reduced or kept, the word itself left out", () => {
    assert.deepEqual(bareVowelSpellings("spaetburgunder"), ["spatburgunder"]);
    assert.deepEqual(bareVowelSpellings("mueller"), ["muller"]);
    assert.deepEqual(bareVowelSpellings("hoelle"), ["holle"]);
    assert.deepEqual(
      bareVowelSpellings("uerzigerwuerz").sort(),
      ["urzigerwuerz", "uerzigerwurz", "urzigerwurz"].sort(),
    );
    assert.deepEqual(bareVowelSpellings("riesling"), []);
    // å's "aa" is no e-digraph: "aalto" keeps its spelling.
    assert.deepEqual(bareVowelSpellings("aalto"), []);
  });

  test("every spelling folds a transliterated umlaut word back to the word without its umlauts", () => {
    for (const name of ["Müller", "Spätburgunder", "Würzgarten", "Höllenberg", "Ürziger"]) {
      const translit = fold(transliterate(name));
      assert.ok(bareVowelSpellings(translit).includes(fold(name)), name);
    }
  });
});
