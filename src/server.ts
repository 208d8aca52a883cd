/**
 * Starts the HTTP service: builds the app, imports the bundled catalogue into an empty database,
 * creates a demo key in development when none exists, listens, and shuts down cleanly on SIGINT/SIGTERM.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildApp, offlineGenerator } from "./app.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/types.ts";
import { findAccountByEmail } from "./modules/accounts/accounts.repository.ts";
import { createAccount } from "./modules/accounts/accounts.service.ts";
import { countKeys } from "./modules/api-keys/api-keys.repository.ts";
import { issueKey } from "./modules/api-keys/api-keys.service.ts";
import { importBundledIfEmpty } from "./modules/catalogue/catalogue.service.ts";

const DEMO_EMAIL = "demo@example.com";

/**
 * In development with no key at all: a demo Enterprise account and key, printed once to stdout.
 * Called once the service listens, so a client reading the key can use it at once.
 */
export async function demoKey(db: Kysely<Database>): Promise<void> {
  if ((await countKeys(db)) > 0) return;
  const now = new Date();
  const account =
    (await findAccountByEmail(db, DEMO_EMAIL)) ??
    (await createAccount(db, { name: "Demo", email: DEMO_EMAIL, plan: "enterprise", now }));
  const { key } = await issueKey(db, { account, name: "demo", now });
  process.stdout.write(
    `\nDemo API key (Enterprise, shown once; create others with \`npx winedata keys create\`):\n  ${key}\n\n`,
  );
}

/**
 * What a first start does to a migrated database: imports the bundled catalogue when it holds no
 * wine. Resolves to true when it imported. Run once per database before the HTTP processes start
 * (`serve --workers N` runs it in the primary); on a prepared database it reads a count only.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<boolean> {
  // The first English texts come from the offline generator whatever GENERATOR says: a start must
  // not wait for thousands of remote calls. The provider serves the languages generated later.
  const imported = await importBundledIfEmpty(db, offlineGenerator(), () => new Date());
  if (imported) {
    log.info(
      {
        wines: imported.wines,
        producers: imported.producers,
        regions: imported.regions,
        ms: imported.milliseconds,
      },
      "imported the bundled X-Wines catalogue",
    );
  }
  return imported !== null;
}

/**
 * Builds the app, prepares its database, listens, prints the demo key in development (unless
 * `printDemoKey` is false: the workers of `serve --workers N`, whose primary prints it), and closes
 * the app on SIGINT/SIGTERM.
 */
export async function startServer(config: Config, { printDemoKey = true } = {}): Promise<FastifyInstance> {
  const app = await buildApp(config);
  if (await prepareDatabase(app.db, app.log)) app.catalogueVersion.changed();
  await app.listen({ port: config.port, host: config.host });
  if (config.development && printDemoKey) await demoKey(app.db);
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
