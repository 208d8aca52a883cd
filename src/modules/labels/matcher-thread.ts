/**
 * The label matcher in its own worker thread ({@link ./matcher-worker.ts}): the request thread only
 * streams the catalogue to it once per catalogue version and posts the text of each label. The index
 * lives in the worker's heap instead of the request thread's (the same size either way, growing with
 * the catalogue; the service's RSS with 300,000 wines: `npm run bench:photo`, bench/results/photo.md).
 */
import { Worker } from "node:worker_threads";
import { workerEntry } from "../../worker-loader.ts";
import type { LabelDocument, LabelMatches } from "./label-matcher.ts";
import type { MatcherRequest } from "./matcher-worker.ts";

/**
 * Wines per message while streaming the catalogue: small enough that copying one message is a short
 * pause for the request thread, which serves other requests between messages.
 */
const SLICE = 1000;

type Reply = { ready: true } | { error: string } | { id: number; matches: LabelMatches };

export class MatcherThread {
  private readonly waiting = new Map<
    number,
    { resolve: (m: LabelMatches) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    ready: { resolve: () => void; reject: (e: Error) => void },
  ) {
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) ready.resolve();
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
    ready.reject(err);
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }

  /**
   * Starts a thread and streams `pages` to it, yielding to the event loop between slices of
   * {@link SLICE} wines; resolves once the thread's matcher is built.
   * @throws the build's error (the thread is stopped).
   */
  static async build(pages: AsyncIterable<readonly LabelDocument[]>): Promise<MatcherThread> {
    const worker = new Worker(new URL(workerEntry("./matcher-worker", import.meta.url)));
    worker.unref();
    let ready!: { resolve: () => void; reject: (e: Error) => void };
    const built = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    const thread = new MatcherThread(worker, ready);
    const post = (message: MatcherRequest) => worker.postMessage(message);
    try {
      for await (const page of pages) {
        for (let i = 0; i < page.length; i += SLICE) {
          post({ page: page.slice(i, i + SLICE) });
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      post({ end: true });
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
