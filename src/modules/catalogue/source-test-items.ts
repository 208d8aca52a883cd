/**
 * What the source parsers' tests share (lwin.test.ts, open-food-facts.test.ts): every item a reader
 * yields, the records among them, and the skipped rows counted by reason.
 */
import type { ParsedItem, SourceRecord } from "./source-record.ts";

/** Every item of `items`, in order. */
export async function collectItems(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const all: ParsedItem[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** The records among `items`, in order. */
export function records(items: ParsedItem[]): SourceRecord[] {
  return items.flatMap((item) => ("record" in item ? [item.record] : []));
}

/** How many rows were skipped, by reason. */
export function skipCounts(items: ParsedItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) if ("skipped" in item) counts[item.skipped] = (counts[item.skipped] ?? 0) + 1;
  return counts;
}
