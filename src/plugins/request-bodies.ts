/**
 * Request bodies per route and content type, decided from the headers before a byte of the body is
 * read (issue 33: a 9.4 MB nested JSON posted to a dashboard form was parsed under the service's
 * global 10 MiB limit and held the event loop for seconds).
 *
 * `rules` (app.ts, one table) say which routes take a body: the media types and the largest size
 * ({@link BodyPolicy}); every other route takes none. At each request's `onRequest` (registered after
 * the auth plugin, before the dashboard's session and CSRF hooks), a request with a body
 * (`Content-Length` above 0, or `Transfer-Encoding`) gets:
 * - on an unknown path: `404 not_found` (an unknown path reads no body either);
 * - on a route that takes none: `413 payload_too_large`;
 * - of a media type the route does not take (or none): `415 unsupported_media_type`;
 * - with a `Content-Length` over the route's limit: `413 payload_too_large`.
 * A chunked body has no length to check: it is cut at the limit while it arrives (the route's
 * Fastify `bodyLimit`, or for a limit that depends on the request, `limitFor`, a counting stream
 * put in front of the parser at `preParsing`) with the same 413.
 * A refused body is not read: over {@link READ_REFUSED_UP_TO} bytes (or chunked) the answer closes
 * the connection, like Fastify's own 413 (a client still sending may then see the connection reset
 * instead of the answer: clients of large bodies send `Expect: 100-continue`); a smaller one is read
 * and dropped by Node, not parsed, and the connection stays open. `Expect: 100-continue` is
 * answered `100 Continue` only once the route takes the body (RFC 9110 §10.1.1), so such a client
 * gets the refusal before it sends a byte of the body.
 *
 * A JSON body that nests arrays or objects more than {@link MAX_JSON_DEPTH} levels deep is refused
 * (`400 malformed_json`) before `JSON.parse` sees it (http/json-depth.ts: V8 takes seconds on a deeply
 * nested text, even under the photo route's 10 MiB; no request of this API nests beyond a handful).
 *
 * RFC 9110 §15.5.14 (413 Content Too Large), §15.5.16 (415 Unsupported Media Type).
 */
import { Transform, type TransformCallback } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import { jsonNestsDeeperThan } from "../http/json-depth.ts";

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** The body a route takes. */
export interface BodyPolicy {
  /** Media types taken, lower case and without parameters, e.g. `application/json`. */
  types: readonly string[];
  /** Largest body in bytes. */
  limitBytes: number;
  /**
   * A smaller limit for some requests (at most `limitBytes`), asked after authentication, e.g. by
   * the caller's plan; default `limitBytes`.
   */
  limitFor?: (request: FastifyRequest) => number;
}

/** One line of the table of routes that take a body. */
export interface BodyRule {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route's URL as registered, prefix included (`/v1/photo/analyze`); a rule for it must match a route. */
  url?: string;
  /** Or: every route of `method` whose URL starts with this (`/account/`). */
  under?: string;
  policy: BodyPolicy;
}

/** A route that takes a body, as registered. */
export interface BodyRoute {
  method: string;
  url: string;
  policy: BodyPolicy;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The body the route takes (set from the rules of plugins/request-bodies.ts); none when absent. */
    body?: BodyPolicy;
  }
  interface FastifyInstance {
    /** Every route that takes a body, with its policy, in registration order. */
    bodyRoutes: BodyRoute[];
  }
}

export interface RequestBodiesOptions {
  rules: readonly BodyRule[];
}

/** The media type of a Content-Type value: lower case, parameters and spaces dropped. */
export function mediaType(contentType: string | undefined): string {
  if (contentType === undefined) return "";
  const semicolon = contentType.indexOf(";");
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

const tooLarge = (limit: number) =>
  new AppError(
    "payload_too_large",
    `The request body is too large: this route takes at most ${limit} bytes.`,
  );

/** Passes a chunked body on until more than `limit` bytes arrived, then fails with the 413. */
class BodyCutter extends Transform {
  private received = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) callback(tooLarge(this.limit));
    else callback(null, chunk);
  }
}

/** A refused body up to this size is read and dropped (the connection stays open); a larger one is not read. */
export const READ_REFUSED_UP_TO = 64 * 1024;

/** True when `request` asks for `100 Continue` before sending its body (RFC 9110 §10.1.1). */
const expectsContinue = (request: FastifyRequest) => request.headers.expect?.toLowerCase() === "100-continue";

export default fp<RequestBodiesOptions>(
  async (app: FastifyInstance, { rules }) => {
    const routes: BodyRoute[] = [];
    app.decorate("bodyRoutes", routes);
    const ruleFor = (method: string, url: string) =>
      rules.find(
        (rule) =>
          rule.method === method &&
          (rule.url === url || (rule.under !== undefined && url.startsWith(rule.under))),
      );

    // `Expect: 100-continue`: Node would answer "100 Continue" at once; the body is asked for only
    // once the route takes it (`askForBody`), so a client told 413/415 (or 401, or a redirect) never
    // sends it.
    app.server.on("checkContinue", (req, res) => app.server.emit("request", req, res));

    // Fastify's own JSON parser (prototype-poisoning checks included), after the nesting check.
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(
          new AppError("malformed_json", `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`),
          undefined,
        );
        return;
      }
      parseJson(request, body as string, done);
    });

    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat();
      const matched = methods
        .map((method) => ruleFor(method, route.url))
        .filter((rule) => rule !== undefined);
      const rule = matched[0];
      if (rule === undefined) return;
      if (methods.length > 1) {
        throw new Error(`Route ${methods.join(",")} ${route.url} takes a body: register it with one method.`);
      }
      const { policy } = rule;
      route.config = { ...route.config, body: policy };
      route.bodyLimit = policy.limitBytes;
      const { limitFor } = policy;
      // Right before the body is read: every check of the request has passed.
      const askForBody = async (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: NodeJS.ReadableStream,
      ) => {
        if (expectsContinue(request)) reply.raw.writeContinue();
        // Fastify cuts a chunked body at the route's bodyLimit; a smaller limit for this request here.
        if (limitFor === undefined || request.headers["content-length"] !== undefined) return payload;
        const limit = limitFor(request);
        return limit >= policy.limitBytes ? payload : payload.pipe(new BodyCutter(limit));
      };
      route.preParsing = [...[route.preParsing ?? []].flat(), askForBody];
      routes.push({ method: rule.method, url: route.url, policy });
    });

    // A rule naming a route must match one: a renamed route cannot silently lose its body.
    app.addHook("onReady", async () => {
      for (const rule of rules) {
        if (rule.url !== undefined && !routes.some((r) => r.method === rule.method && r.url === rule.url)) {
          throw new Error(`Body rule ${rule.method} ${rule.url} matches no registered route.`);
        }
      }
    });

    app.addHook("onRequest", (request, reply, done) => {
      const { headers } = request;
      const length = headers["content-length"];
      const chunked = headers["transfer-encoding"] !== undefined;
      if (!chunked && (length === undefined || Number(length) === 0)) return done();
      const refuse = (error: AppError) => {
        // Not read: the connection ends after the answer (as Fastify does after its own 413).
        if (chunked || Number(length) > READ_REFUSED_UP_TO) reply.header("connection", "close");
        done(error);
      };
      if (request.is404) return refuse(new AppError("not_found", "Not found."));
      const policy = request.routeOptions.config.body;
      if (policy === undefined) {
        return refuse(new AppError("payload_too_large", "This route takes no request body."));
      }
      if (!policy.types.includes(mediaType(headers["content-type"]))) {
        return refuse(
          new AppError(
            "unsupported_media_type",
            `The request body must be sent as ${policy.types.join(" or ")}.`,
          ),
        );
      }
      const limit = policy.limitFor?.(request) ?? policy.limitBytes;
      if (!chunked && Number(length) > limit) return refuse(tooLarge(limit));
      done();
    });
  },
  { name: "request-bodies", dependencies: ["auth"] },
);
