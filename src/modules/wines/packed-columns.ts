/**
 * Columns of strings for every wine of a catalogue, kept compact in memory: a text column is one
 * UTF-8 buffer with an offset per row (a few bytes over the text itself, against a V8 string object
 * per row and its share of garbage collection); a code column keeps each distinct value once and a
 * 32-bit code per row (values repeated over many wines: wine type, residual sugar term, the time an
 * import wrote). Built row by row in order, read by row index.
 */

/** Marks a null row in a text column's offsets (the top bit; offsets stay below 2^31). */
const NULL_BIT = 0x8000_0000;

/** A text column being built, row by row in order. */
export class TextColumnBuilder {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  private ends: number[] = [];

  /** Appends the next row's text (null kept as null). */
  add(text: string | null): void {
    if (text === null) {
      this.ends.push((this.used | NULL_BIT) >>> 0);
      return;
    }
    const need = this.used + Buffer.byteLength(text);
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends.push(this.used);
  }

  /** The column, its buffer trimmed to the bytes used. */
  build(): TextColumn {
    return new TextColumn(Buffer.from(this.bytes.subarray(0, this.used)), Uint32Array.from(this.ends));
  }
}

/** Text of row `i` = bytes from the previous row's end to `ends[i]` (null rows flagged by {@link NULL_BIT}). */
export class TextColumn {
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  /** Row `i`'s text, or null. */
  get(i: number): string | null {
    const end = this.ends[i] as number;
    if (end & NULL_BIT) return null;
    const start = i === 0 ? 0 : ((this.ends[i - 1] as number) & ~NULL_BIT) >>> 0;
    return this.bytes.toString("utf8", start, end);
  }

  /** Bytes held (text and offsets). */
  get byteLength(): number {
    return this.bytes.length + this.ends.byteLength;
  }
}

/** A column of repeated values: each distinct value once, a code per row. */
export class CodeColumn<T extends string | null> {
  private readonly values: T[] = [];
  private readonly codeOf = new Map<T, number>();
  private codes = new Uint32Array(1024);
  private rows = 0;

  /** Appends the next row's value. */
  add(value: T): void {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codeOf.set(value, code);
    }
    if (this.rows === this.codes.length) {
      const grown = new Uint32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.rows++] = code;
  }

  /** Row `i`'s value. */
  get(i: number): T {
    return this.values[this.codes[i] as number] as T;
  }

  /** Ends building: the codes array is trimmed to the rows added. */
  seal(): this {
    this.codes = this.codes.slice(0, this.rows);
    return this;
  }
}

/** The index of `id` in `ids` (ascending), or -1. */
export function indexOfId(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid] as number;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
