/**
 * Producer checks of the crosswalk beyond the producer's words (crosswalk-fit.ts adds them as doubts:
 * the record goes to review rather than link):
 * - estate titles that conflict: "Domaine Rousseau-Lefèvre" is not "Château Lefevre-Rousseau",
 *   "Bodegas Ortega-Ramos" not "Castillo Ramos-Ortega" (word order is tolerated, so the title is what
 *   tells them apart); a title on one side only does not conflict (X-Wines and shoppers often leave it out);
 * - producer and wine words on the wrong side of the boundary: "Cantina Orlandi Casalnuovo" /
 *   "Selezione Sartori" has the words of "Cascina Sartori Casalnuovo" / "Selezione Orlandi", but the
 *   record's producer names a word of that wine's name, and a word of that producer only in its wine name;
 * - a record without a producer (an Open Food Facts product without brand) whose name holds the
 *   producer's words apart: "Lombardi Rocca Nera Selezione Donati" is not Donati Rocca Nera's
 *   "Selezione Lombardi" (a producer's name is written in one piece, in any order);
 * - a hyphenated compound in the other order: "Lefèvre-Rousseau" is one name, "Rousseau-Lefèvre" another
 *   (word order is otherwise tolerated: "Pichon Longueville Baron" = "Pichon Baron Longueville").
 */
import { fold } from "../../domain/text-folding.ts";
import { colorOfWord } from "./crosswalk-words.ts";
import type { SourceRecord } from "./source-record.ts";

/**
 * Estate titles (folded, with their plurals and usual abbreviations) → one form per kind of house:
 * an estate ("Château", "Domaine", "Tenuta" …), a merchant house ("Maison", "Weinhaus", "Casa"), a
 * farm company ("Azienda Agricola"/"Vinicola": "agricola" and "vinicola" only qualify it). Louis Jadot's
 * "Maison" and "Domaine" are two houses, as are a "Château X" and a "Domaine X".
 */
const ESTATE_TITLE: ReadonlyMap<string, string> = new Map([
  ...["chateau", "chateaux", "ch", "chat", "cht"].map((w) => [w, "chateau"] as const),
  ...["domaine", "domaines", "dne", "dmne"].map((w) => [w, "domaine"] as const),
  ...["weingut", "weinguter", "wg"].map((w) => [w, "weingut"] as const),
  ...["quinta", "qta"].map((w) => [w, "quinta"] as const),
  ...["bodega", "bodegas"].map((w) => [w, "bodega"] as const),
  ...["tenuta", "tenute"].map((w) => [w, "tenuta"] as const),
  ...["cantina", "cantine"].map((w) => [w, "cantina"] as const),
  ...["podere", "poderi"].map((w) => [w, "podere"] as const),
  ...["castillo", "castello", "schloss", "fattoria", "masseria", "cascina", "herdade", "hacienda"].map(
    (w) => [w, w] as const,
  ),
  ...["finca", "vina", "adega", "maison", "weinhaus", "casa", "azienda"].map((w) => [w, w] as const),
]);

/** Words that only qualify the title before them ("Azienda Agricola"). */
const TITLE_QUALIFIERS: ReadonlySet<string> = new Set(["agricola", "vinicola"]);

/** The estate titles a name starts with, one form per kind ("Bodega Finca Las Moras" → ["bodega", "finca"]). */
function leadingTitles(name: string | null | undefined): string[] {
  const out: string[] = [];
  for (const word of fold(name ?? "").split(" ")) {
    if (out.length > 0 && TITLE_QUALIFIERS.has(word)) continue;
    const title = ESTATE_TITLE.get(word);
    if (title === undefined) break;
    out.push(title);
  }
  return out;
}

/**
 * The estate titles of a catalogue producer, one form per kind: its title's, and those its name starts
 * with ("Finca" of "Finca Las Moras"); [] when none. Two producers conflict when both have titles and
 * share none.
 */
export function producerEstateTitles(title: string | null, name: string): string[] {
  return [...leadingTitles(title), ...leadingTitles(name)];
}

/**
 * The estate titles a record states: its producer's title and those its producer's name starts with,
 * or (no producer written, as in many Open Food Facts products) those its wine name starts with.
 */
export function recordEstateTitles(record: SourceRecord): string[] {
  const own = [...leadingTitles(record.producer.title), ...leadingTitles(record.producer.name)];
  return own.length > 0 || record.producer.name.trim() !== "" ? own : leadingTitles(record.wineName);
}

/** Whether two lists of estate titles conflict: both state one and they share none. */
export function titlesConflict(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((t) => b.includes(t));
}

/**
 * Whether the record's producer and wine words cross those of a catalogue wine: some word of the
 * catalogue producer is missing from the record's producer name (written in its wine name instead),
 * while the record's producer name holds a word of the catalogue wine's name that the catalogue
 * producer does not have. Colour words and words of the wine's region (`regionWords`) are never counted.
 */
export function producerWordsCross(
  recordProducer: readonly string[],
  producer: readonly string[],
  optional: readonly string[],
  wineWords: readonly string[],
  regionWords: readonly string[],
): boolean {
  if (recordProducer.length === 0) return false;
  if (producer.every((w) => recordProducer.includes(w))) return false;
  return recordProducer.some(
    (w) =>
      !producer.includes(w) &&
      !optional.includes(w) &&
      wineWords.includes(w) &&
      colorOfWord(w) === undefined &&
      !regionWords.includes(w),
  );
}

/**
 * The hyphenated compounds of a name, folded, as "first second" ("Rousseau-Lefèvre" →
 * ["rousseau lefevre"]); compounds of one word twice ("Ferrari-Ferrari") are left out.
 */
export function hyphenCompounds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/([\p{L}\p{N}]+)-(?=([\p{L}\p{N}]+))/gu)) {
    const a = fold(m[1] ?? "");
    const b = fold(m[2] ?? "");
    if (a !== "" && b !== "" && a !== b) out.push(`${a} ${b}`);
  }
  return out;
}

/** A compound in the other order ("rousseau lefevre" → "lefevre rousseau"). */
export function reversedCompound(compound: string): string {
  return compound.split(" ").reverse().join(" ");
}

/**
 * Whether a record without a producer name writes the catalogue producer's words apart in its wine
 * name (other words between them); false when it has a producer name or a producer word is not
 * written exactly (a typo: left to the fit).
 */
export function producerWordsApart(
  recordProducer: readonly string[],
  recordWine: readonly string[],
  producer: readonly string[],
): boolean {
  if (recordProducer.length > 0 || producer.length < 2) return false;
  let first = Number.POSITIVE_INFINITY;
  let last = -1;
  for (const word of producer) {
    const at = recordWine.indexOf(word);
    if (at < 0) return false;
    if (at < first) first = at;
    if (at > last) last = at;
  }
  return last - first + 1 > producer.length;
}
