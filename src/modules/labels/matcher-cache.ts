/**
 * The folder where the label matcher's built indexes are kept across restarts (`MATCHER_CACHE_DIR`),
 * one file per index identity, so that the first photo after a start restores the index instead of
 * building it (both timed at 300,000 wines: bench/results/photo-memory-300k-snapshot.md).
 *
 * An index's identity, all in its file name `labels-<catalogue id>-<version>-<digest>.v8`:
 * - the catalogue id, a random UUID of the database (migration 2026-11-29-catalogue-identity): a
 *   database created again, or another one, never reads this one's indexes;
 * - the catalogue version (imports so far);
 * - a digest of the wines' fingerprint (count, highest id, latest update: two copies of one database
 *   file that have come to differ), of {@link MATCHER_INDEX_FORMAT}, and of the source of the code
 *   that builds and reads an index ({@link matcherCodeDigest}: a new release whose matcher differs
 *   builds again instead of reading an index of the old one).
 *
 * Files are written beside their final name and then renamed (matcher-worker.ts), so a reader never
 * sees half of one and processes on the same database may share a file. After a save, the files of
 * the same catalogue id with another identity are removed, and at most {@link KEEP_FILES} index files
 * stay in the folder (the most recently used; their size: bench/results/label-matcher.md).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Version of the saved index's layout (what matcher-worker.ts writes around `LabelMatcher.snapshot()`).
 * Bump it when that layout changes in a way the source digest would not see.
 */
export const MATCHER_INDEX_FORMAT = 1;

/** Index files kept in the folder at most, the most recently used first. */
export const KEEP_FILES = 3;

/** A `.partial` file older than this was left by a writer that died (a write takes seconds), in ms. */
const PARTIAL_MAX_AGE_MS = 10 * 60_000;

/** The modules whose relative imports, followed, are the code an index depends on. */
const CODE_ROOTS = ["./matcher-worker", "./labels.repository"];
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
let codeDigest: string | null = null;

/**
 * SHA-256 (hex) of the source of {@link CODE_ROOTS} and of every module they import by a relative
 * path, transitively, as this process runs them (`.ts` from the sources, `.js` when compiled). A
 * file that cannot be read counts by its path only. Computed once per process (about 20 files).
 */
export function matcherCodeDigest(): string {
  if (codeDigest !== null) return codeDigest;
  const extension = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  const hash = createHash("sha256");
  const seen = new Set<string>();
  const visit = (url: URL): void => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    let source = "";
    try {
      source = readFileSync(fileURLToPath(url), "utf8");
    } catch {
      // Not shipped (a type-only import of the sources): its path alone counts.
    }
    hash.update(`${url.pathname}\n${source}\n`);
    for (const [, spec] of source.matchAll(RELATIVE_IMPORT)) visit(new URL(spec as string, url));
  };
  for (const root of CODE_ROOTS) visit(new URL(`${root}${extension}`, import.meta.url));
  codeDigest = hash.digest("hex");
  return codeDigest;
}

/** What an index is keyed by (see the module comment); `catalogueId` from `catalogueIdentity()`. */
export interface IndexIdentity {
  catalogueId: string;
  version: number;
  /** The wines' fingerprint (labels.repository.ts `catalogueIdentity`). */
  wines: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INDEX_FILE = /^labels-([0-9a-f-]{36})-\d+-[0-9a-f]+\.v8$/i;

export class MatcherCache {
  /** @param dir the folder (`MATCHER_CACHE_DIR`), made when the first index is saved. */
  constructor(readonly dir: string) {}

  /**
   * The file of the index of `identity`; null when the catalogue id is not a UUID (no index of it is
   * saved or read).
   */
  file({ catalogueId, version, wines }: IndexIdentity): string | null {
    if (!UUID.test(catalogueId)) return null;
    const digest = createHash("sha256")
      .update(`${wines}\n${MATCHER_INDEX_FORMAT}\n${matcherCodeDigest()}`)
      .digest("hex")
      .slice(0, 16);
    return join(this.dir, `labels-${catalogueId.toLowerCase()}-${version}-${digest}.v8`);
  }

  /**
   * Makes the folder if needed, so that a thread can write `file` in it.
   * @throws when the folder cannot be made (the caller then builds without saving).
   */
  prepare(): void {
    mkdirSync(this.dir, { recursive: true });
  }

  /** Marks `file` used now (its modification time), so {@link prune} keeps it before older ones. */
  used(file: string): void {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Gone meanwhile (removed by another process's prune): the next start builds again.
    }
  }

  /**
   * After `kept` was saved: removes the index files of the same catalogue id with another identity
   * (older versions, other code), the `.partial` files of writers that died, and then the least
   * recently used index files beyond {@link KEEP_FILES}. Best effort: a file that cannot be removed
   * (or is removed by another process first) is left; never throws.
   */
  prune(kept: string): void {
    const keptName = kept.slice(this.dir.length + 1);
    const catalogueId = INDEX_FILE.exec(keptName)?.[1];
    const others: { path: string; usedAt: number }[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name === keptName) continue;
      const path = join(this.dir, name);
      try {
        if (name.endsWith(".partial")) {
          if (Date.now() - statSync(path).mtimeMs > PARTIAL_MAX_AGE_MS) rmSync(path, { force: true });
          continue;
        }
        const match = INDEX_FILE.exec(name);
        if (!match) continue; // not ours
        if (match[1] === catalogueId) rmSync(path, { force: true });
        else others.push({ path, usedAt: statSync(path).mtimeMs });
      } catch {
        // Removed meanwhile, or not removable: left as it is.
      }
    }
    others.sort((a, b) => b.usedAt - a.usedAt);
    for (const { path } of others.slice(KEEP_FILES - 1)) {
      try {
        rmSync(path, { force: true });
      } catch {
        // Not removable: left as it is.
      }
    }
  }
}
