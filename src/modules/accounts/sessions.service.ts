/**
 * Dashboard sessions (OWASP Session Management Cheat Sheet):
 * - the cookie holds a 256-bit random token; the database holds only its SHA-256, so a read of the
 *   sessions table does not let anyone log in;
 * - a session ends after {@link SESSION_IDLE_MS} without a request and at most
 *   {@link SESSION_ABSOLUTE_MS} after the log-in; logging out and changing the password delete the
 *   rows, so the cookie is worthless at once, in every process;
 * - a new token is issued at log-in and at password change (no session fixation);
 * - the flash (a one-time message for the next page, e.g. a new API key shown once) is encrypted
 *   with AES-256-GCM under a key derived (HKDF-SHA-256) from the token, which only the browser
 *   holds: the row alone does not reveal it, and it is deleted when shown.
 */
import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountRow, Database, SessionRow } from "../../db/types.ts";
import { findAccountById } from "./accounts.repository.ts";
import {
  clearFlash,
  deleteSession,
  deleteSessionsOfAccount,
  findSession,
  insertSession,
  updateSession,
} from "./sessions.repository.ts";

/** A session ends after this long without a request: 7 days. */
export const SESSION_IDLE_MS = 7 * 86_400_000;
/** A session ends this long after the log-in whatever happens: 30 days. */
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
/** `last_seen_at` and the idle end are written at most this often: 5 minutes. */
const TOUCH_MS = 5 * 60_000;

/** The row id of a cookie token: SHA-256, hex. */
function sessionId(token: string): string {
  return hash("sha256", token, "hex");
}

/** When a session seen at `now` ends: the idle end, capped by the absolute end. */
function endOf(createdAt: string, now: Date): string {
  const absolute = Date.parse(createdAt) + SESSION_ABSOLUTE_MS;
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absolute)).toISOString();
}

/** A new session of account `accountId`; returns the token for the cookie and when it ends. */
export async function startSession(
  db: Kysely<Database>,
  accountId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const created = now.toISOString();
  const expires = endOf(created, now);
  await insertSession(db, {
    id: sessionId(token),
    account_id: accountId,
    created_at: created,
    last_seen_at: created,
    expires_at: expires,
    flash: null,
  });
  return { token, expiresAt: new Date(expires) };
}

/** A live session with its account. */
export interface ActiveSession {
  session: SessionRow;
  account: AccountRow;
  /** The cookie's token (to end the session or read its flash). */
  token: string;
}

/**
 * The live session of cookie token `token` with its account, or null (unknown, ended, or its account
 * gone). Moves the idle end forward (at most every 5 minutes); an ended session is deleted.
 */
export async function resumeSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<ActiveSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = sessionId(token);
  const session = await findSession(db, id);
  if (session === undefined) return null;
  if (Date.parse(session.expires_at) <= now.getTime()) {
    await deleteSession(db, id);
    return null;
  }
  const account = await findAccountById(db, session.account_id);
  if (account === undefined) return null;
  if (now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_MS) {
    await updateSession(db, id, {
      last_seen_at: now.toISOString(),
      expires_at: endOf(session.created_at, now),
    });
  }
  return { session, account, token };
}

/** Ends the session of `token` (log-out). */
export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSession(db, sessionId(token));
}

/** Ends every session of `accountId` but the one of `keepToken` (password change); returns how many. */
export function endOtherSessions(
  db: Kysely<Database>,
  accountId: number,
  keepToken?: string,
): Promise<number> {
  return deleteSessionsOfAccount(db, accountId, keepToken === undefined ? undefined : sessionId(keepToken));
}

function flashKey(token: string): Buffer {
  return Buffer.from(hkdfSync("sha256", token, "", "wds session flash", 32));
}

/** Stores `message` (any JSON value) for the next page of session `token`, encrypted. */
export async function setFlash(db: Kysely<Database>, token: string, message: unknown): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", flashKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), "utf8"), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  await updateSession(db, sessionId(token), { flash: sealed });
}

/**
 * The flash of session `active`, decrypted and deleted, or null. Shown once: of two requests racing
 * for it, one gets it.
 */
export async function takeFlash(db: Kysely<Database>, active: ActiveSession): Promise<unknown> {
  const sealed = active.session.flash;
  if (sealed === null) return null;
  if (!(await clearFlash(db, active.session.id, sealed))) return null;
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", flashKey(active.token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
  } catch {
    return null;
  }
}
