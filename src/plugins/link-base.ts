/**
 * Checks every request's Host header and decorates the request with `linkBase`, the start of the
 * absolute links in its answer (pagination), and `answeredPage`, the page those links are for.
 * `linkBase` is `PUBLIC_URL` when configured, else the request's own scheme and host
 * (X-Forwarded-Proto/-Host when the proxy is trusted, `TRUST_PROXY`).
 *
 * A Host that is not a valid `host[:port]`, an HTTP/1.1 request without one and a request with more
 * than one get `400 bad_request` before anything else runs: RFC 9112 §3.2 requires a 400 for all
 * three, whether or not links use it (Node keeps the first of two Host lines in `headers.host`, so
 * the raw headers are counted) (Node would answer the missing Host itself, without a body: `requireHostHeader` is off
 * for this). Forwarded values are checked only when links are built from them, with the same answer.
 * A request without Host (HTTP/1.0) links to the address it reached.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import { isValidHost, linkScheme } from "../http/origin.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** `scheme://host[:port]` or `PUBLIC_URL` (no trailing slash); links are this + path + query. */
    linkBase: string;
    /** The page and last page of a paginated answer (set by `pageEnvelope`), else null. */
    answeredPage: { page: number; lastPage: number } | null;
  }
}

export interface LinkBaseOptions {
  /** `PUBLIC_URL` without trailing slash, or null to build links from each request. */
  publicUrl: string | null;
}

const noHost = () => new AppError("bad_request", "The Host header is required.");
const badHost = () => new AppError("bad_request", "The Host header is not a valid host name and port.");
const twoHosts = () => new AppError("bad_request", "The request has more than one Host header.");

/** How many Host lines the request had (`rawHeaders` is name, value, name, value, …). */
function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/** The address a request reached, as a URL host (`127.0.0.1:8080`, `[::1]:8080`). */
function localHost(request: FastifyRequest): string {
  const { localAddress, localPort } = request.socket;
  const address = localAddress ?? "localhost";
  return `${address.includes(":") ? `[${address}]` : address}${localPort ? `:${localPort}` : ""}`;
}

export default fp<LinkBaseOptions>(
  async (app: FastifyInstance, { publicUrl }) => {
    app.decorateRequest("linkBase", "");
    app.decorateRequest("answeredPage", null);
    app.addHook("onRequest", (request, _reply, done) => {
      const host = request.headers.host;
      if (host === undefined ? request.raw.httpVersion !== "1.0" : !isValidHost(host)) {
        return done(host === undefined ? noHost() : badHost());
      }
      if (host !== undefined && hostLines(request.raw.rawHeaders) > 1) return done(twoHosts());
      if (publicUrl !== null) {
        request.linkBase = publicUrl;
        return done();
      }
      // Fastify's `host` and `protocol` read X-Forwarded-Host/-Proto only when the proxy is trusted.
      const effective = request.host || localHost(request);
      const scheme = linkScheme(request.protocol);
      if (scheme === null || (effective !== host && !isValidHost(effective))) return done(badHost());
      request.linkBase = `${scheme}://${effective}`;
      done();
    });
  },
  { name: "link-base" },
);
