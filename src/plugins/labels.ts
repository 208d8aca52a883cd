/**
 * Label recognition's state, decorated as `app.labels` (see `LabelRecognition`): the OCR process pool
 * (started on the first photo, at most `OCR_THREADS` processes, stopped after `OCR_IDLE_MS`) and the
 * label matcher over the current catalogue (its own thread, rebuilt after an import, stopped after
 * `MATCHER_IDLE_MS` and then restarted from the index it saved); both stop with the app.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CatalogueMatcher } from "../modules/labels/catalogue-matcher.ts";
import type { LabelRecognition } from "../modules/labels/labels.service.ts";
import { OcrPool, type PhotoReader } from "../modules/labels/ocr-pool.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** How label photos are read and matched. */
    labels: LabelRecognition;
  }
}

/** Options of the plugin. */
export interface LabelsOptions {
  /** OCR processes at most (`OCR_THREADS`). */
  ocrThreads: number;
  /** Idle time after which the OCR processes stop, in ms (`OCR_IDLE_MS`). */
  ocrIdleMs: number;
  /** Idle time after which the label matcher's thread stops, in ms; 0 keeps it (`MATCHER_IDLE_MS`). */
  matcherIdleMs: number;
  /** Time budget of one photo, in milliseconds (`PHOTO_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Reads photos instead of the OCR pool (tests). */
  read?: PhotoReader;
}

export default fp<LabelsOptions>(
  async (app: FastifyInstance, { ocrThreads, ocrIdleMs, matcherIdleMs, timeoutMs, read }) => {
    const ocr = new OcrPool(ocrThreads, ocrIdleMs, (err) =>
      app.log.error({ err, component: "labels" }, "OCR process failed"),
    );
    const matcher = new CatalogueMatcher(
      app.catalogueDb,
      () => app.catalogueVersion.current(),
      matcherIdleMs,
      (how, ms) => app.log.info({ component: "labels", how, ms }, "label matcher ready"),
    );
    const timed: PhotoReader = async (image, rotate, signal) => {
      const started = performance.now();
      const reading = await ocr.read(image, rotate, signal);
      app.metrics.ocrRead((performance.now() - started) / 1000);
      return reading;
    };
    app.decorate("labels", { read: read ?? timed, matcher, timeoutMs, queued: () => ocr.queued() });
    app.addHook("onClose", async () => {
      await Promise.all([ocr.close(), matcher.close()]);
    });
  },
  { name: "labels", dependencies: ["db", "catalogue-version", "metrics"] },
);
