/**
 * What the CLI's commands share: wrong usage (exit status 2), option checks, the database, telling
 * running services about a change, finding an account, recording an operator's change in the
 * account's audit log.
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { AccountRow } from "../db/types.ts";
import { findAccountByEmail } from "../modules/accounts/accounts.repository.ts";
import { type AuditEventName, recordAuditEvent } from "../modules/accounts/audit.service.ts";
import { type KeyCacheChange, RedisKeyCacheBus } from "../modules/api-keys/key-cache-bus.ts";
import { shown } from "./terminal-text.ts";

/**
 * The command was used wrongly, or the request it makes was refused (a bad key name, the key cap):
 * the CLI prints the message, then (unless `showUsage` is false) the help of `command`, and exits 2.
 */
export class UsageError extends Error {
  /** The command whose help follows the message; set by {@link action} when not given. */
  command: Command | undefined;
  readonly showUsage: boolean;

  constructor(message: string, options: { command?: Command; showUsage?: boolean } = {}) {
    super(message);
    this.command = options.command;
    this.showUsage = options.showUsage ?? true;
  }
}

/** Option values of a command as commander parses them (`--rate-limit` becomes `rateLimit`). */
export type Values = Record<string, string | boolean | undefined>;

/**
 * A commander action running `run` with the command's option values and its operands (declared
 * arguments); a {@link UsageError} it throws is shown with this command's help.
 */
export function action(run: (values: Values, operands: string[]) => Promise<void>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params.at(-1) as Command;
    try {
      await run(command.opts<Values>(), command.processedArgs as string[]);
    } catch (err) {
      if (err instanceof UsageError) err.command ??= command;
      throw err;
    }
  };
}

/** The option `--<flag>`'s value trimmed; a UsageError when it is missing or blank. */
export function required(values: Values, key: string, flag = key): string {
  const value = values[key];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${flag} is required.`);
  return value.trim();
}

/** A comma-separated option value as a list, each item one of `allowed`; else a UsageError. */
export function list<T extends string>(raw: string, allowed: readonly T[], flag: string): T[] {
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item as T))
      throw new UsageError(`--${flag}: "${shown(item)}" is not one of ${allowed.join(", ")}.`);
  }
  return items as T[];
}

/**
 * Runs `fn` on the configured database, migrated; no statement time limit (imports run long). The
 * database code (Kysely, the drivers, migrations) is loaded here, not by `--help`.
 */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const { migrateToLatest, openDatabase } = await import("../db/database.ts");
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
export async function tellServices(change: KeyCacheChange): Promise<string> {
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

/** The account with this email; a UsageError naming the command that creates one when there is none. */
export async function accountByEmail(db: Db, email: string): Promise<AccountRow> {
  const account = await findAccountByEmail(db.kysely, email);
  if (!account)
    throw new UsageError(`No account with email ${shown(email)}. Create it with: winedata accounts create`);
  return account;
}

/**
 * Records an operator's change of account `accountId` in its audit log (the owner sees it on the
 * security page), with no client address and `detail.via` = "cli".
 */
export async function auditFromCli(
  db: Db,
  event: AuditEventName,
  accountId: number,
  detail: Record<string, string | number | boolean> = {},
): Promise<void> {
  await recordAuditEvent(
    db.kysely,
    { info() {} },
    {
      event,
      accountId,
      source: { address: null, userAgent: "winedata (command line)" },
      now: new Date(),
      detail: { via: "cli", ...detail },
    },
  );
}
