/**
 * How deeply a JSON text nests, found without parsing it: V8's `JSON.parse` takes seconds of the
 * event loop on a deeply nested text (a 9.4 MB `[[[…]]]` takes about 4 s), while this scan of the
 * same text takes well under a millisecond, and a long string (a base64 photo) is skipped with
 * `indexOf`. Used before parsing request bodies (plugins/request-bodies.ts).
 */

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/**
 * True when `text` opens more than `max` arrays or objects inside one another (strings, escapes
 * included, are not counted). Does not validate the JSON: parsing does that afterwards.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip to the closing quote: one not preceded by an odd number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return false;
      i = end;
    } else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return false;
}
