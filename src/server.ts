/**
 * Starts the HTTP service: builds the app, imports the bundled catalogue into an empty database,
 * creates a demo key in development when none exists, listens, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { setFlagsFromString } from "node:v8";
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
 * How far V8 lets the old generation grow past what the last full collection kept before it collects
 * again, in percent. V8's own factor goes up to 4× on a machine with memory to spare: under cold reads
 * at 300,000 wines the heap grew to several times what it held between mark-compacts.
 * With 30 it stays near 1.3× what it holds, for a few more (short, mostly incremental) mark-compacts;
 * RSS, GC counts and throughput with 50, 30 and 25: bench/results/load-memory.md §2 and §5. The young
 * generation's size cannot be set from here (only on the command line): package.json's `serve` script
 * and the Dockerfile start the service with `--min-semi-space-size=16`, without which some processes
 * kept small semi-spaces and promoted many short-lived answers
 * (bench/results/load-cold.md), and with `MALLOC_ARENA_MAX=2` and `MALLOC_MMAP_THRESHOLD_=131072`,
 * which glibc reads only at start (see src/modules/wines/README.md, "Heap growth").
 */
const HEAP_GROWING_PERCENT = 30;

/** Sets {@link HEAP_GROWING_PERCENT}, unless the process was started with its own `--heap-growing-percent`. */
function limitHeapGrowth(): void {
  if (process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

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
 * (`serve --processes N` runs it in the primary); on a prepared database it reads a count only.
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
 * Limits the heap's growth ({@link HEAP_GROWING_PERCENT}), builds the app, logs a warning per
 * deprecated setting, prepares its database, listens, prints the demo key in development, and closes
 * the app on SIGINT/SIGTERM. `clusterWorker`: one of the processes of `serve --processes N`, whose
 * primary prints the demo key and the warnings instead.
 */
export async function startServer(config: Config, { clusterWorker = false } = {}): Promise<FastifyInstance> {
  limitHeapGrowth();
  const app = await buildApp(config);
  if (!clusterWorker) for (const warning of config.deprecations) app.log.warn(warning);
  if (await prepareDatabase(app.db, app.log)) app.catalogueVersion.changed();
  await app.listen({ port: config.port, host: config.host });
  if (config.development && !clusterWorker) await demoKey(app.db);
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
