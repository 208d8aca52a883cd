/**
 * API key material: generation, hashing and verification (docs/decisions.md "Authentication and keys"),
 * and revocation.
 * Format `wds_<8 lowercase alphanumerics>_<32 base62>`; the public prefix is `wds_<8 chars>`.
 * Only a SHA-256 hash of the whole key is stored (enough for 190 bits of random secret);
 * comparison is constant-time. Key names follow one rule ({@link keyNameProblem}); an account holds at
 * most its plan's `maxActiveKeys` active keys.
 */
import { hash, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountRow, ApiKeyRow, Database } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { lockAccount } from "../accounts/accounts.service.ts";
import { accessAt, PLANS } from "../accounts/plans.ts";
import { countActiveKeys, insertApiKey, markKeyRevoked } from "./api-keys.repository.ts";

/** Reads other modules use as they are: a key by its prefix, an account's keys (api-keys.repository.ts). */
export { findKeyByPrefix, listKeysOfAccount } from "./api-keys.repository.ts";

/** Every ability a key can hold; `*` means all. */
export const ABILITIES = [
  "wines:read",
  "producers:read",
  "regions:read",
  "grapes:read",
  "insights:read",
  "drinking-periods:read",
  "photo:analyze",
] as const;
export type Ability = (typeof ABILITIES)[number];

const KEY_PATTERN = /^(wds_[a-z0-9]{8})_[A-Za-z0-9]{32}$/;
const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const BASE62 = `ABCDEFGHIJKLMNOPQRSTUVWXYZ${LOWER_ALNUM}`;

function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * SHA-256 of a full key, hex, with the one-shot `crypto.hash` (Node ≥ 20.12; cheaper than
 * `createHash().update().digest()`, which allocates a Hash object per call). Requests hash a presented key only when their cached key entry has not verified it yet
 * (see `verifies` in key-cache.ts).
 */
export function hashKey(key: string): string {
  return hash("sha256", key, "hex");
}

/** The public prefix of a well-formed key, or null for anything else. */
export function keyPrefix(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** Constant-time check of a presented key against the 32 bytes of its stored SHA-256 (`secret_hash`, decoded). */
export function keyMatches(key: string, storedHash: Buffer): boolean {
  const presented = hash("sha256", key, "buffer");
  return presented.length === storedHash.length && timingSafeEqual(presented, storedHash);
}

/**
 * One character that has no place in a name shown to people: Unicode general categories Cc (C0 and
 * C1 controls, DEL: terminal escape codes, tabs, line breaks), Cf (format characters: bidi overrides
 * and isolates, zero-width space and joiners, soft hyphen, BOM, tags), Zl and Zp (line and paragraph
 * separators) and Cs (a lone surrogate, which is no character at all); the categories of Unicode
 * UAX #44 §5.7.1. Bidi overrides rearrange what a reader sees (CVE-2021-42574, "Trojan Source").
 */
export const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** Longest key name, in characters (Unicode code points) after trimming. */
export const KEY_NAME_MAX_LENGTH = 100;

/**
 * What is wrong with a key name, or null when it may be used: `empty` (nothing but white space),
 * `too_long` (over {@link KEY_NAME_MAX_LENGTH} code points after trimming), `not_printable` (holds a
 * {@link NOT_PRINTABLE} character). The one rule for every way a key is named (CLI, dashboard);
 * {@link issueKey} stores the name trimmed.
 */
export function keyNameProblem(name: string): "empty" | "too_long" | "not_printable" | null {
  const trimmed = name.trim();
  if (trimmed === "") return "empty";
  if ([...trimmed].length > KEY_NAME_MAX_LENGTH) return "too_long";
  if (NOT_PRINTABLE.test(trimmed)) return "not_printable";
  return null;
}

const KEY_NAME_MESSAGES: Record<NonNullable<ReturnType<typeof keyNameProblem>>, string> = {
  empty: "The key name must not be empty.",
  too_long: `The key name must be at most ${KEY_NAME_MAX_LENGTH} characters long.`,
  not_printable:
    "The key name must not contain control or invisible formatting characters " +
    "(escape codes, tabs, line breaks, bidi overrides, zero-width characters).",
};

/** Input of {@link issueKey}. */
export interface IssueKeyInput {
  account: AccountRow;
  /** Checked by {@link keyNameProblem}; stored trimmed. */
  name: string;
  /** Defaults to `["*"]`. */
  abilities?: string[];
  /** Defaults to the plan's default; above the plan's maximum is refused. */
  rateLimitPerMinute?: number;
  now: Date;
  /**
   * Create the key even when the account holds its plan's `maxActiveKeys` already: an operator's
   * decision (`winedata keys create --force`), never a customer's.
   */
  exceedKeyCap?: boolean;
}

/**
 * Creates a key and returns the stored row with the full key, which is never retrievable again.
 * The cap on active keys (the plan's `maxActiveKeys`, counted at `now`) is checked and the key
 * inserted in one transaction holding the account's row lock, so keys created at the same moment
 * cannot pass it together.
 * @throws AppError validation_failed for a name {@link keyNameProblem} refuses (field `name`), an
 *   unknown ability or a rate limit outside 1..plan maximum; key_limit_reached (409) at the cap.
 */
export async function issueKey(
  db: Kysely<Database>,
  input: IssueKeyInput,
): Promise<{ key: string; row: ApiKeyRow }> {
  const nameProblem = keyNameProblem(input.name);
  if (nameProblem !== null) throw AppError.validation("name", KEY_NAME_MESSAGES[nameProblem]);
  const abilities = input.abilities ?? ["*"];
  for (const ability of abilities) {
    if (ability !== "*" && !(ABILITIES as readonly string[]).includes(ability)) {
      throw AppError.validation(
        "abilities",
        `Unknown ability "${ability}". Known: *, ${ABILITIES.join(", ")}.`,
      );
    }
  }
  const plan = accessAt(input.account, input.now).plan ?? input.account.plan;
  const limits = PLANS[plan];
  const rate = input.rateLimitPerMinute ?? limits.defaultPerMinute;
  if (!Number.isInteger(rate) || rate < 1 || (limits.maxPerMinute !== null && rate > limits.maxPerMinute)) {
    throw AppError.validation(
      "rate_limit",
      `The rate limit must be an integer from 1 to ${limits.maxPerMinute ?? "any"} on the ${plan} plan.`,
    );
  }
  const prefix = `wds_${randomString(LOWER_ALNUM, 8)}`;
  const key = `${prefix}_${randomString(BASE62, 32)}`;
  const values = {
    account_id: input.account.id,
    name: input.name.trim(),
    prefix,
    secret_hash: hashKey(key),
    abilities: JSON.stringify(abilities),
    rate_limit_per_minute: rate,
    created_at: input.now.toISOString(),
    last_used_at: null,
    revoked_at: null,
    expires_at: null,
  };
  if (input.exceedKeyCap) return { key, row: await insertApiKey(db, values) };
  const row = await db.transaction().execute(async (trx) => {
    await lockAccount(trx, input.account.id);
    if ((await countActiveKeys(trx, input.account.id, input.now)) >= limits.maxActiveKeys) {
      throw new AppError(
        "key_limit_reached",
        `The ${plan} plan allows ${limits.maxActiveKeys} active keys per account; revoke one to create another.`,
      );
    }
    return insertApiKey(trx, values);
  });
  return { key, row };
}

/** A key is usable when not revoked and not past its expiry. */
export function keyIsLive(row: ApiKeyRow, now: Date): boolean {
  return row.revoked_at === null && (row.expires_at === null || now.getTime() < Date.parse(row.expires_at));
}

/** True when a key's abilities (parsed from its `abilities` column) include `ability` or `*`. */
export function keyHasAbility(abilities: readonly string[], ability: Ability): boolean {
  return abilities.includes("*") || abilities.includes(ability);
}

/**
 * What {@link revokeKey} tells that a key changed: the app's key cache (`app.keyCache`, a
 * `KeyCache`) satisfies it.
 */
export interface KeyForgetter {
  /** Drops whatever is remembered about the key with public prefix `prefix`. */
  forgetKey(prefix: string): void;
}

/**
 * Revokes the key with public prefix `prefix` (`revoked_at` = `now`), then drops it from `keys`.
 * Returns false when no unrevoked key has that prefix (nothing changed).
 *
 * Pass the app's key cache (`app.keyCache`) when revoking inside the service's process: the key is
 * refused from the very next request. Without `keys` (the CLI, another process than the service's)
 * running services notice within their key cache's lifetime (`AUTH_CACHE_MS`, default 5 s).
 */
export async function revokeKey(
  db: Kysely<Database>,
  prefix: string,
  now: Date,
  keys?: KeyForgetter,
): Promise<boolean> {
  const revoked = await markKeyRevoked(db, prefix, now);
  keys?.forgetKey(prefix);
  return revoked;
}
