/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * logged in to an account gets a cookie naming that account's email, signed by the service, so its
 * later log-ins are throttled on their own and not by the counts that strangers' failed attempts
 * run up (plugins/account-limits.ts). The value is `<id>.<signature>`: a random id and the
 * HMAC-SHA-256 of the id and the lower-case email under the service's secret; the email itself is
 * not in the cookie.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a device stays known, in seconds: a year (renewed at every log-in). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 86_400;

function signature(key: string, id: string, email: string): Buffer {
  return createHmac("sha256", key).update(`${id}\n${email.trim().toLowerCase()}`).digest();
}

/** A new device cookie value for `email`. */
export function deviceCookieValue(key: string, email: string): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${signature(key, id, email).toString("base64url")}`;
}

/** The device id of cookie value `value` when it was made for `email` by this service, else null. */
export function deviceOf(key: string, value: string | undefined, email: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (match === null) return null;
  const [, id = "", sig = ""] = match;
  const expected = signature(key, id, email);
  const given = Buffer.from(sig, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
