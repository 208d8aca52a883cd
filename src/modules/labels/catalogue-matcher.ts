/**
 * The label matcher over the current catalogue, in its own thread ({@link MatcherThread}), built once
 * per catalogue version: after an import a new one is built, and the one it replaces stays up
 * {@link RETIRE_AFTER_MS} for the matches still running on it. A request that gives up waiting (its
 * time budget) leaves the build running for the next one; a failed build is tried again by the next
 * request. With an idle time, the thread stops after that long without a match (its index's memory
 * returns) and the next request starts it again.
 *
 * With a cache folder (`MATCHER_CACHE_DIR`, {@link MatcherCache}), a thread starts from the index
 * saved there for the current catalogue identity (database id, version, wines, matcher code) when
 * there is one and it reads, else it builds and then saves its index there: so the first photo after
 * an idle stop, and after a restart of the service, restores instead of building (the next photo's
 * time at 300,000 wines with the saved index and with a build:
 * bench/results/photo-memory-300k-snapshot.md). {@link warm} starts it at the
 * service's start when such an index is saved.
 */
import { existsSync, statSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { catalogueIdentity, labelDocumentPages } from "./labels.repository.ts";
import { MatcherCache } from "./matcher-cache.ts";
import { MatcherThread } from "./matcher-thread.ts";

/** How long a replaced matcher thread stays up for the matches still running on it, in milliseconds. */
const RETIRE_AFTER_MS = 30_000;

/**
 * {@link CatalogueMatcher.warm} restores only an index file at least this large, in bytes: a smaller
 * catalogue builds in about a second on the first photo anyway (1,000 wines: well under one), and a
 * test service need not start a thread it will not use.
 */
export const WARM_MIN_BYTES = 4 * 1024 * 1024;

/** How a matcher thread was made ready: built from the catalogue, or restored from a saved index. */
export type MatcherStart = "built" | "restored";

/** Options of a {@link CatalogueMatcher}. */
export interface CatalogueMatcherOptions {
  /** The thread stops after this many ms without use; 0 (default) keeps it (`MATCHER_IDLE_MS`). */
  idleMs?: number;
  /** The folder of saved indexes (`MATCHER_CACHE_DIR`); null (default): none is saved or read. */
  cacheDir?: string | null;
  /** Told how each thread was made ready and how long that took, in ms. */
  onStart?: (how: MatcherStart, ms: number) => void;
  /** Smallest saved index {@link CatalogueMatcher.warm} restores, in bytes (default {@link WARM_MIN_BYTES}). */
  warmMinBytes?: number;
}

export class CatalogueMatcher {
  private built: { matcher: Promise<MatcherThread>; version: number } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly cache: MatcherCache | null;
  private readonly idleMs: number;
  private readonly onStart: (how: MatcherStart, ms: number) => void;
  private readonly warmMinBytes: number;
  /** The saved index file of the current thread's catalogue identity, once restored or written. */
  private saved: string | null = null;
  private closed = false;

  /**
   * @param db the database whose wines are matched (and whose catalogue id keys the saved indexes).
   * @param currentVersion the catalogue version (imports so far), a number when known, else a
   *   promise of one: `app.catalogueVersion.current()` in the service.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentVersion: () => number | Promise<number>,
    {
      idleMs = 0,
      cacheDir = null,
      onStart = () => {},
      warmMinBytes = WARM_MIN_BYTES,
    }: CatalogueMatcherOptions = {},
  ) {
    this.idleMs = idleMs;
    this.cache = cacheDir === null ? null : new MatcherCache(cacheDir);
    this.onStart = onStart;
    this.warmMinBytes = warmMinBytes;
  }

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
   * The matcher of the current catalogue version: on first use restored from its saved index, or
   * built.
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
      () => {
        this.touch(built);
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

  /**
   * Starts the matcher in the background of the service's start when the index of the current
   * catalogue identity is saved and at least `warmMinBytes` large (a restore's time:
   * bench/results/photo-memory-300k-snapshot.md), so the first photo finds it ready; never starts a
   * build. Resolves to whether it started one; the caller logs a rejection (the database's or the
   * thread's error).
   */
  async warm(): Promise<boolean> {
    if (this.closed || this.built !== null) return false;
    const version = await this.currentVersion();
    const file = await this.indexFile(version);
    if (file === null || this.closed || this.built !== null) return false;
    try {
      if (statSync(file).size < this.warmMinBytes) return false;
    } catch {
      return false; // none saved
    }
    await this.current();
    return true;
  }

  /** The saved index file of catalogue `version` of this database (it may not exist); null without a cache. */
  private async indexFile(version: number): Promise<string | null> {
    if (this.cache === null) return null;
    const { catalogueId, wines } = await catalogueIdentity(this.db);
    return catalogueId === null ? null : this.cache.file({ catalogueId, version, wines });
  }

  /** A thread for catalogue `version`: restored from its saved index if there is one that reads, else built. */
  private async start(version: number): Promise<MatcherThread> {
    const started = performance.now();
    const file = await this.indexFile(version);
    const restored =
      file === null || !existsSync(file) ? null : await MatcherThread.restore(file).catch(() => null); // unreadable: built and saved again
    if (restored && file) {
      this.saved = file;
      this.cache?.used(file);
    }
    const save = restored ? undefined : this.saveTo(file);
    const thread = restored ?? (await MatcherThread.build(labelDocumentPages(this.db), save));
    this.onStart(restored ? "restored" : "built", Math.round(performance.now() - started));
    if (save !== undefined) this.keep(thread);
    return thread;
  }

  /** `file` when its folder exists or can be made (a build then writes its index there), else undefined. */
  private saveTo(file: string | null): string | undefined {
    if (file === null || this.cache === null) return undefined;
    try {
      this.cache.prepare();
      return file;
    } catch {
      return undefined; // a folder that cannot be made: built, not saved
    }
  }

  /**
   * Once the index `thread` builds is written (after the thread is ready), remembers
   * it and prunes the cache folder (other identities of this catalogue, the least recently used).
   */
  private keep(thread: MatcherThread): void {
    thread.saved
      .then((file) => {
        if (file === null || this.cache === null) return; // not written, or the thread stopped first
        this.saved = file;
        this.cache.prune(file);
      })
      .catch(() => {});
  }

  /** The saved index of the current catalogue version once restored or written (null before, or without a cache). */
  savedIndex(): string | null {
    return this.saved;
  }

  /** Stops the current matcher thread (the app closed); the saved indexes stay for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const built = this.built;
    this.built = null;
    await built?.matcher.then((m) => m.close()).catch(() => {});
  }
}
