/**
 * `winedata import --lwin FILE` / `--off FILE` (a release of the LWIN database or an Open Food Facts
 * dump) and `winedata review-links` (the crosswalk's unsure links). The import services are loaded
 * when a command runs.
 */
import type { Command } from "commander";
import type { SourceName } from "../db/types.ts";
import type { SourceImportReport } from "../modules/catalogue/source-import.service.ts";
import { SourceFileError } from "../modules/catalogue/source-record.ts";
import { progressBar } from "../progress-bar.ts";
import { action, UsageError, type Values, withDb } from "./command-support.ts";
import { shown } from "./terminal-text.ts";

/** The report of a source import as printed: one line of counts, one of skips. */
export function reportLines(r: SourceImportReport): string[] {
  const skipped = Object.entries(r.skipped)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([reason, n]) => `${reason} ${n}`);
  return [
    `${r.source}: ${r.records} records: added ${r.added}, updated ${r.updated}, unchanged ${r.unchanged}, ` +
      `retired ${r.retired}, linked ${r.linked}, kept apart for review ${r.review}; ` +
      `wines retired ${r.winesRetired}, wines merged ${r.winesMerged}; texts marked stale ${r.restaled}; ` +
      `generated ${r.generated} English texts; ${r.milliseconds} ms.`,
    `skipped: ${skipped.length > 0 ? skipped.join(", ") : "none"}.`,
  ];
}

/** `import --lwin FILE | --off FILE [--partial]`. */
export async function importSourceCommand(values: Values): Promise<void> {
  const lwin = values.lwin as string | undefined;
  const off = values.off as string | undefined;
  if ([lwin, off, values.xwines, values.synthetic].filter((v) => v !== undefined).length > 1)
    throw new UsageError("Import one source at a time: --lwin, --off, --xwines or --synthetic.");
  const source = lwin !== undefined ? "lwin" : "off";
  const file = (lwin ?? off) as string;
  const { importSource } = await import("../modules/catalogue/source-import.service.ts");
  const { offlineGenerator } = await import("../app.ts");
  const bar = progressBar(`import ${source}`);
  let report: SourceImportReport;
  try {
    report = await withDb((db) =>
      importSource(db.kysely, source, file, offlineGenerator(), () => new Date(), {
        partial: values.partial === true,
        onProgress: (_phase, d, t) => bar.update(d, t),
      }),
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR" || code === "EACCES")
      throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
    if (err instanceof SourceFileError) throw new UsageError(err.message);
    throw err;
  } finally {
    bar.stop();
  }
  for (const line of reportLines(report)) console.log(line);
}

function recordRef(raw: string): { source: SourceName; key: string } {
  const m = /^(lwin|off|xwines):(\d{1,14})$/.exec(raw.trim());
  if (!m)
    throw new UsageError(`expected SOURCE:KEY such as lwin:1012361 or off:03760021880121, got "${raw}".`);
  return { source: m[1] as SourceName, key: m[2] as string };
}

/** `review-links [--confirm SOURCE:KEY | --reject SOURCE:KEY]`. */
async function reviewLinksCommand(values: Values): Promise<void> {
  const { decideLink, pendingLinks } = await import("../modules/catalogue/source-review.service.ts");
  const confirm = values.confirm as string | undefined;
  const reject = values.reject as string | undefined;
  if (confirm !== undefined && reject !== undefined)
    throw new UsageError("--confirm and --reject cannot be combined.");
  if (confirm !== undefined || reject !== undefined) {
    const { source, key } = recordRef((confirm ?? reject) as string);
    const outcome = await withDb((db) =>
      decideLink(db.kysely, source, key, confirm !== undefined ? "confirm" : "reject", () => new Date()),
    );
    if (outcome.status === "not_found") throw new UsageError(`no pending candidate for ${source}:${key}.`);
    if (outcome.status === "rejected")
      console.log(`${source}:${key} stays apart from wine ${outcome.wineId}.`);
    else
      console.log(
        `${source}:${key} linked to wine ${outcome.wineId}` +
          (outcome.merged !== null ? `; wine ${outcome.merged} merged into it (301).` : "."),
      );
    return;
  }
  const pending = await withDb((db) => pendingLinks(db.kysely));
  if (pending.length === 0) {
    console.log("No links to review.");
    return;
  }
  for (const p of pending) {
    console.log(
      shown(
        `${p.source}:${p.key}  wine ${p.recordWineId} "${p.recordWine ?? "?"}"  might be  wine ${p.candidateId} ` +
          `"${p.candidateWine ?? "?"}"  (score ${p.score.toFixed(2)}: ${p.reason})`,
      ),
    );
  }
  console.log(
    `${pending.length} to review: winedata review-links --confirm SOURCE:KEY or --reject SOURCE:KEY`,
  );
}

/** Adds `review-links` to `program`. */
export function addSourceCommands(program: Command): void {
  program
    .command("review-links")
    .description(
      "list the records the crosswalk kept apart from a wine they might be, or confirm/reject one " +
        "(confirming merges the record's wine into the candidate: its id answers 301)",
    )
    .option("--confirm <source:key>", "link the record to its candidate wine, e.g. lwin:1012361")
    .option("--reject <source:key>", "keep the record apart from its candidate for good")
    .action(action(reviewLinksCommand));
}
