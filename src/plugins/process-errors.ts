/**
 * The last line of defence: promise rejections nobody handled and exceptions nobody caught are logged
 * (with the id of the request they came from, when traced) and counted in `app.processErrors`.
 *
 * Policy (docs/operations.md "Failure handling"):
 * - an unhandled rejection is logged at `error` and the service goes on: the promise's work is lost,
 *   but nothing else is left half-done;
 * - an uncaught exception is logged at `fatal`, the server stops accepting connections and finishes
 *   the requests in flight (at most {@link CLOSE_GRACE_MS}), and `onFatal` ends the process (exit
 *   code 1 by default): Node documents the process state as undefined after one, so a supervisor
 *   (systemd, a container restart policy, `docker compose`) is expected to start it again.
 * No known request reaches either path; both exist for the unknown ones.
 *
 * With `TRACE_REQUEST_IDS=true` the request id follows the work through an AsyncLocalStorage
 * entered for each request; Node runs these handlers in the async context of the failed promise or
 * callback, so the store is the request's. Off by default: it turns on Node's promise hooks for the
 * whole process, which costs CPU on every request (bench/results/request-context.md); the lines
 * then carry the stack trace without the request id.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** How many unhandled rejections and uncaught exceptions this app has seen. */
    processErrors: ProcessErrorCounts;
  }
}

/** Counters of the last-resort handlers. */
export interface ProcessErrorCounts {
  unhandledRejections: number;
  uncaughtExceptions: number;
}

export interface ProcessErrorsOptions {
  /** Enter an AsyncLocalStorage per request so the logs name it (`TRACE_REQUEST_IDS`). */
  traceRequestIds: boolean;
  /**
   * Called after an uncaught exception has been logged and the app closed (or after
   * {@link CLOSE_GRACE_MS}); default: `process.exit(1)`.
   */
  onFatal?: (err: unknown) => void;
}

/** Longest wait for requests in flight after an uncaught exception before the process ends. */
const CLOSE_GRACE_MS = 5_000;

export default fp<ProcessErrorsOptions>(
  async (app: FastifyInstance, { traceRequestIds, onFatal = () => process.exit(1) }) => {
    const counts: ProcessErrorCounts = { unhandledRejections: 0, uncaughtExceptions: 0 };
    app.decorate("processErrors", counts);
    const context = new AsyncLocalStorage<string>();
    if (traceRequestIds) app.addHook("onRequest", (request, _reply, done) => context.run(request.id, done));

    const onRejection = (reason: unknown) => {
      counts.unhandledRejections++;
      app.log.error(
        { err: reason, reqId: context.getStore(), count: counts.unhandledRejections },
        "unhandled promise rejection",
      );
    };
    let fatal = false;
    const onException = (err: Error) => {
      counts.uncaughtExceptions++;
      app.log.fatal(
        { err, reqId: context.getStore(), count: counts.uncaughtExceptions },
        "uncaught exception; closing",
      );
      if (fatal) return;
      fatal = true;
      const timer = setTimeout(() => onFatal(err), CLOSE_GRACE_MS);
      timer.unref();
      app.close().finally(() => {
        clearTimeout(timer);
        onFatal(err);
      });
    };
    process.on("unhandledRejection", onRejection);
    process.on("uncaughtException", onException);
    app.addHook("onClose", async () => {
      process.off("unhandledRejection", onRejection);
      // Still listening while an uncaught exception closes the app: a second one must not crash it.
      if (!fatal) process.off("uncaughtException", onException);
    });
  },
  { name: "process-errors" },
);
