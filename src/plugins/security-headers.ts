/**
 * The security headers of every answer (OWASP REST Security Cheat Sheet, "Security Headers"):
 * - `X-Content-Type-Options: nosniff`: a browser takes the Content-Type as sent, never guesses HTML
 *   or script from a body;
 * - one framing policy, no framing: `Content-Security-Policy: default-src 'none'; frame-ancestors
 *   'none'` (CSP Level 2 `frame-ancestors`; an API answer loads nothing) and `X-Frame-Options: DENY` (RFC 7034,
 *   for browsers without frame-ancestors). Pages replace the CSP with their own, which keeps
 *   `frame-ancestors 'none'`: the dashboard (helmet, plugins/web-pages.ts), /docs (Swagger UI's,
 *   app.ts);
 * - `Strict-Transport-Security: max-age=31536000; includeSubDomains` only on a request that came
 *   over HTTPS, directly or through a trusted proxy (`X-Forwarded-Proto`, `TRUST_PROXY`): RFC 6797
 *   §7.2, an HSTS host must not send it over plain HTTP;
 * - `Cache-Control: no-store` on every 401 and 403, whichever route or hook answered: what is said
 *   about a credential is never kept by a cache (RFC 9111 §5.2.2.5).
 * Set at `onRequest`, before anything can answer, so errors, 404s, cached answers and the MCP
 * endpoint's own answer carry them; {@link securityHeaders} adds them where no hook ran (the
 * router's own errors, plugins/error-handler.ts). They are set on the Node response itself, under
 * what Fastify sends: a later plugin's own value of a header (the dashboard's and /docs' CSP, set
 * by helmet on the Node response or by `reply.header`) replaces this one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** The headers every answer carries, whatever it is. */
export const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

/** HSTS of an answer over HTTPS: one year, subdomains included (helmet's default). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Sets the headers every answer carries on `reply`, and HSTS when `request` came over HTTPS. */
export function securityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const res = reply.raw;
  for (const [name, value] of HEADER_LIST) res.setHeader(name, value);
  if (request.protocol === "https") res.setHeader("strict-transport-security", HSTS);
}

const HEADER_LIST = Object.entries(EVERY_ANSWER);

export default fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, reply, done) => {
      securityHeaders(request, reply);
      done();
    });
    app.addHook("onSend", (_request, reply, payload, done) => {
      if (reply.statusCode === 401 || reply.statusCode === 403) reply.header("cache-control", "no-store");
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
