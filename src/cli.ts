#!/usr/bin/env node
/**
 * `winedata`: the service's command-line tool.
 *   serve [--workers N]                     start the HTTP service (what `npm start` runs); N processes
 *   worker                                  only drain the generation queue (HTTP tier with WORKERS=off)
 *   import [--xwines FILE]                  import an X-Wines CSV (default: the bundled catalogue)
 *   import --synthetic N [--seed S] [--synthetic-style realistic|hard]
 *                                           import the bundled catalogue plus synthetic wines up to N;
 *                                           "hard" keeps the first generator's impossible wines
 *   generate --lang de,fr,it [--what texts,periods,insights]   pre-generate missing content
 *   accounts create --name N --email E --plan trial|standard|enterprise
 *   accounts set-plan --email E --plan standard|enterprise [--days D]   (the manual billing provider)
 *   accounts set-state --email E --state S [--until ISO-DATE]
 *   keys create --email E --name N [--abilities a,b] [--rate-limit N] [--json]
 *   keys list --email E
 *   keys revoke PREFIX
 *   mcp                                     MCP server on stdio (WINEDATA_API_KEY, WINEDATA_URL; mcp.stdio.ts)
 * Settings come from the environment (see config.ts); DATABASE_URL applies to every command.
 * Exit codes: 0 done, 1 failure, 2 wrong usage.
 */
import { parseArgs } from "node:util";
import { offlineGenerator } from "./app.ts";
import { serveCluster } from "./cluster.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { type Db, migrateToLatest, openDatabase } from "./db/database.ts";
import type { Plan, SubscriptionStatus } from "./db/types.ts";
import { LANGUAGES, type Language } from "./domain/vocabulary.ts";
import { AppError } from "./errors.ts";
import { findAccountByEmail } from "./modules/accounts/accounts.repository.ts";
import { createAccount, setPlan, setState } from "./modules/accounts/accounts.service.ts";
import { listKeysOfAccount } from "./modules/api-keys/api-keys.repository.ts";
import { issueKey, revokeKey } from "./modules/api-keys/api-keys.service.ts";
import { type KeyCacheChange, RedisKeyCacheBus } from "./modules/api-keys/key-cache-bus.ts";
import { BUNDLED_XWINES, importSynthetic, importXWines } from "./modules/catalogue/catalogue.service.ts";
import { SYNTHETIC_STYLES, type SyntheticStyle } from "./modules/catalogue/synthetic.ts";
import { type ContentKind, generateMissing } from "./modules/content/content.service.ts";
import { createGenerator } from "./modules/content/generator.ts";
import { DEFAULT_WINEDATA_URL } from "./modules/mcp/mcp.port.ts";
import { progressBar } from "./progress-bar.ts";
import { startServer } from "./server.ts";
import { runWorker } from "./worker.ts";

class UsageError extends Error {}

const USAGE = `Usage: winedata <command>
  serve [--workers N]
  worker
  import [--xwines FILE]
  import --synthetic N [--seed S] [--synthetic-style realistic|hard]
  generate --lang de,fr,it [--what texts,periods,insights]
  accounts create --name NAME --email EMAIL --plan trial|standard|enterprise
  accounts set-plan --email EMAIL --plan standard|enterprise [--days 30]
  accounts set-state --email EMAIL --state trialing|active|past_due|canceled|expired [--until 2027-01-31]
  keys create --email EMAIL --name NAME [--abilities a,b] [--rate-limit N] [--json]
  keys list --email EMAIL
  keys revoke PREFIX
  mcp                 (env WINEDATA_API_KEY, WINEDATA_URL=${DEFAULT_WINEDATA_URL})`;

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required.`);
  return value.trim();
}

function list<T extends string>(raw: string, allowed: readonly T[], name: string): T[] {
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item as T))
      throw new UsageError(`--${name}: "${item}" is not one of ${allowed.join(", ")}.`);
  }
  return items as T[];
}

/** Runs `fn` on the configured database, migrated; no statement time limit (imports run long). */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(loadConfig().database, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Tells running services that a key or an account changed, through Redis when `REDIS_URL` is set
 * (their key caches drop it at once); returns what happened, for the command's last line.
 */
async function tellServices(change: KeyCacheChange): Promise<string> {
  const { redis } = loadConfig();
  if (redis === null) return "Running services apply it within AUTH_CACHE_MS (default 5 s).";
  const bus = await RedisKeyCacheBus.open(redis, null);
  try {
    return (await bus.publishAndWait(change))
      ? "Running services were told through Redis."
      : "Redis did not answer: running services apply it within AUTH_CACHE_MS.";
  } finally {
    await bus.close();
  }
}

async function accountByEmail(db: Db, email: string) {
  const account = await findAccountByEmail(db.kysely, email);
  if (!account)
    throw new UsageError(`No account with email ${email}. Create it with: winedata accounts create`);
  return account;
}

/** `import --synthetic N [--seed S] [--synthetic-style S]`: bundled + synthetic wines, no English texts. */
async function importSyntheticCommand(values: Record<string, string | boolean | undefined>): Promise<void> {
  const raw = required(values, "synthetic");
  const seedRaw = (values.seed as string | undefined) ?? "1";
  if (values.xwines !== undefined) throw new UsageError("--synthetic and --xwines cannot be combined.");
  if (!/^\d+$/.test(raw)) throw new UsageError("--synthetic must be a whole number of wines.");
  if (!/^\d+$/.test(seedRaw)) throw new UsageError("--seed must be a whole number.");
  const style = ((values["synthetic-style"] as string | undefined) ?? "realistic") as SyntheticStyle;
  if (!SYNTHETIC_STYLES.includes(style))
    throw new UsageError(`--synthetic-style must be one of: ${SYNTHETIC_STYLES.join(", ")}.`);
  const bar = progressBar("import");
  let result: Awaited<ReturnType<typeof importSynthetic>>;
  try {
    result = await withDb((db) =>
      importSynthetic(db.kysely, Number(raw), Number(seedRaw), (_phase, d, t) => bar.update(d, t), style),
    );
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(`--synthetic: ${err.message}`);
    throw err;
  } finally {
    bar.stop();
  }
  console.log(
    `Imported ${result.wines} wines, ${result.producers} producers, ${result.regions} regions, ` +
      `${result.grapes} grapes (synthetic, ${style} style, seed ${seedRaw}) in ${result.milliseconds} ms.\n` +
      "Skipped the bulk English text generation: wine texts are generated on demand by GET /v1/wines/{id}; " +
      "drinking periods and region insights on first request (404 generating) " +
      "or ahead with: winedata generate --lang en",
  );
}

async function run(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  const args = (options: NonNullable<Parameters<typeof parseArgs>[0]>["options"], from: string[]) =>
    parseArgs({ args: from, options, allowPositionals: true, strict: true }) as {
      values: Record<string, string | boolean | undefined>;
    };

  switch (command) {
    case "serve": {
      const { values } = args({ workers: { type: "string" } }, argv.slice(1));
      const workers = values.workers === undefined ? 1 : Number(values.workers);
      if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
        throw new UsageError("--workers must be an integer from 1 to 64.");
      }
      if (workers === 1) await startServer(loadConfig());
      else await serveCluster(loadConfig(), workers);
      return;
    }
    case "worker":
      await runWorker(loadConfig());
      return;
    case "mcp":
      // Loaded here, like the SDK it uses: `serve` never needs either.
      await (await import("./modules/mcp/mcp.stdio.ts")).runMcpStdio();
      return;
    case "import": {
      const { values } = args(
        {
          xwines: { type: "string" },
          synthetic: { type: "string" },
          seed: { type: "string" },
          "synthetic-style": { type: "string" },
        },
        argv.slice(1),
      );
      if (["synthetic", "seed", "synthetic-style"].some((option) => values[option] !== undefined)) {
        await importSyntheticCommand(values);
        return;
      }
      const file = (values.xwines as string | undefined) ?? BUNDLED_XWINES;
      const bar = progressBar("import");
      const result = await withDb((db) =>
        importXWines(
          db.kysely,
          file,
          offlineGenerator(),
          () => new Date(),
          (_phase, d, t) => bar.update(d, t),
        ),
      );
      bar.stop();
      console.log(
        `Imported ${result.wines} wines, ${result.producers} producers, ${result.regions} regions, ` +
          `${result.grapes} grapes; generated ${result.generated} English texts in ${result.milliseconds} ms.`,
      );
      return;
    }
    case "generate": {
      const { values } = args({ lang: { type: "string" }, what: { type: "string" } }, argv.slice(1));
      const langs = list<Language>(required(values, "lang"), LANGUAGES, "lang");
      const kinds = list<ContentKind>(
        (values.what as string | undefined) ?? "texts,periods,insights",
        ["texts", "periods", "insights"],
        "what",
      );
      const config = loadConfig();
      await withDb(async (db) => {
        for (const lang of langs) {
          const bar = progressBar(`generate ${lang}`);
          const started = performance.now();
          const counts = await generateMissing(
            db.kysely,
            createGenerator(config.generator, (kind, reason) =>
              console.error(`${kind}: ${reason}; used the offline text`),
            ),
            lang,
            kinds,
            () => new Date(),
            (d, t) => bar.update(d, t),
          );
          bar.stop();
          console.log(
            `${lang}: ${counts.texts} wine texts, ${counts.periods} drinking periods, ${counts.insights} region insights ` +
              `in ${Math.round(performance.now() - started)} ms.`,
          );
        }
      });
      return;
    }
    case "accounts": {
      if (sub === "set-plan") {
        const { values } = args(
          { email: { type: "string" }, plan: { type: "string" }, days: { type: "string" } },
          rest,
        );
        const plan = required(values, "plan");
        if (plan !== "standard" && plan !== "enterprise")
          throw new UsageError("--plan must be standard or enterprise.");
        const days = values.days === undefined ? 30 : Number(values.days);
        if (!Number.isInteger(days) || days < 1 || days > 3660)
          throw new UsageError("--days must be 1 to 3660.");
        const account = await withDb(async (db) => {
          const found = await accountByEmail(db, required(values, "email"));
          await setPlan(db.kysely, found.id, plan, new Date(), undefined, days);
          return found;
        });
        console.log(
          `Account ${account.id} is on ${plan}, active for ${days} days. ${await tellServices({ account: account.id })}`,
        );
        return;
      }
      if (sub === "set-state") {
        const { values } = args(
          { email: { type: "string" }, state: { type: "string" }, until: { type: "string" } },
          rest,
        );
        const state = required(values, "state") as SubscriptionStatus;
        if (!["trialing", "active", "past_due", "canceled", "expired"].includes(state)) {
          throw new UsageError("--state must be trialing, active, past_due, canceled or expired.");
        }
        const until = values.until === undefined ? null : new Date(String(values.until));
        if (until !== null && Number.isNaN(until.getTime()))
          throw new UsageError("--until must be a date like 2027-01-31.");
        const account = await withDb(async (db) => {
          const found = await accountByEmail(db, required(values, "email"));
          await setState(db.kysely, found.id, state, new Date(), until);
          return found;
        });
        console.log(`Account ${account.id} is ${state}. ${await tellServices({ account: account.id })}`);
        return;
      }
      if (sub !== "create") throw new UsageError("Unknown accounts command.");
      const { values } = args(
        { name: { type: "string" }, email: { type: "string" }, plan: { type: "string" } },
        rest,
      );
      const plan = required(values, "plan");
      if (!["trial", "standard", "enterprise"].includes(plan))
        throw new UsageError("--plan must be trial, standard or enterprise.");
      const email = required(values, "email");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new UsageError(`--email "${email}" is not an email address.`);
      const account = await withDb(async (db) => {
        if (await findAccountByEmail(db.kysely, email))
          throw new UsageError(`An account with email ${email} exists already.`);
        return createAccount(db.kysely, {
          name: required(values, "name"),
          email,
          plan: plan as Plan,
          now: new Date(),
        });
      });
      console.log(
        `Account ${account.id} created: ${account.name} <${account.email}>, plan ${account.plan}, ${account.status}.`,
      );
      return;
    }
    case "keys": {
      if (sub === "create") {
        const { values } = args(
          {
            email: { type: "string" },
            name: { type: "string" },
            abilities: { type: "string" },
            "rate-limit": { type: "string" },
            json: { type: "boolean" },
          },
          rest,
        );
        const rateRaw = values["rate-limit"] as string | undefined;
        if (rateRaw !== undefined && !/^\d+$/.test(rateRaw))
          throw new UsageError("--rate-limit must be a whole number.");
        const { key, row } = await withDb(async (db) =>
          issueKey(db.kysely, {
            account: await accountByEmail(db, required(values, "email")),
            name: required(values, "name"),
            abilities: (values.abilities as string | undefined)
              ?.split(",")
              .map((a) => a.trim())
              .filter(Boolean),
            rateLimitPerMinute: rateRaw === undefined ? undefined : Number(rateRaw),
            now: new Date(),
          }),
        );
        const abilities = JSON.parse(row.abilities) as string[];
        if (values.json) {
          console.log(
            JSON.stringify({
              key,
              prefix: row.prefix,
              name: row.name,
              abilities,
              rate_limit_per_minute: row.rate_limit_per_minute,
            }),
          );
        } else {
          console.log(
            `Key "${row.name}" (${row.prefix}, ${abilities.join(",")}, ${row.rate_limit_per_minute}/min). Shown once:\n${key}`,
          );
        }
        return;
      }
      if (sub === "list") {
        const { values } = args({ email: { type: "string" } }, rest);
        const keys = await withDb(async (db) =>
          listKeysOfAccount(db.kysely, (await accountByEmail(db, required(values, "email"))).id),
        );
        for (const k of keys) {
          const state = k.revoked_at ? `revoked ${k.revoked_at}` : "active";
          console.log(
            `${k.prefix}\t${k.name}\t${JSON.parse(k.abilities).join(",")}\t${k.rate_limit_per_minute}/min\t${state}\tlast used ${k.last_used_at ?? "never"}`,
          );
        }
        if (keys.length === 0) console.log("No keys.");
        return;
      }
      if (sub === "revoke") {
        const prefix = rest[0];
        if (!prefix) throw new UsageError("keys revoke needs the key's prefix (wds_xxxxxxxx).");
        const done = await withDb((db) => revokeKey(db.kysely, prefix, new Date()));
        if (!done) throw new UsageError(`No active key with prefix ${prefix}.`);
        console.log(`Key ${prefix} revoked. ${await tellServices({ key: prefix })}`);
        return;
      }
      throw new UsageError("Unknown keys command.");
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  if (
    err instanceof UsageError ||
    (err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))
  ) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof AppError) {
    console.error(err.message);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
