/** `winedata keys create | list | revoke`: an account's API keys. */
import type { Command } from "commander";
import { AppError } from "../errors.ts";
import { PLANS } from "../modules/accounts/plans.ts";
import { findKeyByPrefix, listKeysOfAccount } from "../modules/api-keys/api-keys.repository.ts";
import { ABILITIES, issueKey, KEY_NAME_MAX_LENGTH, revokeKey } from "../modules/api-keys/api-keys.service.ts";
import {
  accountByEmail,
  action,
  auditFromCli,
  required,
  tellServices,
  UsageError,
  type Values,
  withDb,
} from "./command-support.ts";
import { shown } from "./terminal-text.ts";

/**
 * `keys create`: the key is printed once. A name `issueKey` refuses and the plan's key cap are the
 * operator's to fix (exit status 2, no usage); `--force` passes the cap.
 */
async function createCommand(values: Values): Promise<void> {
  const rateRaw = values.rateLimit as string | undefined;
  if (rateRaw !== undefined && !/^\d+$/.test(rateRaw))
    throw new UsageError("--rate-limit must be a whole number.");
  let issued: Awaited<ReturnType<typeof issueKey>>;
  try {
    issued = await withDb(async (db) => {
      const made = await issueKey(db.kysely, {
        account: await accountByEmail(db, required(values, "email")),
        name: required(values, "name"),
        abilities: (values.abilities as string | undefined)
          ?.split(",")
          .map((a) => a.trim())
          .filter(Boolean),
        rateLimitPerMinute: rateRaw === undefined ? undefined : Number(rateRaw),
        now: new Date(),
        exceedKeyCap: values.force === true,
      });
      await auditFromCli(db, "key.created", made.row.account_id, { prefix: made.row.prefix });
      return made;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "key_limit_reached") {
      throw new UsageError(`${err.message} Or pass --force to exceed the cap.`, { showUsage: false });
    }
    if (err instanceof AppError && err.options.errors?.name) {
      throw new UsageError(`--name: ${err.message}`, { showUsage: false });
    }
    throw err;
  }
  const { key, row } = issued;
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
      `Key "${shown(row.name)}" (${row.prefix}, ${abilities.join(",")}, ${row.rate_limit_per_minute}/min). Shown once:\n${key}`,
    );
  }
}

/** `keys list`: one tab-separated line per key, text from users escaped ({@link shown}). */
async function listCommand(values: Values): Promise<void> {
  const keys = await withDb(async (db) =>
    listKeysOfAccount(db.kysely, (await accountByEmail(db, required(values, "email"))).id),
  );
  for (const k of keys) {
    const state = k.revoked_at ? `revoked ${k.revoked_at}` : "active";
    const abilities = shown((JSON.parse(k.abilities) as string[]).join(","));
    console.log(
      `${k.prefix}\t${shown(k.name)}\t${abilities}\t${k.rate_limit_per_minute}/min\t${state}\tlast used ${k.last_used_at ?? "never"}`,
    );
  }
  if (keys.length === 0) console.log("No keys.");
}

async function revokeCommand(_values: Values, [prefix]: string[]): Promise<void> {
  if (!prefix) throw new UsageError("keys revoke needs the key's prefix (wds_xxxxxxxx).");
  const done = await withDb(async (db) => {
    const row = await findKeyByPrefix(db.kysely, prefix);
    const revoked = await revokeKey(db.kysely, prefix, new Date());
    if (revoked && row !== undefined) await auditFromCli(db, "key.revoked", row.account_id, { prefix });
    return revoked;
  });
  if (!done) throw new UsageError(`No active key with prefix ${shown(prefix)}.`);
  console.log(`Key ${shown(prefix)} revoked. ${await tellServices({ key: prefix })}`);
}

const CAPS = Object.entries(PLANS)
  .map(([plan, limits]) => `${plan} ${limits.maxActiveKeys}`)
  .join(", ");

/** Adds `keys` and its commands to `program`. */
export function addKeyCommands(program: Command): void {
  const keys = program.command("keys").description("create, list and revoke an account's API keys");
  keys
    .command("create")
    .description("create a key for an account; the full key is printed once, only its hash is stored")
    .option("--email <email>", "the account's email (required)")
    .option(
      "--name <name>",
      `the key's name, 1 to ${KEY_NAME_MAX_LENGTH} characters without control or invisible formatting ` +
        "characters (required)",
    )
    .option(
      "--abilities <list>",
      `comma-separated: * (default: every ability) or any of ${ABILITIES.join(" ")}`,
    )
    .option("--rate-limit <n>", "requests per minute, 1 to the plan's maximum (default: the plan's default)")
    .option("--json", "print one JSON object (`key` is the full key) instead of text")
    .option(
      "--force",
      `create the key even when the account holds its plan's cap of active keys (${CAPS}); an operator's decision`,
    )
    .action(action(createCommand));
  keys
    .command("list")
    .description(
      "list an account's keys, newest first: prefix, name, abilities, limit, state, last use (never the secret); " +
        "control characters in names are shown escaped, e.g. \\u001b",
    )
    .option("--email <email>", "the account's email (required)")
    .action(action(listCommand));
  keys
    .command("revoke")
    .description("revoke a key; with REDIS_URL running services refuse it at once, else within AUTH_CACHE_MS")
    .argument("[prefix]", "the key's public prefix, wds_ and 8 characters (required)")
    .action(action(revokeCommand));
}
