/**
 * The origin (`scheme://host[:port]`) that absolute links in answers start with, taken from a
 * request only once its Host (or trusted X-Forwarded-Host/-Proto) has been checked, so that no
 * header can make link building fail (docs/decisions.md "Addresses": a malformed Host never causes a 5xx).
 */
import { isIPv6 } from "node:net";

/**
 * RFC 3986 §3.2.2–3.2.3 `host [":" port]`, restricted to what HTTP clients send: a DNS-style
 * reg-name or IPv4 address (letters, digits, `.`, `-`, `_`), or an IPv6 literal in brackets.
 * Percent-encoding, spaces and other delimiters are refused.
 */
const HOST_AND_PORT = /^(?:\[([0-9A-Fa-f:.]+)\]|[A-Za-z0-9._-]+)(?::(\d{0,5}))?$/;

/** True when `value` is a Host header value RFC 9112 §3.2 lets a server accept (port ≤ 65535). */
export function isValidHost(value: string): boolean {
  const match = HOST_AND_PORT.exec(value);
  if (match === null) return false;
  const [, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || port === "" || Number(port) <= 65_535;
}

/**
 * The loopback host names, as URL `hostname`s give them (an IPv6 literal in brackets): a request
 * to one of them comes from this machine (development, tests).
 */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `http` or `https` for a scheme named by a request (X-Forwarded-Proto may say anything), else null. */
export function linkScheme(protocol: string | undefined): "http" | "https" | null {
  const scheme = protocol?.trim().toLowerCase();
  return scheme === "http" || scheme === "https" ? scheme : null;
}
