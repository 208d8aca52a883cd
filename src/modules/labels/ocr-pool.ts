/**
 * The OCR pool (tinypool, child-process runtime): OCR processes are started on the first photo, so a
 * service that never sees one stays small, and stop when idle; a bounded number of them (default one)
 * keeps memory predictable; each photo has a time budget, after which its read is abandoned and the
 * client gets 503.
 *
 * Processes, not threads: a worker thread that stopped left memory behind in the service's process
 * (ONNX Runtime's and libvips' allocations stay in the allocator; the service grew by 25–50 MB with
 * each OCR thread that came and went: 302 → 439 MB after six cycles at 1,000 wines), and stopping a
 * thread in the middle of an ONNX Runtime or sharp call aborted the whole service. A process that
 * exits gives all its memory back, and one stopped mid-read takes nobody with it: an abandoned read
 * stops its process at once (the next photo starts another, its models loading in about a second).
 */
import { Tinypool } from "tinypool";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-loader.ts";
import type { OcrReading, OcrTask } from "./ocr-worker.ts";

/** Reads the text of a photo turned clockwise by `rotate` degrees. */
export type PhotoReader = (
  image: Uint8Array,
  rotate: OcrTask["rotate"],
  signal: AbortSignal,
) => Promise<OcrReading>;

/** A pool of OCR processes behind {@link PhotoReader}. */
export class OcrPool {
  private pool: Tinypool | null = null;

  /**
   * @param processes OCR processes at most (`OCR_THREADS`).
   * @param idleMs a process without a photo for this long stops (tinypool's `idleTimeout`), and its
   *   memory returns; the next photo starts one again.
   */
  constructor(
    private readonly processes: number,
    private readonly idleMs: number,
  ) {}

  /**
   * The text of `image` turned clockwise by `rotate` degrees.
   * @throws `signal`'s reason once it aborts (the read's process is stopped); AppError
   *   `service_unavailable` (503, Retry-After 5) when {@link queued} is at its limit (8 a process);
   *   the process's error when the read fails.
   */
  read: PhotoReader = async (image, rotate, signal) => {
    this.pool ??= new Tinypool({
      filename: workerEntry("./ocr-worker", import.meta.url),
      runtime: "child_process",
      // Structured clone over the IPC channel, so the photo's bytes arrive as bytes.
      serialization: "advanced",
      minThreads: 0,
      maxThreads: this.processes,
      idleTimeout: this.idleMs,
      maxQueue: this.processes * 8,
    });
    try {
      return (await this.pool.run({ image, rotate } satisfies OcrTask, { signal })) as OcrReading;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (err instanceof Error && /queue is at limit/i.test(err.message)) {
        throw new AppError("service_unavailable", "Label recognition is busy; try again shortly.", {
          headers: { "Retry-After": 5 },
        });
      }
      throw err;
    }
  };

  /** Photos waiting for a free OCR process. */
  queued(): number {
    return this.pool?.queueSize ?? 0;
  }

  /** OCR processes running now (0 before the first photo and after the idle period). */
  running(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Stops the processes (app shutdown). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
