/**
 * The audit log of security events (OWASP Logging Cheat Sheet, "Which events to log":
 * authentication successes and failures, session and credential changes, use of higher-risk
 * functions such as key creation and plan changes). Each event is a row of `audit_events` (the
 * account's owner sees theirs on the dashboard's security page) and one structured info line of the
 * service log for the operator: `{"audit": {"event", "account_id", "address"}}`, never a password,
 * key, token or session.
 */
import type { Kysely } from "kysely";
import type { AuditEventRow, Database } from "../../db/types.ts";
import { insertAuditEvent, listAuditEvents } from "./audit.repository.ts";

/** The events recorded, by name. */
export const AUDIT_EVENTS = [
  "account.created",
  "email.verification_sent",
  "email.verified",
  "login.succeeded",
  "login.failed",
  "login.throttled",
  "password.changed",
  "password.change_failed",
  "password.reset_requested",
  "password.reset",
  "email.change_requested",
  "email.changed",
  "name.changed",
  "key.created",
  "key.revoked",
  "plan.upgrade_requested",
  "plan.changed",
  "plan.cancel_requested",
  "account.deleted",
] as const;

/** One of {@link AUDIT_EVENTS}. */
export type AuditEventName = (typeof AUDIT_EVENTS)[number];

/** Who and where an event came from: the request's address and user agent (null from the CLI). */
export interface AuditSource {
  address: string | null;
  userAgent: string | null;
}

/** The source of an event that came with a request: its client address and User-Agent. */
export function auditSource(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): AuditSource {
  const agent = request.headers["user-agent"];
  return { address: request.ip, userAgent: typeof agent === "string" ? agent : null };
}

/** Where the operator's structured line goes (the app's logger satisfies it). */
export interface AuditLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/** The longest User-Agent stored, in characters. */
const USER_AGENT_MAX = 300;

/**
 * Records `event` of account `accountId` (null when there is none, e.g. a failed log-in for an
 * unknown email) with its source and `detail` (plain facts, never secrets), in the table and as
 * one log line.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  log: AuditLog,
  input: {
    event: AuditEventName;
    accountId: number | null;
    source: AuditSource;
    now: Date;
    detail?: Record<string, string | number | boolean>;
  },
): Promise<void> {
  const detail = input.detail === undefined ? null : JSON.stringify(input.detail);
  log.info(
    {
      audit: {
        event: input.event,
        account_id: input.accountId,
        address: input.source.address,
        ...(input.detail ?? {}),
      },
    },
    "security event",
  );
  await insertAuditEvent(db, {
    at: input.now.toISOString(),
    account_id: input.accountId,
    event: input.event,
    address: input.source.address,
    user_agent: input.source.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    detail,
  });
}

/** The newest events of account `accountId` (at most `limit`, default 100), newest first. */
export function accountAuditEvents(
  db: Kysely<Database>,
  accountId: number,
  limit = 100,
): Promise<AuditEventRow[]> {
  return listAuditEvents(db, accountId, limit);
}
