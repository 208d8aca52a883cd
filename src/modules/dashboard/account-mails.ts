/**
 * The account flows' mails, in the language of the page that caused them (texts/<lang>.ts `mail`):
 * plain text, the greeting, one paragraph, the link on a line of its own, a closing line. Links are
 * absolute, built on {@link mailLinkBase}. Sending is the caller's (`app.mailer`).
 */
import type { AccountRow } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { LOOPBACK_HOSTNAMES } from "../../http/origin.ts";
import type { Mailer, OutgoingMail } from "../accounts/mail.ts";
import type { Texts } from "./texts/en.ts";
import { format } from "./texts/texts.ts";

/**
 * The origin (and path prefix) mailed links start with: `PUBLIC_URL` when set (the request's
 * `linkBase` is then that), else the request's own origin only when its host is a loopback name
 * (development, tests); otherwise null — links must not be built from a Host header a stranger
 * chose (password-reset poisoning, OWASP Forgot Password Cheat Sheet), so the caller refuses and
 * the operator sets `PUBLIC_URL`.
 */
export function mailLinkBase(linkBase: string, publicUrl: string | null): string | null {
  if (publicUrl !== null) return linkBase;
  let host = "";
  try {
    host = new URL(linkBase).hostname;
  } catch {
    return null;
  }
  return LOOPBACK_HOSTNAMES.has(host) ? linkBase : null;
}

/** The operator's error line when a mail with links is refused for want of `PUBLIC_URL`. */
export const NO_MAIL_LINKS =
  "PUBLIC_URL is not set: mails with links are refused on a non-loopback host (set PUBLIC_URL)";

/**
 * The error for a mail with links that cannot be built safely (no `PUBLIC_URL` on a host that is
 * not a loopback name): 503, and one error line telling the operator what to set.
 */
export function noMailLinks(log: { error(message: string): void }): AppError {
  log.error(NO_MAIL_LINKS);
  return new AppError("service_unavailable", "Mails cannot be sent right now.", {
    headers: { "Retry-After": 60 },
  });
}

/** A mail of paragraphs: greeting, `body`, then each of `after` (a link, a note), then the signature. */
function mail(
  t: Texts,
  to: string,
  name: string,
  subject: string,
  body: string,
  ...after: string[]
): OutgoingMail {
  const parts = [format(t.mail.greeting, { name }), body, ...after, `-- \n${t.mail.signature}`];
  return { to, subject, text: `${parts.join("\n\n")}\n` };
}

/** The link that confirms `account`'s address (`/account/verify?token=…`). */
export function verificationMail(t: Texts, account: AccountRow, base: string, token: string): OutgoingMail {
  const link = `${base}/account/verify?token=${token}`;
  return mail(
    t,
    account.email,
    account.name,
    t.mail.verifySubject,
    t.mail.verifyBody,
    link,
    t.mail.verifyIgnore,
  );
}

/** The link that sets a new password (`/account/reset?token=…`). */
export function resetMail(t: Texts, account: AccountRow, base: string, token: string): OutgoingMail {
  const link = `${base}/account/reset?token=${token}`;
  return mail(
    t,
    account.email,
    account.name,
    t.mail.resetSubject,
    t.mail.resetBody,
    link,
    t.mail.resetIgnore,
  );
}

/** The notice that the password changed, with the reset page's address. */
export function passwordChangedMail(t: Texts, account: AccountRow, base: string): OutgoingMail {
  return mail(
    t,
    account.email,
    account.name,
    t.mail.passwordChangedSubject,
    t.mail.passwordChangedBody,
    `${base}/account/forgot`,
  );
}

/** The link, sent to `newEmail`, that makes it the account's address (`/account/email/confirm?token=…`). */
export function changeEmailMail(
  t: Texts,
  account: AccountRow,
  newEmail: string,
  base: string,
  token: string,
): OutgoingMail {
  const link = `${base}/account/email/confirm?token=${token}`;
  return mail(
    t,
    newEmail,
    account.name,
    t.mail.changeEmailSubject,
    t.mail.changeEmailBody,
    link,
    t.mail.changeEmailIgnore,
  );
}

/** The notice to the old address `oldEmail` that the account's address is now `account.email`. */
export function emailChangedMail(
  t: Texts,
  account: AccountRow,
  oldEmail: string,
  base: string,
): OutgoingMail {
  return mail(
    t,
    oldEmail,
    account.name,
    t.mail.emailChangedSubject,
    format(t.mail.emailChangedBody, { email: account.email }),
    `${base}/account/forgot`,
  );
}

/**
 * The confirmation of a plan change asked for (`plan`: the plan's name as the page shows it,
 * `price`: its price as the page shows it).
 */
export function upgradeRequestedMail(
  t: Texts,
  account: AccountRow,
  plan: string,
  price: string,
): OutgoingMail {
  return mail(
    t,
    account.email,
    account.name,
    format(t.mail.upgradeSubject, { plan }),
    format(t.mail.upgradeBody, { plan, price }),
  );
}

/** The notice that the account was deleted. */
export function deletedMail(t: Texts, account: AccountRow): OutgoingMail {
  return mail(t, account.email, account.name, t.mail.deletedSubject, t.mail.deletedBody);
}

/**
 * Sends a notice without waiting for it or failing on it (the mailer logs a failure): for mails
 * whose loss must not fail the page (a notice after a change already made).
 */
export function sendQuietly(mailer: Mailer, notice: OutgoingMail): void {
  mailer.send(notice).catch(() => {});
}
