/**
 * The label matcher over the current catalogue, in its own thread ({@link MatcherThread}), built once
 * per catalogue version: after an import a new one is built, and the one it replaces stays up
 * {@link RETIRE_AFTER_MS} for the matches still running on it. A request that gives up waiting (its
 * time budget) leaves the build running for the next one; a failed build is tried again by the next
 * request.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";

/** How long a replaced matcher thread stays up for the matches still running on it, in milliseconds. */
const RETIRE_AFTER_MS = 30_000;

export class CatalogueMatcher {
  private built: { matcher: Promise<MatcherThread>; version: number } | null = null;

  /**
   * @param db the database whose wines are matched.
   * @param currentVersion the catalogue version (imports so far), a number when known, else a
   *   promise of one: `app.catalogueVersion.current()` in the service.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentVersion: () => number | Promise<number>,
  ) {}

  /**
   * The matcher of the current catalogue version, built on first use.
   * @throws the database's error when the version or the wines cannot be read, or the thread's.
   */
  async current(): Promise<MatcherThread> {
    const version = await this.currentVersion();
    const previous = this.built;
    if (previous && previous.version === version) return previous.matcher;
    const matcher = MatcherThread.build(labelDocumentPages(this.db));
    this.built = { matcher, version };
    matcher.then(
      () => {
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
    const built = this.built;
    this.built = null;
    await built?.matcher.then((m) => m.close()).catch(() => {});
  }
}
