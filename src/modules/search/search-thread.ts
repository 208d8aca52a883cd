/**
 * The wine search index in its own worker thread ({@link ./search-worker.ts}): the request thread
 * streams the catalogue to it once per catalogue version (a build) and posts each search (a few
 * hundred bytes each way), so a search costs the request thread two messages, not the search. The
 * thread keeps answering from the previous build until a new one is ready. Searches wait in the
 * thread's queue in order; at most `maxWaiting` at once, beyond which a search is refused at once
 * with 503 (Retry-After) instead of queueing behind a backlog.
 */
import { Worker } from "node:worker_threads";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-loader.ts";
import type { SearchReply, SearchRequest } from "./search-worker.ts";
import type { IndexedWine } from "./wine-index.ts";
import type { RankedIds } from "./wine-ranking.ts";

/**
 * Wines per message while streaming the catalogue: small enough that copying one message is a short
 * pause for the request thread, which serves other requests between messages.
 */
const SLICE = 1000;

/** Default most searches waiting for the thread at once (see {@link SearchThread.search}). */
export const MAX_WAITING = 64;

/** The search thread's young generation, MB (V8 `maxYoungGenerationSizeMb`). */
const YOUNG_GENERATION_MB = 8;

/** Seconds a client is told to wait (Retry-After) when the queue is full or the thread stopped. */
const RETRY_AFTER_S = 1;

/** A search's answer from the thread: `tag` of the build that answered (-1: none was ready, no ids). */
export interface ThreadAnswer extends RankedIds {
  tag: number;
}

type Waiter<T> = { resolve: (value: T) => void; reject: (e: Error) => void };

export class SearchThread {
  private readonly searches = new Map<number, Waiter<ThreadAnswer>>();
  private readonly builds = new Map<number, Waiter<void>>();
  private nextId = 1;
  private lastGen = 0;
  /** The tag of each build (see {@link build}), by build number. */
  private readonly tags = new Map<number, number>();
  private failure: Error | null = null;
  private closing = false;
  /** Called once when the thread stops by itself (it crashed): its owner starts another. */
  onStop: (() => void) | null = null;
  private readonly worker: Worker;

  /** Starts the thread (no index yet: searches answer `gen` -1 until a {@link build} is ready). */
  constructor(private readonly maxWaiting = MAX_WAITING) {
    // Its young generation at 8 MB, not the service's `--min-semi-space-size=16` (V8 flags reach every
    // thread): the index is built once and kept, so short-lived objects are few, and the larger young
    // generation held more RSS at 300,000 wines (a service's RSS after /ready and 600 requests).
    this.worker = new Worker(new URL(workerEntry("./search-worker", import.meta.url)), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.unref();
    this.worker.on("message", (reply: SearchReply) => {
      if ("id" in reply) {
        const waiter = this.searches.get(reply.id);
        this.searches.delete(reply.id);
        if ("ids" in reply)
          waiter?.resolve({ ids: reply.ids, total: reply.total, tag: this.tags.get(reply.gen) ?? -1 });
        else waiter?.reject(new Error(`wine search failed: ${reply.error}`));
        return;
      }
      const waiter = this.builds.get(reply.gen);
      this.builds.delete(reply.gen);
      if ("ready" in reply) waiter?.resolve();
      else waiter?.reject(new Error(`building the search index failed: ${reply.error}`));
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", () => this.fail(new Error("the search thread stopped")));
  }

  private fail(err: Error): void {
    if (this.failure !== null) return;
    this.failure = err;
    for (const w of this.searches.values())
      w.reject(unavailable("The search is restarting; retry in a moment."));
    for (const w of this.builds.values()) w.reject(err);
    this.searches.clear();
    this.builds.clear();
    if (!this.closing) this.onStop?.();
  }

  /** True once the thread has stopped (crashed or closed): start another. */
  get stopped(): boolean {
    return this.failure !== null;
  }

  /**
   * Streams `pages` (ascending ids across pages) to the thread as a new build, yielding to the event
   * loop between slices of {@link SLICE} wines; resolves once the thread answers from it (its
   * answers then carry `tag`, e.g. the catalogue version the pages were read at) (the first build is warmed up first: search-warm-up.ts). A newer build started
   * meanwhile replaces this one, which then never resolves: callers race it against their newer one.
   * @throws what reading a page throws (the thread keeps its previous index), or the build's error.
   */
  async build(pages: AsyncIterable<readonly IndexedWine[]>, tag: number): Promise<void> {
    if (this.failure !== null) throw this.failure;
    const gen = ++this.lastGen;
    for (const older of this.tags.keys()) if (older < gen - 2) this.tags.delete(older);
    this.tags.set(gen, tag);
    const ready = new Promise<void>((resolve, reject) => this.builds.set(gen, { resolve, reject }));
    ready.catch(() => {}); // awaited below; it may reject while the pages stream
    const post = (message: SearchRequest) => this.worker.postMessage(message);
    for await (const page of pages) {
      if (this.failure !== null) throw this.failure;
      for (let i = 0; i < page.length; i += SLICE) {
        post({ gen, page: page.slice(i, i + SLICE) });
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    post({ gen, end: true });
    await ready;
  }

  /**
   * The ranked ids and total of `q` (see `IndexSearcher.searchWithTotal`) from the thread's newest
   * ready build.
   * @throws AppError `service_unavailable` (503, Retry-After 1 s) when `maxWaiting` searches are
   *   already waiting, or when the thread has stopped.
   * @throws Error when the search threw in the thread (a bug: a 500).
   */
  search(q: string, limit: number): Promise<ThreadAnswer> {
    if (this.failure !== null)
      return Promise.reject(unavailable("The search is restarting; retry in a moment."));
    if (this.searches.size >= this.maxWaiting) {
      return Promise.reject(unavailable("Too many searches are waiting; retry in a moment."));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.searches.set(id, { resolve, reject });
      this.worker.postMessage({ id, q, limit } satisfies SearchRequest);
    });
  }

  /** Stops the thread; searches still waiting get 503. */
  async close(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
  }
}

function unavailable(message: string): AppError {
  return new AppError("service_unavailable", message, { headers: { "retry-after": RETRY_AFTER_S } });
}
