/**
 * Choosing among a writer's variants of a sentence, deterministically: the same profile seed and slot
 * always give the same variant, different wines spread evenly over the variants (FNV-1a hash of
 * "seed:slot"), so that no sentence is shared by more than a small share of the catalogue.
 */

/** 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * One of `options` for `slot` of the item with `seed`.
 * @throws RangeError when `options` is empty.
 */
export function choose<T>(seed: number, slot: string, options: readonly T[]): T {
  if (options.length === 0) throw new RangeError(`choose: no options for ${slot}`);
  return options[hash(`${seed}:${slot}`) % options.length] as T;
}

/** Joins non-empty sentences with single spaces. */
export function sentences(...parts: readonly (string | undefined | false | null)[]): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p.trim().length > 0)
    .map((p) => p.trim())
    .join(" ");
}
