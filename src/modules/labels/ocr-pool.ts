/**
 * The OCR pool (tinypool, child-process runtime): OCR processes are started on the first photo, so a
 * service that never sees one stays small, and stop when idle; a bounded number of them (default one)
 * keeps memory predictable; each photo has a time budget, after which its reading is abandoned and the
 * client gets 503.
 *
 * Processes, not threads: a worker thread that stopped left memory behind in the service's process
 * (ONNX Runtime's and libvips' allocations stay in the allocator; the service's RSS grew with each
 * OCR thread that came and went), and stopping a
 * thread in the middle of an ONNX Runtime or sharp call aborted the whole service. A process that
 * exits gives all its memory back, and one stopped mid-read takes nobody with it: an abandoned reading
 * stops its process at once (the next photo starts another, its models loading in about a second).
 *
 * The queue is the pool's own: photos wait in a FIFO here ({@link QUEUE_PER_PROCESS} per process, the
 * next one gets 503 busy), and at most one reading per process is handed to tinypool at a time, so
 * tinypool's own queue holds a reading only while its process starts and never refuses one. A reading
 * whose time runs out while it waits leaves this FIFO and nothing else; only a handed reading's signal
 * reaches tinypool, which then stops its process (or drops it from its queue while the process starts).
 * Why: tinypool 2.2's `run` registers the abort listener before checking its queue's limit, so a
 * reading it refused as "queue at limit" left a listener behind that, when the photo's time ran out,
 * removed a task its queue never held: the `assert.notStrictEqual(index, -1)` of
 * `ArrayTaskQueue.remove` threw inside an AbortSignal listener, an uncaught exception that ended the
 * service (issue 33: 40 concurrent photos with `PHOTO_TIMEOUT_MS=50`). As defence in depth, tinypool
 * is given a task queue ({@link LenientTaskQueue}) whose removal of a task it does not hold does
 * nothing, and an `error` listener: tinypool emits `error` when a process without a reading dies (the
 * OOM killer, kill -9) or cannot be started, which without a listener is thrown as well.
 */
import { type Task, type TaskQueue, Tinypool } from "tinypool";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-loader.ts";
import type { OcrReading, OcrTask } from "./ocr-worker.ts";

/** Reads the text of a photo turned clockwise by `rotate` degrees. */
export type PhotoReader = (
  image: Uint8Array,
  rotate: OcrTask["rotate"],
  signal: AbortSignal,
) => Promise<OcrReading>;

/** Photos that may wait per OCR process; one more gets 503 busy. */
export const QUEUE_PER_PROCESS = 8;
/** Seconds a client is told to wait (Retry-After) when the queue is full or the pool has closed. */
const RETRY_AFTER_SECONDS = 5;

/**
 * tinypool's default task queue (an array, first in first out), except that removing a task it does
 * not hold does nothing where tinypool's asserts, from inside an AbortSignal listener.
 */
class LenientTaskQueue implements TaskQueue {
  private readonly tasks: Task[] = [];

  get size(): number {
    return this.tasks.length;
  }

  shift(): Task | null {
    return this.tasks.shift() ?? null;
  }

  push(task: Task): void {
    this.tasks.push(task);
  }

  remove(task: Task): void {
    const at = this.tasks.indexOf(task);
    if (at >= 0) this.tasks.splice(at, 1);
  }

  cancel(): void {
    for (const task of this.tasks.splice(0)) task.cancel();
  }
}

/** A photo waiting in the pool's FIFO for a process, with how to settle its reading. */
interface Waiting {
  task: OcrTask;
  signal: AbortSignal;
  resolve: (reading: OcrReading) => void;
  reject: (reason: unknown) => void;
  /** Takes the photo out of the FIFO and rejects its reading with the signal's reason. */
  onAbort: () => void;
}

/** A pool of OCR processes behind {@link PhotoReader}. */
export class OcrPool {
  private pool: Tinypool | null = null;
  /** Photos waiting for a process, oldest first. */
  private readonly waiting: Waiting[] = [];
  /** Readings handed to tinypool and not yet settled: at most `processes`. */
  private handed = 0;
  private closed = false;

  /**
   * @param processes OCR processes at most (`OCR_PROCESSES`).
   * @param idleMs a process without a photo for this long stops (tinypool's `idleTimeout`), and its
   *   memory returns; the next photo starts one again.
   * @param onError told of a failure no reading was waiting on: an OCR process that died while idle
   *   or could not be started (the next reading starts another).
   */
  constructor(
    private readonly processes: number,
    private readonly idleMs: number,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  /**
   * The text of `image` turned clockwise by `rotate` degrees; waits in the pool's FIFO while every
   * process has a reading.
   * @throws `signal`'s reason once it aborts (a waiting photo leaves the FIFO, a reading stops its
   *   process); AppError `service_unavailable` (503, Retry-After 5) when {@link queued} is at its
   *   limit ({@link QUEUE_PER_PROCESS} a process) or the pool has closed; the process's error when
   *   the reading fails.
   */
  read: PhotoReader = (image, rotate, signal) => {
    if (this.closed) return Promise.reject(closedError());
    if (signal.aborted) return Promise.reject(signal.reason);
    const task: OcrTask = { image, rotate };
    if (this.handed < this.processes) return this.hand(task, signal);
    if (this.waiting.length >= this.processes * QUEUE_PER_PROCESS) {
      return Promise.reject(
        new AppError("service_unavailable", "Label recognition is busy; try again shortly.", {
          headers: { "Retry-After": RETRY_AFTER_SECONDS },
        }),
      );
    }
    return new Promise<OcrReading>((resolve, reject) => {
      const entry: Waiting = {
        task,
        signal,
        resolve,
        reject,
        onAbort: () => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        },
      };
      signal.addEventListener("abort", entry.onAbort, { once: true });
      this.waiting.push(entry);
    });
  };

  /** Runs `task` in tinypool (which starts a process if none is free), then hands the next waiting photo. */
  private async hand(task: OcrTask, signal: AbortSignal): Promise<OcrReading> {
    this.handed++;
    try {
      return (await this.tinypool().run(task, { signal })) as OcrReading;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (this.closed) throw closedError();
      throw err;
    } finally {
      this.handed--;
      this.handNext();
    }
  }

  /** Hands waiting photos, oldest first, while fewer than `processes` readings run. */
  private handNext(): void {
    while (this.handed < this.processes && !this.closed) {
      const next = this.waiting.shift();
      if (!next) return;
      next.signal.removeEventListener("abort", next.onAbort);
      this.hand(next.task, next.signal).then(next.resolve, next.reject);
    }
  }

  /** The tinypool pool, made on the first reading. */
  private tinypool(): Tinypool {
    if (this.pool) return this.pool;
    const pool = new Tinypool({
      filename: workerEntry("./ocr-worker", import.meta.url),
      runtime: "child_process",
      // Structured clone over the IPC channel, so the photo's bytes arrive as bytes.
      serialization: "advanced",
      minThreads: 0,
      maxThreads: this.processes,
      idleTimeout: this.idleMs,
      // No limit of tinypool's (its default): the FIFO here is the limit, and at most `processes`
      // readings are handed at once.
      taskQueue: new LenientTaskQueue(),
    });
    pool.on("error", (err: Error) => this.onError(err));
    this.pool = pool;
    return pool;
  }

  /** Photos waiting for a free OCR process. */
  queued(): number {
    return this.waiting.length;
  }

  /** OCR processes running now (0 before the first photo and after the idle period). */
  running(): number {
    return this.pool?.threads.length ?? 0;
  }

  /**
   * Stops the processes (app shutdown): waiting photos and readings still running are rejected with
   * AppError `service_unavailable`, and so is any reading asked for afterwards.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.waiting.splice(0)) {
      entry.signal.removeEventListener("abort", entry.onAbort);
      entry.reject(closedError());
    }
    await this.pool?.destroy();
    this.pool = null;
  }
}

/** The answer to a reading asked of a closed pool. */
function closedError(): AppError {
  return new AppError("service_unavailable", "The service is shutting down; try again shortly.", {
    headers: { "Retry-After": RETRY_AFTER_SECONDS },
  });
}
