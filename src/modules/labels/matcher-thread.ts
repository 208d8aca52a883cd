/**
 * The label matcher in its own worker thread ({@link ./matcher-worker.ts}): the request thread only
 * streams the catalogue to it once per catalogue version and posts the text of each label. The index
 * lives in the worker's heap instead of the request thread's (the same size either way, growing with
 * the catalogue; the service's RSS with 300,000 wines: `npm run bench:photo`, bench/results/photo.md).
 */
import { Worker } from "node:worker_threads";
import { workerEntry } from "../../worker-loader.ts";
import type { LabelDocument } from "./label-indexer.ts";
import type { LabelMatches } from "./label-matcher.ts";
import type { MatcherRequest } from "./matcher-worker.ts";

/**
 * Wines per message while streaming the catalogue: small enough that copying one message is a short
 * pause for the request thread, which serves other requests between messages.
 */
const SLICE = 1000;

type Reply =
  | { ready: true }
  | { error: string }
  | { saved: string | null }
  | { id: number; matches: LabelMatches };

export class MatcherThread {
  private readonly waiting = new Map<
    number,
    { resolve: (m: LabelMatches) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;
  private savedAs!: (file: string | null) => void;
  /**
   * The file the thread wrote its index to (see {@link build}) once written; null if writing it
   * failed or the thread stopped first. Never settles for a thread not asked to save.
   */
  readonly saved = new Promise<string | null>((resolve) => (this.savedAs = resolve));

  private constructor(
    private readonly worker: Worker,
    ready: { resolve: () => void; reject: (e: Error) => void },
  ) {
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) ready.resolve();
      else if ("saved" in reply) this.savedAs(reply.saved);
      else if ("error" in reply) this.fail(new Error(`label matcher build failed: ${reply.error}`), ready);
      else {
        this.waiting.get(reply.id)?.resolve(reply.matches);
        this.waiting.delete(reply.id);
      }
    });
    worker.on("error", (err) => this.fail(err, ready));
    worker.on("exit", () => this.fail(new Error("the label matcher thread stopped"), ready));
  }

  private fail(err: Error, ready: { reject: (e: Error) => void }): void {
    this.failure ??= err;
    this.savedAs(null);
    ready.reject(err);
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }

  /**
   * Starts a thread and streams `pages` to it, yielding to the event loop between slices of
   * {@link SLICE} wines; resolves once the thread's matcher is built. With `save`, the thread then
   * writes its index to that file ({@link saved} once written) for {@link restore}.
   * @throws the build's error (the thread is stopped).
   */
  static build(pages: AsyncIterable<readonly LabelDocument[]>, save?: string): Promise<MatcherThread> {
    return MatcherThread.start(async (post) => {
      for await (const page of pages) {
        for (let i = 0; i < page.length; i += SLICE) {
          post({ page: page.slice(i, i + SLICE) });
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      post({ end: true, save });
    });
  }

  /**
   * Starts a thread on the index a thread saved to `file` (see {@link build}; this process or another
   * one, before a restart: matcher-cache.ts), in a fraction of a build's time
   * (bench/results/photo-memory-300k-snapshot.md).
   * @throws when the file cannot be read or is not a saved index of this format (the thread is stopped).
   */
  static restore(file: string): Promise<MatcherThread> {
    return MatcherThread.start(async (post) => post({ restore: file }));
  }

  /** Starts a thread, sends it what it is made from, and resolves once it is ready. */
  private static async start(
    send: (post: (message: MatcherRequest) => void) => Promise<void>,
  ): Promise<MatcherThread> {
    const worker = new Worker(new URL(workerEntry("./matcher-worker", import.meta.url)));
    worker.unref();
    let ready!: { resolve: () => void; reject: (e: Error) => void };
    const built = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    // Awaited below once `send` is done; it may reject before (the thread failed while the catalogue
    // streams) or after (`send` failed, and stopping the thread rejects it): handled either way, not
    // an unhandled rejection.
    built.catch(() => {});
    const thread = new MatcherThread(worker, ready);
    try {
      await send((message) => worker.postMessage(message));
      await built;
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  /** The best `limit` wines for the text read on a label (see LabelMatcher.match). */
  match(text: string, limit: number): Promise<LabelMatches> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, text, limit } satisfies MatcherRequest);
    });
  }

  /** True while matches posted to the thread have not been answered. */
  busy(): boolean {
    return this.waiting.size > 0;
  }

  /** Stops the thread; matches still waiting are rejected. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
