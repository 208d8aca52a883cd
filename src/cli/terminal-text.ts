/**
 * Text from users (key names, account names, emails) as the CLI prints it: safe on a terminal.
 */
import { NOT_PRINTABLE } from "../modules/api-keys/api-keys.service.ts";

const EVERY_NOT_PRINTABLE = new RegExp(NOT_PRINTABLE.source, "gu");

/**
 * `text` with every character of {@link NOT_PRINTABLE} (controls, format characters, line and
 * paragraph separators, lone surrogates) written as a visible JavaScript escape: ESC as `\u001b`,
 * a newline as `\u000a`, U+E0001 as `\u{e0001}`. So a stored name cannot move the cursor, recolour
 * or retitle the terminal, reorder what follows it (bidi overrides) or forge a line or column of a
 * listing, whatever rule held when it was stored. Other text, backslashes included, is left as is.
 */
export function shown(text: string): string {
  return text.replace(EVERY_NOT_PRINTABLE, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
