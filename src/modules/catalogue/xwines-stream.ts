/**
 * An X-Wines file read as a stream: its wines in parts, so that an import of 300,000 wines holds one
 * part of wines at a time, never the file's text or all its rows (xwines.ts parses; this reads).
 */
import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import type { CatalogueWine } from "../../domain/vocabulary.ts";
import { XWINES_CSV_OPTIONS, type XWinesRecord, type XWinesRows } from "./xwines.ts";

/**
 * The wines of the X-Wines CSV `file`, in file order, in parts of `size` (the last may be smaller),
 * each row read by `rows` (XWinesRows: it gathers the producers, regions and grapes, and checks
 * duplicates and conflicts against the rows before). The file is read in 64 KiB pieces as the parts
 * are taken; stopping early closes it.
 * @throws Error when the file cannot be read, or at the first malformed row (XWinesRows.add's message:
 * row, line, column).
 */
export async function* xwinesParts(
  file: string,
  rows: XWinesRows,
  size: number,
): AsyncGenerator<CatalogueWine[]> {
  const input = createReadStream(file);
  const parser = parse(XWINES_CSV_OPTIONS);
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    let part: CatalogueWine[] = [];
    let rowNo = 0;
    for await (const record of parser) {
      part.push(rows.add(record as XWinesRecord, ++rowNo));
      if (part.length >= size) {
        yield part;
        part = [];
      }
    }
    if (part.length > 0) yield part;
  } finally {
    input.destroy();
    parser.destroy();
  }
}
