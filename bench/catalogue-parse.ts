/**
 * Time and peak RSS of parsing a catalogue source file with the import's parsers (no database):
 *
 *   npx tsx bench/catalogue-parse.ts lwin DIR/lwin.csv
 *   npx tsx bench/catalogue-parse.ts off DIR/off.jsonl
 *
 * Prints the records and skipped items by reason, the wall time and the process's peak RSS
 * (process.resourceUsage().maxRSS). Files from bench/catalogue-files.ts; results in
 * bench/results/catalogue-parse.md.
 */
import { readLwin } from "../src/modules/catalogue/lwin.ts";
import { readOpenFoodFacts } from "../src/modules/catalogue/open-food-facts.ts";

const [kind, file] = process.argv.slice(2);
if ((kind !== "lwin" && kind !== "off") || !file) throw new Error("usage: catalogue-parse.ts lwin|off FILE");
const started = performance.now();
const counts: Record<string, number> = { records: 0 };
for await (const item of kind === "lwin" ? readLwin(file) : readOpenFoodFacts(file)) {
  const key = "record" in item ? "records" : item.skipped;
  counts[key] = (counts[key] ?? 0) + 1;
}
const seconds = (performance.now() - started) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    kind,
    file,
    ...counts,
    seconds: Number(seconds.toFixed(2)),
    peakRssMb: Math.round(peakMb),
  }),
);
