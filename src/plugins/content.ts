/**
 * The content machinery every module uses: the generator, the clock, and the background worker
 * (started when the app is ready, stopped when it closes). `wake()` asks the worker to run now.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { NamedGenerator, Wake } from "../modules/content/content.service.ts";
import { ContentWorker } from "../modules/content/content.worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    content: { generator: NamedGenerator; clock: () => Date; wake: Wake; worker: ContentWorker | null };
  }
}

export interface ContentOptions {
  generator: NamedGenerator;
  clock: () => Date;
  runWorker: boolean;
  pollMs: number;
  backoffBaseMs?: number;
}

export default fp<ContentOptions>(
  async (app: FastifyInstance, options) => {
    const worker = options.runWorker
      ? new ContentWorker({
          db: app.db,
          generator: options.generator,
          pollMs: options.pollMs,
          backoffBaseMs: options.backoffBaseMs,
          clock: options.clock,
          log: app.log.child({ component: "content-worker" }),
        })
      : null;
    app.decorate("content", {
      generator: options.generator,
      clock: options.clock,
      wake: worker ? worker.wake : () => {},
      worker,
    });
    if (worker) {
      app.addHook("onReady", () => worker.start());
      app.addHook("onClose", () => worker.stop());
    }
  },
  { name: "content", dependencies: ["db"] },
);
