/**
 * The OCR worker pool (piscina): created on the first photo, so a service that never sees one stays
 * small; a bounded number of threads (default one) keeps memory predictable; each photo has a time
 * budget, after which its read is abandoned (the thread is replaced) and the client gets 503.
 */
import { Piscina } from "piscina";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-entry.ts";
import type { OcrReading, OcrTask } from "./ocr-worker.ts";

/** Reads the text of a photo turned clockwise by `rotate` degrees. */
export type PhotoReader = (
  image: Uint8Array,
  rotate: OcrTask["rotate"],
  signal: AbortSignal,
) => Promise<OcrReading>;

/** A pool of OCR threads behind {@link PhotoReader}. */
export class OcrPool {
  private pool: Piscina | null = null;

  constructor(private readonly threads: number) {}

  read: PhotoReader = async (image, rotate, signal) => {
    this.pool ??= new Piscina({
      filename: workerEntry("./ocr-worker", import.meta.url),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 10 * 60_000,
      maxQueue: this.threads * 8,
    });
    try {
      return (await this.pool.run({ image, rotate } satisfies OcrTask, { signal })) as OcrReading;
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof Error && /queue is at limit/i.test(err.message)) {
        throw new AppError("service_unavailable", "Label recognition is busy; try again shortly.", {
          headers: { "Retry-After": 5 },
        });
      }
      throw err;
    }
  };

  /** Stops the threads (app shutdown). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
