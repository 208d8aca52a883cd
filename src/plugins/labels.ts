/**
 * Label recognition's state, decorated as `app.labels` (see `LabelRecognition`): the OCR process pool
 * (started on the first photo, at most `OCR_PROCESSES` processes, stopped after `OCR_IDLE_MS`) and the
 * label matcher over the current catalogue (its own thread, rebuilt after an import, stopped after
 * `MATCHER_IDLE_MS`; it saves its index in `MATCHER_CACHE_DIR` and starts again from there, after an
 * idle stop and after a restart, when the service starts too if the index is saved there); both stop
 * with the app (the saved indexes stay).
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
  /** OCR processes at most (`OCR_PROCESSES`). */
  ocrProcesses: number;
  /** Idle time after which the OCR processes stop, in ms (`OCR_IDLE_MS`). */
  ocrIdleMs: number;
  /** Idle time after which the label matcher's thread stops, in ms; 0 keeps it (`MATCHER_IDLE_MS`). */
  matcherIdleMs: number;
  /** Folder of the label matcher's saved indexes, kept across restarts (`MATCHER_CACHE_DIR`). */
  matcherCacheDir: string;
  /** Time budget of one photo, in milliseconds (`PHOTO_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Reads photos instead of the OCR pool (tests). */
  read?: PhotoReader;
}

export default fp<LabelsOptions>(
  async (
    app: FastifyInstance,
    { ocrProcesses, ocrIdleMs, matcherIdleMs, matcherCacheDir, timeoutMs, read },
  ) => {
    const ocr = new OcrPool(ocrProcesses, ocrIdleMs, (err) =>
      app.log.error({ err, component: "labels" }, "OCR process failed"),
    );
    const matcher = new CatalogueMatcher(app.catalogueDb, () => app.catalogueVersion.current(), {
      idleMs: matcherIdleMs,
      cacheDir: matcherCacheDir,
      onStart: (how, ms) => app.log.info({ component: "labels", how, ms }, "label matcher ready"),
    });
    const timed: PhotoReader = async (image, rotate, signal) => {
      const started = performance.now();
      const reading = await ocr.read(image, rotate, signal);
      app.metrics.ocrRead((performance.now() - started) / 1000);
      return reading;
    };
    app.decorate("labels", { read: read ?? timed, matcher, timeoutMs, queued: () => ocr.queued() });
    // Once the app is ready (not before: /ready does not wait for it), the matcher is restored in the
    // background when the index of the current catalogue is saved, so the first photo after a restart
    // finds it ready instead of answering 503 during a build; with none saved nothing starts here.
    app.addHook("onReady", async () => {
      matcher
        .warm()
        .catch((err: unknown) =>
          app.log.warn({ err, component: "labels" }, "label matcher not restored at start"),
        );
    });
    app.addHook("onClose", async () => {
      await Promise.all([ocr.close(), matcher.close()]);
    });
  },
  { name: "labels", dependencies: ["db", "catalogue-version", "metrics"] },
);
