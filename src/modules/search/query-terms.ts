/**
 * Expansion of query words into the index tokens they match, with a cost per match.
 *
 * A query word matches, at these costs (typos, penalty):
 * - the same token: (0, 0);
 * - as the last word, any token it starts (as-you-type): (0, 1);
 * - an abbreviation's full form or the reverse ("ch" → chateau, "saint" → st): (0, 1);
 * - the word with an e-digraph reduced to its vowel, as sources without umlauts write it
 *   ("spaetburgunder" → spatburgunder, `bareVowelSpellings`): (0, 0), one word as "spätburgunder"
 *   is both (fold and the index's transliteration aliases);
 * - when the word is no token: two tokens it splits into (missing space, "casavalduga" →
 *   casa + valduga; the last word's second part may be a prefix): (0, 1), (0, 2) with prefix;
 * - only in a typo pass, a token within the pass's allowance (`typoAllowance` of src/text/text-rules.ts):
 *   (edits, 0), or (edits, 1) when only a prefix of the token is that close (last word).
 * Transliterations ("gewuerztraminer", "mueller") are index tokens themselves (aliases).
 */
import { osaDistance } from "../../text/edit-distance.ts";
import { abbreviationAlternatives, bareVowelSpellings } from "../../text/text-rules.ts";
import { documentFrequency, type WineIndex } from "./wine-index.ts";

/** A token that matches a query word, with its typos and penalty (both ≥ 0). */
export interface TokenMatch {
  token: number;
  typos: number;
  penalty: number;
}

/** Several words that must all occur in a wine (any order); each part is a set of tokens. */
export interface PhraseMatch {
  parts: number[][];
  penalty: number;
}

/** Everything one query word can match. */
export interface QueryTerm {
  word: string;
  tokens: TokenMatch[];
  phrases: PhraseMatch[];
}

function prefixTokens(index: WineIndex, prefix: string): number[] {
  const out: number[] = [];
  index.trie.prefix(prefix, (t) => out.push(t));
  return out;
}

/**
 * The matches of query word `word`; `last` marks the query's last word (prefix matching),
 * `maxTypos` (0–2) the edits allowed in typo-tolerant matches (0: none looked up).
 */
export function expandWord(index: WineIndex, word: string, last: boolean, maxTypos: number): QueryTerm {
  const tokens: TokenMatch[] = [];
  const phrases: PhraseMatch[] = [];
  const exact = index.trie.exact(word);
  if (exact !== -1) tokens.push({ token: exact, typos: 0, penalty: 0 });
  let prefixed = 0;
  if (last) {
    for (const t of prefixTokens(index, word)) {
      if (t !== exact) {
        tokens.push({ token: t, typos: 0, penalty: 1 });
        prefixed++;
      }
    }
  }
  for (const alternative of abbreviationAlternatives(word)) {
    const ids = alternative.map((w) => index.trie.exact(w));
    if (ids.some((t) => t === -1)) continue;
    if (ids.length === 1) tokens.push({ token: ids[0] as number, typos: 0, penalty: 1 });
    else phrases.push({ parts: ids.map((t) => [t]), penalty: 1 });
  }
  for (const spelled of bareVowelSpellings(word)) {
    const t = index.trie.exact(spelled);
    if (t !== -1 && !tokens.some((m) => m.token === t)) tokens.push({ token: t, typos: 0, penalty: 0 });
  }
  if (exact === -1 && prefixed === 0) {
    for (let i = 1; i < word.length; i++) {
      const left = index.trie.exact(word.slice(0, i));
      if (left === -1) continue;
      const rest = word.slice(i);
      const right = index.trie.exact(rest);
      if (right !== -1) phrases.push({ parts: [[left], [right]], penalty: 1 });
      else if (last && rest.length >= 2) {
        const starts = prefixTokens(index, rest);
        if (starts.length > 0) phrases.push({ parts: [[left], starts], penalty: 2 });
      }
    }
  }
  const allowance = Math.min(2, maxTypos);
  if (allowance > 0) {
    for (const hit of index.trie.fuzzy(word, allowance, last)) {
      if (hit.distance === 0) continue;
      const whole = osaDistance(word, index.tokens[hit.token] as string, hit.distance) <= hit.distance;
      tokens.push({ token: hit.token, typos: hit.distance, penalty: whole ? 0 : 1 });
    }
  }
  return { word, tokens, phrases };
}

/** A phrase match with its parts as sets, for checking one wine. */
export interface PhraseSets {
  penalty: number;
  parts: Set<number>[];
}

/** True when wine `d` holds, for every part, at least one of the part's tokens. */
export function hasPhrase(index: WineIndex, d: number, parts: Set<number>[]): boolean {
  const s = index.docStart[d] as number;
  const e = index.docStart[d + 1] as number;
  for (const set of parts) {
    let found = false;
    for (let k = s; k < e && !found; k++) found = set.has(index.docTokens[k] as number);
    if (!found) return false;
  }
  return true;
}

/** Postings of all of `tokens` together (an upper bound of the wines holding one of them). */
export function postingsSize(index: WineIndex, tokens: number[]): number {
  let size = 0;
  for (const t of tokens) size += documentFrequency(index, t);
  return size;
}
