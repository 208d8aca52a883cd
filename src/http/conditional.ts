/**
 * Entity tags and `If-None-Match` for the cacheable GET routes (RFC 9110 §8.8.3 ETag, §13.1.2
 * If-None-Match, §15.4.5 304 Not Modified), and the `Cache-Control` lifetimes of those routes
 * (RFC 9111 §5.2.2). The response-cache plugin applies them; routes choose their lifetime.
 */
import { createHash } from "node:crypto";

/**
 * `max-age` in seconds of a route's final 200 answers, sent as `Cache-Control: private, max-age=N`
 * (private: the answer depends on the API key, so no shared cache may keep it).
 * - `catalogue`: catalogue facts (lists, search, producers, regions, grapes), which change only on
 *   an import.
 * - `texts`: answers made of generated texts (wine detail, region insights, drinking periods), which
 *   an operator may regenerate (another generator, a bulk `generate`).
 */
export const MAX_AGE_S = { catalogue: 3600, texts: 600 } as const;

/**
 * `Cache-Control` of an answer that must not be reused: a 200 that is not final (a wine's English
 * texts while its translation is generated), a `404 generating`, every error.
 */
export const NO_STORE = "no-store";

/** `Cache-Control` of a final 200 kept `maxAgeS` seconds (see {@link MAX_AGE_S}). */
export const cacheControl = (maxAgeS: number): string => `private, max-age=${maxAgeS}`;

/**
 * The strong entity tag (RFC 9110 §8.8.3, quotes included) of the bytes `body` as sent in language
 * `lang` under catalogue version `version`: `"<version>-<22 base64url characters of the SHA-256 of
 * version, language and body>"`. The same bytes in another language or under another catalogue
 * version get another tag, so an import or a language switch never answers 304 for what a client
 * holds.
 */
export function entityTag(version: number, lang: string, body: string | Buffer): string {
  // Hashed as it is (a string as UTF-8): no copy of the body is made.
  const digest = createHash("sha256").update(`${version}\n${lang}\n`).update(body).digest("base64url");
  return `"${version}-${digest.slice(0, 22)}"`;
}

/** One entity tag of a field value: optional `W/`, then a quoted opaque tag (RFC 9110 §8.8.3). */
const LISTED_TAG = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;

/**
 * Whether an `If-None-Match` field value matches the current representation's tag `tag`, i.e. the
 * condition is false and a GET is answered `304 Not Modified` (RFC 9110 §13.1.2): the value is `*`
 * or lists a tag that matches by the weak comparison (§8.8.3.2: the opaque tags are equal, `W/`
 * ignored). Empty list elements are skipped (§5.6.1); a value that is not a list of entity tags
 * matches nothing (the request is then answered as if unconditional). Several header lines arrive
 * joined with ", " by Node, which is the same list.
 */
export function noneMatchFails(field: string | undefined, tag: string): boolean {
  if (field === undefined) return false;
  const value = field.trim();
  if (value === "*") return true;
  let at = 0;
  let matched = false;
  while (at < value.length) {
    if (value[at] === "," || value[at] === " " || value[at] === "\t") {
      at++;
      continue;
    }
    LISTED_TAG.lastIndex = at;
    const found = LISTED_TAG.exec(value);
    if (found === null) return false;
    if (found[1] === tag) matched = true;
    at = LISTED_TAG.lastIndex;
  }
  return matched;
}
