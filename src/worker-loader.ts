/**
 * The module a worker thread or OCR process (worker_threads, tinypool) should load for an entry next to `base`:
 * the compiled `.js` file; or, when running from the TypeScript sources (tests, `npm run dev`), a
 * small bootstrap module that registers tsx's loader inside the thread first (Node 20 does not carry
 * it into worker threads) and re-exports the `.ts` entry's default export. The bootstrap is written
 * once to the temp folder, because tinypool only loads files. Returns a file URL string.
 */
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export function workerEntry(relative: string, base: string): string {
  if (!base.endsWith(".ts")) return new URL(`${relative}.js`, base).href;
  const target = new URL(`${relative}.ts`, base).href;
  const code = [
    `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))};`,
    "register();",
    `const entry = await import(${JSON.stringify(target)});`,
    "export default entry.default;",
    "",
  ].join("\n");
  const file = join(
    tmpdir(),
    `wds-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`,
  );
  if (!existsSync(file)) writeFileSync(file, code);
  return pathToFileURL(file).href;
}
