/**
 * Typo-tolerant wine search behind one small interface, so that another engine (PostgreSQL
 * pg_trgm, an external search server) can replace the in-memory index without touching the routes.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { OutageLog, type OutageLogger, warningLogger } from "../../db/unavailable.ts";
import { AppError } from "../../errors.ts";
import { indexedWinePages } from "./search.repository.ts";
import { MAX_WAITING, SearchThread } from "./search-thread.ts";
import { buildWineIndexFrom } from "./wine-index.ts";
import { IndexSearcher, type RankedIds } from "./wine-ranking.ts";

/** Ranked wine search. */
export interface WineSearch {
  /**
   * Ids of the wines best matching the free text `q`, best first, at most `limit` (1–100);
   * [] when nothing matches. Rules and ranking: see `wine-ranking.ts` and `query-terms.ts`.
   * @throws AppError `service_unavailable` (503, Retry-After) when the service has just started and
   *   its index is not ready within the wait bound.
   */
  search(q: string, limit: number): Promise<number[]>;
}

/** Options of {@link InMemoryWineSearch}. */
export interface InMemoryWineSearchOptions {
  /** Longest wait of a search for the first index, in milliseconds (default 3000), then 503. */
  firstWaitMs?: number;
  /** Longest wait of a search for a rebuilt index, in milliseconds (default 250), then the previous one answers. */
  rebuildWaitMs?: number;
  /** First delay before a failed build is tried again by itself, in milliseconds (default 1000; doubles up to 30 s). */
  retryMs?: number;
  /** Where a failing build is reported, once until it succeeds (default: Node warnings on stderr). */
  log?: OutageLogger;
  /**
   * Build and search the index in a worker thread (search-thread.ts), so no search holds the event
   * loop (default false: in this thread; the service's plugin turns it on).
   */
  thread?: boolean;
  /** With `thread`: most searches waiting for the thread at once, beyond which a search gets 503 (default 64). */
  maxWaiting?: number;
}

/** An index that answers searches, in this thread or in the search thread; `version`: see `searchAt`. */
interface Engine {
  answer(q: string, limit: number): Promise<RankedIds & { version: number }>;
}

/** Longest delay between two attempts of a failing build, in milliseconds. */
const MAX_RETRY_MS = 30_000;

/** Seconds a client is told to wait (Retry-After) when the first index is not ready. */
export const RETRY_AFTER_S = 2;

/**
 * {@link WineSearch} over an in-memory index of the database's wines. The index is built in the
 * background, in slices that yield to the event loop: from {@link prepare} (the search plugin calls
 * it once the service listens) or else on the first search. Before a search the catalogue version is
 * checked (`currentVersion`); when an import (in this or any other process) has moved
 * it, a new index is built the same way while the current one keeps answering.
 *
 * With `thread` (the service), the index lives in a worker thread (search-thread.ts): the pages are
 * read here and streamed to it, it is built and (the first one) warmed up there, and every search is
 * a message to it, so no search holds this thread; at most `maxWaiting` searches wait for it, more
 * get 503 at once. Each answer carries the catalogue version of the index that gave it. A thread that
 * dies is replaced by the next search (503 meanwhile, as after a start).
 *
 * A search waits for an index being built at most `firstWaitMs` when there is none yet (then 503
 * with Retry-After: the catalogue is there, the service just started) and `rebuildWaitMs` when there
 * is one (then it answers from the previous catalogue version, which was right a moment ago: a small
 * catalogue is rebuilt within the wait, so its searches see an import at once).
 *
 * A build that fails (the database does not answer) is tried again by itself after `retryMs`,
 * doubling up to 30 s, and reported once until one succeeds; meanwhile the previous index, if any,
 * keeps answering, and while the catalogue version cannot be read the last one read stands.
 */
export class InMemoryWineSearch implements WineSearch {
  private searcher: Engine | null = null;
  private building: Promise<Engine> | null = null;
  /** Catalogue version of the index being built, else of the current index (-1: none). */
  private version = -1;
  private readonly firstWaitMs: number;
  private readonly rebuildWaitMs: number;
  private readonly retryMs: number;
  private readonly buildLog: OutageLog;
  private readonly thread: boolean;
  private readonly maxWaiting: number;
  /** The search thread (with `thread`), started by the first build, again after it crashed. */
  private searchThread: SearchThread | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Failed builds in a row. */
  private failures = 0;
  private closed = false;

  /**
   * @param db the database whose wines are indexed.
   * @param currentVersion the catalogue version (imports so far), a number when known, else a
   *   promise of one: `app.catalogueVersion.current()` in the service (plugins/catalogue-version.ts).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentVersion: () => number | Promise<number>,
    options: InMemoryWineSearchOptions = {},
  ) {
    this.firstWaitMs = options.firstWaitMs ?? 3000;
    this.rebuildWaitMs = options.rebuildWaitMs ?? 250;
    this.retryMs = options.retryMs ?? 1000;
    this.buildLog = new OutageLog(options.log ?? warningLogger, "building the search index");
    this.thread = options.thread ?? false;
    this.maxWaiting = options.maxWaiting ?? MAX_WAITING;
  }

  /**
   * Stops trying failed builds again, and reporting them (the app is closing), and stops the search
   * thread (searches still waiting for it get 503).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.searchThread?.close();
  }

  /**
   * Starts building the index when none is built or being built; resolves once it is ready.
   * @throws the database's error when the catalogue version or the wines cannot be read; the build
   *   is then tried again by itself (see the class).
   */
  async prepare(): Promise<void> {
    try {
      await this.check();
    } catch (err) {
      this.buildFailed(err);
      throw err;
    }
    if (this.building !== null) await this.building;
  }

  /**
   * Whether an index answers searches, waiting at most `ms` for the first one and starting its build
   * when none is under way (after failed builds, e.g. the database was down): false while there is
   * none. A rebuild after an import does not count: the previous index answers meanwhile.
   */
  async ready(ms: number): Promise<boolean> {
    if (this.searcher !== null) return true;
    if (this.closed) return false;
    try {
      await this.check();
    } catch {
      return false;
    }
    const building = this.building;
    if (this.searcher !== null || building === null) return this.searcher !== null;
    const built = building.then(
      () => true,
      () => false,
    );
    return (await within(built, ms)) === true;
  }

  async search(q: string, limit: number): Promise<number[]> {
    return (await this.searchAt(q, limit)).ids;
  }

  /**
   * {@link search}, with `total`, how many wines match `q` in all (the number of ids there would be
   * without `limit`: see `IndexSearcher.searchWithTotal`), and the catalogue version of the index
   * that answered (-1 when unknown), so a caller that stores answers per catalogue version can tell
   * an answer of the previous version (an import is being indexed) from a current one. Throws as
   * {@link search}.
   */
  async searchAt(q: string, limit: number): Promise<{ ids: number[]; total: number; version: number }> {
    await this.check();
    const building = this.building;
    if (building === null && this.searcher !== null) {
      return this.searcher.answer(q, limit);
    }
    const fresh =
      building === null
        ? null
        : await within(building, this.searcher ? this.rebuildWaitMs : this.firstWaitMs);
    const searcher = fresh ?? this.searcher;
    if (searcher === null) {
      throw new AppError("service_unavailable", "The search index is being built; retry in a few seconds.", {
        headers: { "retry-after": RETRY_AFTER_S },
      });
    }
    return searcher.answer(q, limit);
  }

  /** Reads the catalogue version; starts a build when it moved. */
  private async check(): Promise<void> {
    const version = await this.currentVersion();
    if (version !== this.version || (this.searcher === null && this.building === null)) this.build(version);
  }

  private build(version: number): void {
    this.version = version;
    const building = this.thread ? this.threadEngine(version) : this.localEngine(version);
    this.building = building;
    building.then(
      (searcher) => {
        if (this.building !== building) return; // a newer build replaced this one
        this.searcher = searcher;
        this.building = null;
        this.failures = 0;
        this.buildLog.ok();
      },
      (err: unknown) => {
        if (this.building !== building) return;
        this.building = null;
        this.version = -1; // the next check builds again
        this.buildFailed(err);
      },
    );
  }

  /** An index of catalogue `version` built in this thread, in slices that yield to the event loop. */
  private async localEngine(version: number): Promise<Engine> {
    const searcher = new IndexSearcher(await buildWineIndexFrom(indexedWinePages(this.db)));
    return { answer: async (q, limit) => ({ ...searcher.searchWithTotal(q, limit), version }) };
  }

  /**
   * An index of catalogue `version` built in the search thread, which answers from its newest
   * ready index (the version of each answer is the one its index was built at). A thread that
   * stops by itself (it crashed) is replaced: the next search starts another and builds there (and
   * gets 503 meanwhile, as after a start).
   */
  private async threadEngine(version: number): Promise<Engine> {
    if (this.closed) throw new Error("the search is closed");
    if (this.searchThread === null || this.searchThread.stopped) {
      const thread = new SearchThread(this.maxWaiting);
      thread.onStop = () => {
        if (this.searchThread !== thread) return;
        this.searcher = null;
        this.building = null;
        this.version = -1;
      };
      this.searchThread = thread;
    }
    const thread = this.searchThread;
    await thread.build(indexedWinePages(this.db), version);
    return {
      answer: async (q, limit) => {
        const { ids, total, tag } = await thread.search(q, limit);
        return { ids, total, version: tag };
      },
    };
  }

  /** Reports a failed build (once until one succeeds) and tries it again later; nothing once closed. */
  private buildFailed(err: unknown): void {
    if (this.closed) return; // the database was closed under the build
    this.buildLog.failed(err);
    this.retryLater();
  }

  /** Tries {@link check} again after the backoff of the failures so far (one timer at a time). */
  private retryLater(): void {
    if (this.closed || this.retryTimer !== null) return;
    const delay = Math.min(this.retryMs * 2 ** this.failures, MAX_RETRY_MS);
    this.failures++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.check().catch((err: unknown) => this.buildFailed(err));
    }, delay);
    this.retryTimer.unref();
  }
}

/** `promise`'s value, or null when it is not settled within `ms` (a rejection is thrown). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
