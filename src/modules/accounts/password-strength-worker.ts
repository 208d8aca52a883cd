/**
 * Task of the password-strength thread (password-strength.ts): zxcvbn-ts's estimate of how many
 * guesses a password takes, with its common-password, name and word lists (English and German) and
 * keyboard patterns. The dictionaries (a few MB) load once per thread, on its first task.
 */
import { type OptionsType, ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as de from "@zxcvbn-ts/language-de";
import * as en from "@zxcvbn-ts/language-en";

/** One password to judge, with the words of its account that must not make it up. */
export interface StrengthTask {
  password: string;
  /** The account's name, email and such: a password built from them scores low. */
  userInputs: string[];
  /** Language of the feedback. */
  lang: "en" | "de";
}

/** zxcvbn's score (0–4: < 10^3, 10^6, 10^8, 10^10, more guesses) and its feedback in `lang`. */
export interface StrengthResult {
  score: number;
  warning: string | null;
  suggestions: string[];
}

/** Characters judged: the guesses of a longer password are at least those of its start. */
export const JUDGED_CHARACTERS = 64;

const factories = new Map<StrengthTask["lang"], ZxcvbnFactory>();

function factory(lang: StrengthTask["lang"]): ZxcvbnFactory {
  let found = factories.get(lang);
  if (found === undefined) {
    const options: OptionsType = {
      dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
      graphs: common.adjacencyGraphs,
      translations: lang === "de" ? de.translations : en.translations,
    };
    found = new ZxcvbnFactory(options);
    factories.set(lang, found);
  }
  return found;
}

/** Judges one password. */
export default function judge(task: StrengthTask): StrengthResult {
  const result = factory(task.lang).check(task.password.slice(0, JUDGED_CHARACTERS), task.userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}
