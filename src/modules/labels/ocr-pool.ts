/**
 * The OCR worker pool (piscina): created on the first photo, so a service that never sees one stays
 * small, and its threads stop when idle, so a service that saw photos becomes small again; a bounded number of threads (default one) keeps memory predictable; each photo has a time
 * budget, after which its read is abandoned and the client gets 503.
 *
 * An abandoned read is not stopped by terminating its thread: ending a thread in the middle of an
 * ONNX Runtime or sharp call aborts the whole process (`Napi::Error`, seen on the 300k bench and
 * with a 250 ms budget). The task carries a shared flag instead, raised on abort, which the worker
 * checks between steps (before detection, before each text box), so it ends within one step.
 */
import { Piscina } from "piscina";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-loader.ts";
import type { OcrReading, OcrTask } from "./ocr-worker.ts";

/** `promise`, or a rejection once `signal` aborts (the promise itself runs on). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** Reads the text of a photo turned clockwise by `rotate` degrees. */
export type PhotoReader = (
  image: Uint8Array,
  rotate: OcrTask["rotate"],
  signal: AbortSignal,
) => Promise<OcrReading>;

/** A pool of OCR threads behind {@link PhotoReader}. */
export class OcrPool {
  private pool: Piscina | null = null;

  /**
   * @param threads OCR threads at most.
   * @param idleMs a thread without a photo for this long stops (piscina's `idleTimeout`), freeing its
   *   copy of the models; the next photo starts one again.
   */
  constructor(
    private readonly threads: number,
    private readonly idleMs: number,
  ) {}

  read: PhotoReader = async (image, rotate, signal) => {
    this.pool ??= new Piscina({
      filename: workerEntry("./ocr-worker", import.meta.url),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: this.idleMs,
      maxQueue: this.threads * 8,
    });
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const task = this.pool.run({ image, rotate, cancel } satisfies OcrTask) as Promise<OcrReading>;
    const abort = () => Atomics.store(cancel, 0, 1);
    signal.addEventListener("abort", abort, { once: true });
    try {
      return await untilAborted(task, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof Error && /queue is at limit/i.test(err.message)) {
        throw new AppError("service_unavailable", "Label recognition is busy; try again shortly.", {
          headers: { "Retry-After": 5 },
        });
      }
      throw err;
    } finally {
      // Once settled either way, a late failure of the abandoned task is nobody's to handle.
      task.catch(() => {}).finally(() => signal.removeEventListener("abort", abort));
    }
  };

  /** Photos waiting for a free OCR thread. */
  queued(): number {
    return this.pool?.queueSize ?? 0;
  }

  /** OCR threads running now (0 before the first photo and after the idle period). */
  running(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Stops the threads once their reads have ended (app shutdown; an abandoned read ends within a step). */
  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }
}
