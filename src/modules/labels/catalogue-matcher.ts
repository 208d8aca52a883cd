/**
 * The label matcher over the current catalogue, in its own thread ({@link MatcherThread}), built once
 * per catalogue version: after an import a new one is built, and the one it replaces stays up
 * {@link RETIRE_AFTER_MS} for the matches still running on it. A request that gives up waiting (its
 * time budget) leaves the build running for the next one; a failed build is tried again by the next
 * request. With an idle time, the thread stops after that long without a match (its index's memory
 * returns) and the next request builds it again (a first photo at 300,000 wines, build included,
 * takes 7–9.5 s: bench/results/photo-memory-300k.md, load-cold-after-3.md).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";

/** How long a replaced matcher thread stays up for the matches still running on it, in milliseconds. */
const RETIRE_AFTER_MS = 30_000;

export class CatalogueMatcher {
  private built: { matcher: Promise<MatcherThread>; version: number } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * @param db the database whose wines are matched.
   * @param currentVersion the catalogue version (imports so far), a number when known, else a
   *   promise of one: `app.catalogueVersion.current()` in the service.
   * @param idleMs the thread stops after this many ms without use; 0 keeps it (`MATCHER_IDLE_MS`).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentVersion: () => number | Promise<number>,
    private readonly idleMs = 0,
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
    const matcher = MatcherThread.build(labelDocumentPages(this.db));
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

  /** Stops the current matcher thread (the app closed). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const built = this.built;
    this.built = null;
    await built?.matcher.then((m) => m.close()).catch(() => {});
  }
}
