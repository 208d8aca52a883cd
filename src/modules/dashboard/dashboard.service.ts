/**
 * What the dashboard pages show, computed from the account, its keys and the usage counters: the
 * subscription summary (docs/decisions.md "Accounts, plans and subscription states"), the 7-day usage
 * chart as SVG geometry, the key list, and the checks of the sign-up and key forms. No HTTP here.
 */
import type { Kysely } from "kysely";
import type { Prices } from "../../config.ts";
import type { AccountRow, ApiKeyRow, AuditEventRow, Database } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import {
  type AuditEventName,
  type AuditLog,
  auditSource,
  recordAuditEvent,
} from "../accounts/audit.service.ts";
import { passwordLengthFits } from "../accounts/passwords.ts";
import { accessAt, PAST_DUE_GRACE_DAYS, PLANS, type PlanLimits } from "../accounts/plans.ts";
import type { ActiveSession } from "../accounts/sessions.service.ts";
import { ABILITIES, keyNameProblem } from "../api-keys/api-keys.service.ts";
import type { Texts } from "./texts/en.ts";
import { format, type PageLanguage } from "./texts/texts.ts";

const DAY_MS = 86_400_000;

/** A one-time message kept in the session for the next page (sessions.service.ts `setFlash`). */
export interface Flash {
  notice?: string;
  /** A key just created: shown once, with its name. */
  newKey?: { key: string; name: string };
}

/** Options of the dashboard's route plugins. */
export interface DashboardOptions {
  /** The API's path prefix (`BASE_PATH`), for the example request on the keys page. */
  apiPath: string;
  /** `PUBLIC_URL`, or null: mailed links are built on it (account-mails.ts `mailLinkBase`). */
  publicUrl: string | null;
  /** The monthly prices of the paid plans (`PRICE_STANDARD`, `PRICE_ENTERPRISE`), as shown. */
  prices: Prices;
}

/** Records a security event of a page's request (see {@link auditor}). */
export type PageAuditor = (
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  event: AuditEventName,
  accountId: number | null,
  detail?: Record<string, string | number | boolean>,
) => Promise<void>;

/** Records security events of the pages' requests in `db` and the log `log`, at the clock's time. */
export function auditor(db: Kysely<Database>, log: AuditLog, clock: () => Date): PageAuditor {
  return (request, event, accountId, detail) =>
    recordAuditEvent(db, log, { event, accountId, source: auditSource(request), now: clock(), detail });
}

/** Whole minutes (at least 1) of a wait given in seconds, for "try again in {minutes} min". */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The message beside a password field for a password zxcvbn judged too easy to guess: ours, then
 * its warning and suggestions (in the page's language).
 */
export function weakPasswordMessage(
  verdict: { warning: string | null; suggestions: string[] },
  t: Texts,
): string {
  return [t.signup.weakPassword, verdict.warning, ...verdict.suggestions].filter(Boolean).join(" ");
}

/**
 * The session of a request to an `account` page (plugins/web-pages.ts redirects those without one).
 * @throws AppError unauthenticated when there is none.
 */
export function sessionOf(request: { session: ActiveSession | null }): ActiveSession {
  if (request.session === null) throw new AppError("unauthenticated", "Unauthenticated.");
  return request.session;
}

/** Requests of an account on one UTC day (`app.rateLimits.dailyUsage`). */
export interface DayUsage {
  /** `YYYY-MM-DD`. */
  day: string;
  requests: number;
}

/** `iso` as a date in `lang` (UTC), e.g. "6 Dec 2026" / "06.12.2026". */
export function formatDate(iso: string | null, lang: PageLanguage): string {
  if (iso === null) return "";
  const style =
    lang === "de" ? { day: "2-digit", month: "2-digit", year: "numeric" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    ...(style as Intl.DateTimeFormatOptions),
    timeZone: "UTC",
  }).format(new Date(iso));
}

/** A number with the language's digit grouping. */
export function formatNumber(n: number, lang: PageLanguage): string {
  return new Intl.NumberFormat(lang === "de" ? "de-DE" : "en-GB").format(n);
}

/** The subscription as the overview and plan pages state it. */
export interface SubscriptionSummary {
  /** The plan's name in the page language. */
  plan: string;
  /** The state's name in the page language. */
  state: string;
  /** One sentence on what happens next (end date, days left, grace end). */
  detail: string;
  /** True when the API answers this account's keys now. */
  active: boolean;
  /** The limits in force now, else those of the account's plan. */
  limits: PlanLimits;
  /** Requests per UTC day allowed now (account override included); null = unlimited. */
  perDay: number | null;
}

/** Summarises `account`'s subscription at `now` in the language of `t`. */
export function subscriptionSummary(account: AccountRow, now: Date, t: Texts): SubscriptionSummary {
  const lang = t.lang as PageLanguage;
  const access = accessAt(account, now);
  const date = (iso: string | null) => formatDate(iso, lang);
  let detail = "";
  switch (account.status) {
    case "trialing": {
      const left = Math.ceil((Date.parse(account.trial_ends_at ?? "") - now.getTime()) / DAY_MS);
      detail =
        access.plan === null
          ? format(t.overview.trialOver, { date: date(account.trial_ends_at) })
          : format(left <= 1 ? t.overview.trialEndsOne : t.overview.trialEnds, {
              date: date(account.trial_ends_at),
              days: left,
            });
      break;
    }
    case "active":
      detail = account.current_period_end
        ? format(t.overview.renews, { date: date(account.current_period_end) })
        : "";
      break;
    case "canceled":
      detail = format(t.overview.canceledUntil, { date: date(account.current_period_end) });
      break;
    case "past_due": {
      const since = Date.parse(account.past_due_since ?? "");
      const graceEnd = Number.isNaN(since)
        ? null
        : new Date(since + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
      detail = format(t.overview.pastDue, { date: date(graceEnd) });
      break;
    }
    case "expired":
      break;
  }
  if (access.plan === null) detail = [detail, t.overview.expired].filter(Boolean).join(" ");
  const plan = access.plan ?? account.plan;
  return {
    plan: t.plans[plan],
    state: access.plan === null ? t.states.expired : t.states[account.status],
    detail,
    active: access.plan !== null,
    limits: access.limits ?? PLANS[account.plan],
    perDay: access.plan === null ? (account.daily_limit ?? PLANS[account.plan].perDay) : access.perDay,
  };
}

/** One bar of the usage chart, in SVG user units (the chart is {@link CHART.width} × {@link CHART.height}). */
export interface ChartBar {
  day: string;
  /** Short day label, e.g. "Mo 23". */
  label: string;
  requests: number;
  x: number;
  y: number;
  height: number;
}

/** The usage chart's geometry: bars, the largest value and the SVG's size. */
export const CHART = { width: 420, height: 160, barWidth: 40, gap: 20, top: 20, bottom: 24 } as const;

/** Geometry of the bar chart of `days` (oldest first), scaled to the largest day. */
export function usageChart(days: DayUsage[], lang: PageLanguage): { bars: ChartBar[]; max: number } {
  const max = Math.max(1, ...days.map((d) => d.requests));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const weekday = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    weekday: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const bars = days.map((d, i) => {
    const height = d.requests === 0 ? 0 : Math.max(2, Math.round((d.requests / max) * plotHeight));
    return {
      day: d.day,
      label: weekday.format(new Date(`${d.day}T00:00:00Z`)),
      requests: d.requests,
      x: CHART.gap / 2 + i * (CHART.barWidth + CHART.gap),
      y: CHART.top + plotHeight - height,
      height,
    };
  });
  return { bars, max };
}

/** A key as the key list shows it. */
export interface KeyListItem {
  name: string;
  prefix: string;
  abilities: string;
  limit: number;
  created: string;
  lastUsed: string;
  revoked: string | null;
}

/** The key list of the keys page (newest first), dates in `lang`. */
export function keyList(rows: ApiKeyRow[], t: Texts): KeyListItem[] {
  const lang = t.lang as PageLanguage;
  return rows.map((row) => ({
    name: row.name,
    prefix: row.prefix,
    abilities: (JSON.parse(row.abilities) as string[]).join(", "),
    limit: row.rate_limit_per_minute,
    created: formatDate(row.created_at, lang),
    lastUsed: row.last_used_at === null ? t.keys.never : formatDate(row.last_used_at, lang),
    revoked:
      row.revoked_at === null ? null : format(t.keys.revokedOn, { date: formatDate(row.revoked_at, lang) }),
  }));
}

/** Every ability a key form knows, `*` first. */
export const FORM_ABILITIES: readonly string[] = ["*", ...ABILITIES];

/**
 * The abilities the key form offers on a plan with `limits`, `*` first: `photo:analyze` only where
 * the plan includes label recognition (Enterprise: docs/decisions.md's plan table); `*` on every plan,
 * since it grants only what the plan allows.
 */
export function planAbilities(limits: Pick<PlanLimits, "photo">): readonly string[] {
  return FORM_ABILITIES.filter((ability) => ability !== "photo:analyze" || limits.photo);
}

/** A checked key form: the values, or the message of each bad field. */
export type KeyForm =
  | { ok: true; name: string; abilities: string[]; rateLimit: number }
  | { ok: false; errors: Record<string, string> };

/** The key form's fields as typed (kept to show the form again). */
export interface KeyFormValues {
  name: string;
  abilities: string[];
  rate_limit: string;
}

/**
 * Checks the key form against the account's plan (`limits`): a name as api-keys.service.ts
 * `keyNameProblem` allows (1–100 printable characters), at least
 * one known ability, each one the plan can use ({@link planAbilities}; `*` alone when checked with
 * others), a whole rate limit from 1 to the plan's maximum (`maxPerMinute`, null = any up to 100,000).
 */
export function checkKeyForm(
  input: { name: string; abilities: string[]; rate_limit: string },
  limits: Pick<PlanLimits, "maxPerMinute" | "photo">,
  t: Texts,
): KeyForm {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const nameProblem = keyNameProblem(input.name);
  if (nameProblem === "not_printable") errors.name = t.keys.nameNotPrintable;
  else if (nameProblem !== null) errors.name = t.keys.nameRequired;
  const known = input.abilities.filter((a) => FORM_ABILITIES.includes(a));
  const offered = planAbilities(limits);
  const notOnPlan = known.find((a) => !offered.includes(a));
  if (known.length === 0 || known.length !== input.abilities.length)
    errors.abilities = t.keys.abilityRequired;
  else if (notOnPlan !== undefined) errors.abilities = format(t.keysByPlan.notOnPlan, { ability: notOnPlan });
  const max = limits.maxPerMinute ?? 100_000;
  const rate = /^\d{1,6}$/.test(input.rate_limit.trim()) ? Number(input.rate_limit.trim()) : Number.NaN;
  if (!(rate >= 1 && rate <= max)) errors.rate_limit = format(t.keys.rateLimitRange, { max });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, name, abilities: known.includes("*") ? ["*"] : known, rateLimit: rate };
}

/**
 * True when `email` (trimmed, lower case) looks like an address a mail can go to: at most 254
 * characters (RFC 5321 §4.5.3.1.3 with RFC 3696's erratum), one `@`, a dot in the domain, no spaces.
 */
export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** A checked sign-up form. */
export type SignupForm =
  | { ok: true; name: string; email: string; password: string }
  | { ok: false; errors: Record<string, string> };

/** Checks the sign-up form: a name of 1–100 characters, an email address, a password of 10–256 characters. */
export function checkSignupForm(
  input: { name: string; email: string; password: string },
  t: Texts,
): SignupForm {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (name.length < 1 || name.length > 100) errors.name = t.signup.nameRequired;
  if (!isEmailAddress(email)) errors.email = t.signup.emailInvalid;
  if (!passwordLengthFits(input.password)) errors.password = t.signup.passwordLength;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, name, email, password: input.password };
}

/** An audit event as the security log shows it. */
export interface AuditLogRow {
  /** `YYYY-MM-DD HH:MM` UTC. */
  time: string;
  /** The event in the page's words. */
  event: string;
  address: string;
  /** The User-Agent, at most 80 characters. */
  browser: string;
}

/** The security log's rows of `events` (newest first), in the language of `t`. */
export function auditLogRows(events: AuditEventRow[], t: Texts): AuditLogRow[] {
  const names = t.security.events as Record<string, string>;
  return events.map((e) => ({
    time: `${e.at.slice(0, 10)} ${e.at.slice(11, 16)}`,
    event: names[e.event] ?? e.event,
    address: e.address ?? "",
    browser: (e.user_agent ?? "").slice(0, 80),
  }));
}
