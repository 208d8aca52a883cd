/**
 * The end of a source import (source-import.service.ts): records combined into another (LWIN
 * `Combined`) merge their wine into the survivor's, and wines left without any live record are
 * retired. A wine stays while another source has it: an LWIN row deleted from a wine X-Wines also
 * lists only loses its LWIN. Open Food Facts records (barcodes) of a merged wine move to the survivor.
 */
import type { ImportRun } from "./source-import-run.ts";
import * as repo from "./sources.repository.ts";

/**
 * Applies the combined records of `run`, then retires or merges the wines that lost a record.
 * Counts go to `run.report` (retired records, wines retired, wines merged).
 */
export async function settleRetirements(run: ImportRun, at: string): Promise<void> {
  const merges: [number, number][] = [];
  for (const r of run.combined) {
    const old = run.stored.get(r.key);
    if (!old) continue;
    const survivorKey = r.combinedInto ?? "";
    const survivor = run.written.get(survivorKey) ?? run.stored.get(survivorKey)?.wineId;
    const survivorLive =
      survivor !== undefined &&
      run.active.has(survivor) &&
      (run.stored.get(survivorKey)?.status === "live" || run.written.has(survivorKey));
    run.retireRecord(r.key, old, r.fingerprint);
    if (survivorLive && survivor !== old.wineId) {
      merges.push([old.wineId, survivor]);
      run.touched.add(survivor);
    }
  }
  await run.flush();
  const lost = [...run.lostRecord].filter((id) => run.active.has(id));
  const live = await repo.liveSourcesOf(run.trx, lost);
  const merged = new Set<number>();
  for (const [from, into] of merges) {
    const sources = live.get(from) ?? new Set();
    if ([...sources].some((s) => s !== "off") || merged.has(from) || !run.active.has(into)) continue;
    if (await repo.retireWine(run.trx, from, "merged", into, at)) {
      merged.add(from);
      run.active.delete(from);
      run.report.winesMerged++;
    }
  }
  for (const id of lost) {
    if (merged.has(id) || live.has(id)) continue;
    if (await repo.retireWine(run.trx, id, "retired", null, at)) {
      run.active.delete(id);
      run.report.winesRetired++;
    }
  }
}
