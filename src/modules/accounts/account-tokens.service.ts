/**
 * Single-use links sent by mail (OWASP Forgot Password Cheat Sheet: a random token of at least
 * 128 bits — ours has 256 —, stored hashed, single use, expiring):
 * - `verify_email`: confirms the address given at sign-up; 7 days;
 * - `reset_password`: sets a new password without the old one; 1 hour;
 * - `change_email`: confirms a new address (the link goes to that address); 24 hours.
 * A new link of a purpose retires the older ones of that account, and using one retires the rest.
 * The token is in the link only; the database holds its SHA-256.
 */
import { hash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountTokenPurpose, AccountTokenRow, Database } from "../../db/types.ts";
import {
  findAccountToken,
  insertAccountToken,
  markAccountTokenUsed,
  retireAccountTokens,
} from "./account-tokens.repository.ts";

/** How long a link of each purpose works, in milliseconds. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 7 * 86_400_000,
  reset_password: 3_600_000,
  change_email: 86_400_000,
};

/** The row id of a token: SHA-256, hex. */
function tokenId(token: string): string {
  return hash("sha256", token, "hex");
}

/**
 * A new link token of `purpose` for account `accountId`, mailed to `email`; older unused tokens of
 * the same purpose stop working. Returns the token (43 base64url characters) to put in the link.
 */
export async function issueAccountToken(
  db: Kysely<Database>,
  input: { accountId: number; purpose: AccountTokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const created = input.now.toISOString();
  await retireAccountTokens(db, input.accountId, input.purpose, created);
  await insertAccountToken(db, {
    id: tokenId(token),
    account_id: input.accountId,
    purpose: input.purpose,
    email: input.email.toLowerCase(),
    created_at: created,
    expires_at: new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
    used_at: null,
  });
  return token;
}

/**
 * The unused, unexpired token `token` of `purpose`, without using it (a page that shows a form
 * first), or null.
 */
export async function peekAccountToken(
  db: Kysely<Database>,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await findAccountToken(db, tokenId(token), purpose);
  if (row === undefined || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) return null;
  return row;
}

/**
 * Uses token `token` of `purpose`: returns its row when it was unused and unexpired (now used, with
 * every other unused token of the account for that purpose), else null.
 */
export async function consumeAccountToken(
  db: Kysely<Database>,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  const row = await peekAccountToken(db, token, purpose, now);
  if (row === null) return null;
  const at = now.toISOString();
  if (!(await markAccountTokenUsed(db, row.id, at))) return null;
  await retireAccountTokens(db, row.account_id, purpose, at);
  return { ...row, used_at: at };
}
