/**
 * The label matcher over the current catalogue, in its own thread ({@link MatcherThread}), built once
 * per catalogue version: after an import a new one is built, and the one it replaces stays up
 * {@link RETIRE_AFTER_MS} for the matches still running on it. A request that gives up waiting (its
 * time budget) leaves the build running for the next one; a failed build is tried again by the next
 * request. With an idle time, the thread stops after that long without a match (its index's memory
 * returns) and the next request starts it again: from the index the first thread of this catalogue
 * version saved to a file of this process's own (in the OS temp folder, removed on close; what a
 * killed process left there is removed by the next process that saves one) when there is one, else by
 * a build (the next photo at 300,000 wines on a 2-core machine: 1.4 s with the saved index, 12.5 s
 * with a build: bench/results/photo-memory-300k-snapshot.md, -before-snapshot.md).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";

/** How long a replaced matcher thread stays up for the matches still running on it, in milliseconds. */
const RETIRE_AFTER_MS = 30_000;

/** A process's folder of saved indexes in the OS temp folder: `winedata-matcher-<pid>-<random>`. */
const FOLDER_PREFIX = "winedata-matcher-";
const FOLDER_PID = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`);

/** Whether process `pid` runs (signal 0 checks without signalling; EPERM: it runs as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes from `root` the folders of saved indexes that processes which ended without closing (killed)
 * left behind: 73 MB each at 300,000 wines. A folder whose process runs, or whose name has no pid, is
 * kept; one that cannot be removed is left (best effort, never throws).
 */
function removeLeftIndexes(root = tmpdir()): void {
  try {
    for (const name of readdirSync(root)) {
      const pid = Number(FOLDER_PID.exec(name)?.[1] ?? 0);
      if (pid > 1 && pid !== process.pid && !processRuns(pid)) {
        rmSync(join(root, name), { recursive: true, force: true });
      }
    }
  } catch {
    // An unreadable temp folder or a folder in use elsewhere: left as it is.
  }
}

/** How a matcher thread was made ready: built from the catalogue, or restored from a saved index. */
export type MatcherStart = "built" | "restored";

export class CatalogueMatcher {
  private built: { matcher: Promise<MatcherThread>; version: number } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  /** The folder of the saved indexes (made on the first build with an idle time), and the last saved. */
  private folder: string | null = null;
  private saved: { file: string; version: number } | null = null;

  /**
   * @param db the database whose wines are matched.
   * @param currentVersion the catalogue version (imports so far), a number when known, else a
   *   promise of one: `app.catalogueVersion.current()` in the service.
   * @param idleMs the thread stops after this many ms without use; 0 keeps it (`MATCHER_IDLE_MS`),
   *   and no index is saved.
   * @param onStart told how each thread was made ready and how long that took, in ms.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentVersion: () => number | Promise<number>,
    private readonly idleMs = 0,
    private readonly onStart: (how: MatcherStart, ms: number) => void = () => {},
  ) {}

  /** True while a matcher thread runs or is being built (false before the first photo and after an idle stop). */
  running(): boolean {
    return this.built !== null;
  }

  /** (Re)starts the idle countdown of `built`; when it ends unused, its thread stops. */
  private touch(built: { matcher: Promise<MatcherThread>; version: number }): void {
    if (this.idleMs <= 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.built !== built) return;
      built.matcher.then(
        (thread) => {
          if (thread.busy()) return this.touch(built);
          if (this.built === built) this.built = null;
          return thread.close();
        },
        () => {},
      );
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /**
   * The matcher of the current catalogue version, built on first use.
   * @throws the database's error when the version or the wines cannot be read, or the thread's.
   */
  async current(): Promise<MatcherThread> {
    const version = await this.currentVersion();
    const previous = this.built;
    if (previous && previous.version === version) {
      previous.matcher.then(
        () => this.touch(previous),
        () => {},
      );
      return previous.matcher;
    }
    const matcher = this.start(version);
    const built = { matcher, version };
    this.built = built;
    matcher.then(
      (thread) => {
        this.touch(built);
        this.keep(thread, version);
        if (!previous) return;
        const retire = setTimeout(
          () => previous.matcher.then((old) => old.close()).catch(() => {}),
          RETIRE_AFTER_MS,
        );
        retire.unref();
      },
      () => {
        if (this.built?.matcher === matcher) this.built = null;
      },
    );
    return matcher;
  }

  /** A thread for catalogue `version`: restored from its saved index if there is one, else built. */
  private async start(version: number): Promise<MatcherThread> {
    const started = performance.now();
    const file = this.saved?.version === version ? this.saved.file : null;
    const restored =
      file === null
        ? null
        : await MatcherThread.restore(file).catch(() => {
            this.saved = null; // gone or unreadable: build instead
            return null;
          });
    const thread =
      restored ?? (await MatcherThread.build(labelDocumentPages(this.db), this.saveFile(version)));
    this.onStart(restored ? "restored" : "built", Math.round(performance.now() - started));
    return thread;
  }

  /** Where a build of `version` writes its index: in this process's folder; none without an idle time. */
  private saveFile(version: number): string | undefined {
    if (this.idleMs <= 0) return undefined;
    if (this.folder === null) {
      removeLeftIndexes();
      this.folder = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    }
    return join(this.folder, `catalogue-${version}.v8`);
  }

  /**
   * Remembers the index `thread` saves for `version` once it is written (a build's thread writes it
   * after it is ready) and removes the file of an older version.
   */
  private keep(thread: MatcherThread, version: number): void {
    if (this.idleMs <= 0 || this.saved?.version === version) return;
    thread.saved
      .then((file) => {
        if (file === null || this.folder === null) return; // not written, or closed meanwhile
        const old = this.saved;
        this.saved = { file, version };
        if (old !== null && old.file !== file) rmSync(old.file, { force: true });
      })
      .catch(() => {}); // an old file that cannot be removed goes with the folder on close
  }

  /** Where the current catalogue version's index is saved, once it is (null before, or without an idle time). */
  savedIndex(): string | null {
    return this.saved?.file ?? null;
  }

  /** Stops the current matcher thread and removes the saved indexes (the app closed). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const built = this.built;
    this.built = null;
    await built?.matcher.then((m) => m.close()).catch(() => {});
    if (this.folder !== null) rmSync(this.folder, { recursive: true, force: true });
    this.folder = null;
    this.saved = null;
  }
}
