/**
 * Spell checking of generated texts with Hunspell dictionaries (nspell + dictionary-de, dictionary-en-gb,
 * dictionary-fr, dictionary-it), for the spelling test of the offline generator (spelling.test.ts).
 * Test-only: not imported by the service. English is checked as British English, the spelling the texts
 * use throughout ("catalogue", "flavour", "ageing").
 *
 * - Words are letters with inner apostrophes or hyphens; tokens with digits are skipped. French and
 *   Italian elided articles and prepositions ("l'", "d'", "dell'", "un'") are split off and the rest is
 *   checked; English possessive "'s" is dropped; hyphenated words are checked part by part.
 * - German compounds ("Rotwein", "Markteinführung") are accepted when they split into known words, with
 *   an optional linking s: a simplified reading of the dictionary's COMPOUNDBEGIN/END flags, which
 *   nspell does not implement. nspell also merges the flags of all entries of a word, so an entry marked
 *   compound-only (flag o) or needing an affix (flag h) would hide the word's plain entry ("fest/AC",
 *   "fest/hke"): these two flags are dropped from the German dictionary before loading.
 * - The Italian dictionary takes minutes to expand in nspell; only its entries whose stem begins with the
 *   first four letters of a word to check (three for words of up to four letters, whose stem may
 *   end otherwise: "nero" → "neri"), or that are shorter than four letters, are loaded.
 */
import nspell from "nspell";
import type { Language } from "../../domain/vocabulary.ts";

/** Splits a text into word tokens (letters, inner apostrophes and hyphens). */
export function tokens(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).filter((t) => !/\d/.test(t));
}

/** The parts of a token to look up: elisions split off, possessives dropped, hyphenated parts. */
export function lookups(token: string, lang: Language): string[] {
  let word = token.replace(/’/g, "'");
  if (lang === "en") word = word.replace(/'s$/, "");
  if (lang === "fr" || lang === "it") word = word.replace(/^\p{L}{1,7}'/u, "");
  return word.split(/[-']/).filter((p) => p.length > 0);
}

type Dictionary = { aff: Uint8Array; dic: Uint8Array };

async function loadDictionary(lang: Language): Promise<Dictionary> {
  switch (lang) {
    case "de":
      return (await import("dictionary-de")).default;
    case "en":
      return (await import("dictionary-en-gb")).default;
    case "fr":
      return (await import("dictionary-fr")).default;
    case "it":
      return (await import("dictionary-it")).default;
  }
}

/** A spell checker for one language, loaded with the entries that can matter for `words`. */
export interface Speller {
  correct(word: string): boolean;
}

/** Loads the language's dictionary (see the module comment for what is changed before loading). */
export async function speller(lang: Language, words: Iterable<string>): Promise<Speller> {
  const { aff, dic } = await loadDictionary(lang);
  let lines = new TextDecoder().decode(dic).split("\n").slice(1);
  if (lang === "de")
    lines = lines.map((line) =>
      line.replace(/\/(\S+)/, (_, flags: string) => `/${flags.replace(/[oh]/g, "")}`),
    );
  if (lang === "it") {
    const prefixes = new Set([...words].map((w) => w.toLowerCase().slice(0, Math.min(4, w.length - 1))));
    lines = lines.filter((line) => {
      const stem = (line.split(/[/\t ]/)[0] ?? "").toLowerCase();
      return (
        stem.length > 0 &&
        (stem.length < 4 || prefixes.has(stem.slice(0, 3)) || prefixes.has(stem.slice(0, 4)))
      );
    });
  }
  const spell = nspell(Buffer.from(aff), `${lines.length}\n${lines.join("\n")}`);
  const correct = (w: string): boolean => spell.correct(w);
  return {
    correct(word: string): boolean {
      if (correct(word)) return true;
      return lang === "de" && deCompound(word, correct);
    },
  };
}

/** A German compound of known words ("Trink" + "temperatur"), each part ≥ 3 letters, linking s allowed. */
function deCompound(word: string, correct: (w: string) => boolean, depth = 0): boolean {
  if (depth > 2) return false;
  const noun = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  for (let i = 3; i <= word.length - 3; i++) {
    const head = word.slice(0, i);
    const tail = noun(word.slice(i));
    const heads = [head, head.toLowerCase(), noun(head)];
    if (head.endsWith("s")) heads.push(noun(head.slice(0, -1)));
    if (!heads.some((h) => correct(h))) continue;
    if (correct(tail) || deCompound(tail, correct, depth + 1)) return true;
  }
  return false;
}
