/**
 * `winedata import` and `generate`: the catalogue and its texts. The catalogue and content services
 * are imported when a command runs, so that `--help` and the other commands do not load them.
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { LANGUAGES, type Language } from "../domain/vocabulary.ts";
import type { SyntheticStyle } from "../modules/catalogue/synthetic.ts";
import type { ContentKind } from "../modules/content/content.service.ts";
import { progressBar } from "../progress-bar.ts";
import { action, list, required, UsageError, type Values, withDb } from "./command-support.ts";
import { importSourceCommand } from "./source-commands.ts";

const CONTENT_KINDS: readonly ContentKind[] = ["texts", "periods", "insights"];

/** `import --synthetic N [--seed S] [--synthetic-style S]`: bundled + synthetic wines, no English texts. */
async function importSyntheticCommand(values: Values): Promise<void> {
  const raw = required(values, "synthetic");
  const seedRaw = (values.seed as string | undefined) ?? "1";
  if (values.xwines !== undefined) throw new UsageError("--synthetic and --xwines cannot be combined.");
  if (!/^\d+$/.test(raw)) throw new UsageError("--synthetic must be a whole number of wines.");
  if (!/^\d+$/.test(seedRaw)) throw new UsageError("--seed must be a whole number.");
  const style = ((values.syntheticStyle as string | undefined) ?? "realistic") as SyntheticStyle;
  const { SYNTHETIC_STYLES } = await import("../modules/catalogue/synthetic.ts");
  if (!SYNTHETIC_STYLES.includes(style))
    throw new UsageError(`--synthetic-style must be one of: ${SYNTHETIC_STYLES.join(", ")}.`);
  const { importSynthetic } = await import("../modules/catalogue/catalogue.service.ts");
  const bar = progressBar("import");
  let result: Awaited<ReturnType<typeof importSynthetic>>;
  try {
    result = await withDb((db) =>
      importSynthetic(db.kysely, Number(raw), Number(seedRaw), (_phase, d, t) => bar.update(d, t), style),
    );
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(`--synthetic: ${err.message}`);
    throw err;
  } finally {
    bar.stop();
  }
  console.log(
    `Imported ${result.wines} wines, ${result.producers} producers, ${result.regions} regions, ` +
      `${result.grapes} grapes (synthetic, ${style} style, seed ${seedRaw}) in ${result.milliseconds} ms.\n` +
      "Skipped the bulk English text generation: wine texts are generated on demand by GET /v1/wines/{id}; " +
      "drinking periods and region insights on first request (404 generating) " +
      "or ahead with: winedata generate --lang en",
  );
}

/** `import [--xwines FILE]`: an X-Wines CSV, English texts generated. */
async function importXWinesCommand(values: Values): Promise<void> {
  const { BUNDLED_XWINES, importXWines } = await import("../modules/catalogue/catalogue.service.ts");
  const { offlineGenerator } = await import("../app.ts");
  const file = (values.xwines as string | undefined) ?? BUNDLED_XWINES;
  const bar = progressBar("import");
  const result = await withDb((db) =>
    importXWines(
      db.kysely,
      file,
      offlineGenerator(),
      () => new Date(),
      (_phase, d, t) => bar.update(d, t),
    ),
  );
  bar.stop();
  console.log(
    `Imported ${result.wines} wines, ${result.producers} producers, ${result.regions} regions, ` +
      `${result.grapes} grapes; generated ${result.generated} English texts in ${result.milliseconds} ms.`,
  );
}

/** `generate --lang L,… [--what K,…]`: missing content per language, with a progress bar. */
async function generateCommand(values: Values): Promise<void> {
  const langs = list<Language>(required(values, "lang"), LANGUAGES, "lang");
  const kinds = list<ContentKind>(
    (values.what as string | undefined) ?? CONTENT_KINDS.join(","),
    CONTENT_KINDS,
    "what",
  );
  const config = loadConfig();
  const { generateMissing } = await import("../modules/content/content.service.ts");
  const { createGenerator } = await import("../modules/content/generator.ts");
  await withDb(async (db) => {
    for (const lang of langs) {
      const bar = progressBar(`generate ${lang}`);
      const started = performance.now();
      const counts = await generateMissing(
        db.kysely,
        createGenerator(config.generator, (kind, reason) =>
          console.error(`${kind}: ${reason}; used the offline text`),
        ),
        lang,
        kinds,
        () => new Date(),
        (d, t) => bar.update(d, t),
      );
      bar.stop();
      console.log(
        `${lang}: ${counts.texts} wine texts, ${counts.periods} drinking periods, ${counts.insights} region insights ` +
          `in ${Math.round(performance.now() - started)} ms.`,
      );
    }
  });
}

/** Adds `import` and `generate` to `program`. */
export function addCatalogueCommands(program: Command): void {
  program
    .command("import")
    .description(
      "import an X-Wines CSV (ids are kept, a re-import updates; English texts written), a release of " +
        "the LWIN database or an Open Food Facts dump (incremental: unchanged records are not written), " +
        "or the bundled catalogue plus synthetic wines",
    )
    .option("--lwin <file>", "the LWIN database CSV as Liv-ex exports it (.csv or .csv.gz)")
    .option("--off <file>", "the Open Food Facts JSONL dump (.jsonl or .jsonl.gz); only wines are imported")
    .option(
      "--partial",
      "with --lwin/--off: the file is part of a release; records it leaves out are not retired",
    )
    .option("--xwines <file>", "the X-Wines CSV to import (default: the bundled catalogue)")
    .option(
      "--synthetic <n>",
      "the bundled catalogue plus synthetic wines up to N wines in all (at least 1007), " +
        "deterministic per N, seed and style; their texts are written on demand",
    )
    .option("--seed <s>", "seed of the synthetic wines, a whole number (default: 1)")
    .option(
      "--synthetic-style <style>",
      "realistic: a synthetic wine follows its region's real wines; hard: the first generator, " +
        "impossible wines included (default: realistic)",
    )
    .action(
      action(async (values) => {
        if (values.lwin !== undefined || values.off !== undefined) {
          await importSourceCommand(values);
        } else if (["synthetic", "seed", "syntheticStyle"].some((option) => values[option] !== undefined)) {
          await importSyntheticCommand(values);
        } else {
          await importXWinesCommand(values);
        }
      }),
    );

  program
    .command("generate")
    .description(
      "generate missing content in bulk, and write again the drinking periods whose window ended since they were written",
    )
    .option("--lang <languages>", `comma-separated, of ${LANGUAGES.join(", ")} (required)`)
    .option("--what <kinds>", `comma-separated, of ${CONTENT_KINDS.join(", ")} (default: all three)`)
    .action(action(generateCommand));
}
