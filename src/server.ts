/**
 * Starts the HTTP service: builds the app, imports the bundled catalogue into an empty database,
 * creates a demo key in development when none exists, listens, and shuts down cleanly on SIGINT/SIGTERM.
 */
import type { FastifyInstance } from "fastify";
import { buildApp, offlineGenerator } from "./app.ts";
import type { Config } from "./config.ts";
import { findAccountByEmail } from "./modules/accounts/accounts.repository.ts";
import { createAccount } from "./modules/accounts/accounts.service.ts";
import { countKeys } from "./modules/api-keys/api-keys.repository.ts";
import { issueKey } from "./modules/api-keys/api-keys.service.ts";
import { importBundledIfEmpty } from "./modules/catalogue/catalogue.service.ts";

const DEMO_EMAIL = "demo@example.com";

/** In development with no key at all: a demo Enterprise account and key, printed once to stdout. */
async function demoKey(app: FastifyInstance): Promise<void> {
  if ((await countKeys(app.db)) > 0) return;
  const now = new Date();
  const account =
    (await findAccountByEmail(app.db, DEMO_EMAIL)) ??
    (await createAccount(app.db, { name: "Demo", email: DEMO_EMAIL, plan: "enterprise", now }));
  const { key } = await issueKey(app.db, { account, name: "demo", now });
  process.stdout.write(
    `\nDemo API key (Enterprise, shown once; create others with \`npx winedata keys create\`):\n  ${key}\n\n`,
  );
}

export async function startServer(config: Config): Promise<FastifyInstance> {
  const app = await buildApp(config);
  // The first English texts come from the offline generator whatever GENERATOR says: a start must
  // not wait for thousands of remote calls. The provider serves the languages generated later.
  const imported = await importBundledIfEmpty(app.db, offlineGenerator(), app.content.clock);
  if (imported) {
    app.catalogueVersion.changed();
    app.log.info(
      {
        wines: imported.wines,
        producers: imported.producers,
        regions: imported.regions,
        ms: imported.milliseconds,
      },
      "imported the bundled X-Wines catalogue",
    );
  }
  await app.listen({ port: config.port, host: config.host });
  if (config.development) await demoKey(app);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  return app;
}
