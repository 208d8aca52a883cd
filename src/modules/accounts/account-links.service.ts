/**
 * What the mailed links do (tokens: account-tokens.service.ts). Each flow has a start, which makes
 * the token for the link, and a completion, which uses it; the pages compose and send the mails
 * (dashboard/account-mails.ts), so this file knows nothing of wording or HTTP.
 *
 * - Verification: proves the sign-up's address; the account's trial then gets its full daily
 *   budget (plans.ts `UNVERIFIED_TRIAL_PER_DAY`).
 * - Password reset (OWASP Forgot Password Cheat Sheet): the link sets a new password without the
 *   old one, ends every session, and proves the address as a verification would. A link made for
 *   an address the account no longer has does nothing.
 * - Email change: the link goes to the new address and makes it the account's, verified; the caller
 *   tells the old address. An address taken by another account meanwhile is refused.
 */
import type { Kysely } from "kysely";
import type { AccountRow, AccountTokenPurpose, AccountTokenRow, Database } from "../../db/types.ts";
import { consumeAccountToken, issueAccountToken, peekAccountToken } from "./account-tokens.service.ts";
import { findAccountByEmail, findAccountById } from "./accounts.repository.ts";
import { type AccountForgetter, updateAccount } from "./accounts.service.ts";
import { deleteSessionsOfAccount } from "./sessions.repository.ts";

/**
 * Token row `row` (null: the token did not work) with its account, or null when there is none or
 * its account is gone; with `sameEmail`, also null when the account's address is no longer the one
 * the link was mailed to.
 */
async function withAccount(
  db: Kysely<Database>,
  row: AccountTokenRow | null,
  sameEmail: boolean,
): Promise<{ used: AccountTokenRow; account: AccountRow } | null> {
  const account = row === null ? undefined : await findAccountById(db, row.account_id);
  if (row === null || account === undefined || (sameEmail && account.email !== row.email)) return null;
  return { used: row, account };
}

/** Uses token `token` of `purpose`: it and its account as {@link withAccount} finds them, or null. */
async function useToken(
  db: Kysely<Database>,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
  sameEmail: boolean,
): Promise<{ used: AccountTokenRow; account: AccountRow } | null> {
  return withAccount(db, await consumeAccountToken(db, token, purpose, now), sameEmail);
}

/** A link token for confirming `account`'s current address. */
export function startVerification(db: Kysely<Database>, account: AccountRow, now: Date): Promise<string> {
  return issueAccountToken(db, { accountId: account.id, purpose: "verify_email", email: account.email, now });
}

/**
 * Uses verification token `token`: the account, now verified, or null (unknown, used or expired
 * token, or the account's address changed since the link was sent).
 */
export async function completeVerification(
  db: Kysely<Database>,
  token: string,
  now: Date,
  keys?: AccountForgetter,
): Promise<AccountRow | null> {
  const found = await useToken(db, token, "verify_email", now, true);
  if (found === null) return null;
  const { account } = found;
  const verifiedAt = account.email_verified_at ?? now.toISOString();
  await updateAccount(db, account.id, { email_verified_at: verifiedAt }, keys);
  return { ...account, email_verified_at: verifiedAt };
}

/**
 * The account of `email` with a reset link token for it, or null when no account has that email
 * (the caller answers the same either way).
 */
export async function startPasswordReset(
  db: Kysely<Database>,
  email: string,
  now: Date,
): Promise<{ account: AccountRow; token: string } | null> {
  const account = await findAccountByEmail(db, email);
  if (account === undefined) return null;
  const token = await issueAccountToken(db, {
    accountId: account.id,
    purpose: "reset_password",
    email: account.email,
    now,
  });
  return { account, token };
}

/**
 * The account reset token `token` would set a password for now, without using it (the page shows
 * its form, and judges the new password against the account's name and email), or null.
 */
export async function resetTokenAccount(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<AccountRow | null> {
  const found = await withAccount(db, await peekAccountToken(db, token, "reset_password", now), true);
  return found?.account ?? null;
}

/**
 * Uses reset token `token` to store `passwordHash` (argon2id PHC string): ends every session of the
 * account, marks its address verified, and returns the account as it was before; null when the
 * token does not work (unknown, used, expired, or the address changed since).
 */
export async function completePasswordReset(
  db: Kysely<Database>,
  token: string,
  passwordHash: string,
  now: Date,
  keys?: AccountForgetter,
): Promise<AccountRow | null> {
  const found = await useToken(db, token, "reset_password", now, true);
  if (found === null) return null;
  const { account } = found;
  await updateAccount(
    db,
    account.id,
    { password_hash: passwordHash, email_verified_at: account.email_verified_at ?? now.toISOString() },
    keys,
  );
  await deleteSessionsOfAccount(db, account.id);
  return account;
}

/** A link token that makes `newEmail` (lower case) the address of `account`, for the mail to `newEmail`. */
export function startEmailChange(
  db: Kysely<Database>,
  account: AccountRow,
  newEmail: string,
  now: Date,
): Promise<string> {
  return issueAccountToken(db, { accountId: account.id, purpose: "change_email", email: newEmail, now });
}

/** What {@link completeEmailChange} did. */
export type EmailChange =
  | { kind: "changed"; account: AccountRow; oldEmail: string }
  | { kind: "taken" }
  | { kind: "invalid" };

/**
 * Uses email-change token `token`: the account's address becomes the token's (verified). `taken`
 * when another account has that address by now (the unique index decides a race), `invalid` when
 * the token does not work.
 */
export async function completeEmailChange(
  db: Kysely<Database>,
  token: string,
  now: Date,
  keys?: AccountForgetter,
): Promise<EmailChange> {
  const found = await useToken(db, token, "change_email", now, false);
  if (found === null) return { kind: "invalid" };
  const { used, account } = found;
  const holder = await findAccountByEmail(db, used.email);
  if (holder !== undefined && holder.id !== account.id) return { kind: "taken" };
  try {
    await updateAccount(db, account.id, { email: used.email, email_verified_at: now.toISOString() }, keys);
  } catch (err) {
    if ((await findAccountByEmail(db, used.email)) !== undefined) return { kind: "taken" };
    throw err;
  }
  return {
    kind: "changed",
    account: { ...account, email: used.email, email_verified_at: now.toISOString() },
    oldEmail: account.email,
  };
}
