/**
 * fast-check arbitraries for whole requests (method, target, headers, body) of every route of the
 * OpenAPI document, and for the cases of the property: short sequences of requests where a later
 * one may repeat the first, changed a little, after a pause (a cached answer re-served after the
 * catalogue version is re-checked, once a second, runs on another code path).
 */
import fc from "fast-check";
import type { RawRequest } from "../raw-http.ts";
import { jsonBodyValue } from "./body-arbitraries.ts";
import type { CatalogueIds, FuzzKeys } from "./fuzz-database.ts";
import { idTableOf, type ParamSpec, type RouteSpec } from "./openapi-routes.ts";
import {
  acceptLanguageValue,
  anyString,
  CROSS_SHRINK,
  contentTypeValue,
  credentialHeader,
  encodeURIComponentLoose,
  forwardedHeader,
  hostValue,
  idValue,
  invalidValue,
  junkHostValue,
  NUMERIC_JUNK,
  STRING_JUNK,
  validValue,
  wellFormed,
} from "./value-arbitraries.ts";

/** What the arbitraries need to know of the running service. */
export interface FuzzContext {
  port: number;
  keys: FuzzKeys;
  ids: CatalogueIds;
}

/** One request of a case: the pause before it, the route it was made for, the bytes. */
export interface FuzzStep {
  /**
   * Milliseconds to wait before sending, for a repeat of the case's first request: taken only when
   * that request was answered 200 (only 200 answers are cached, and the pause is there to re-serve
   * a cached answer after the once-a-second catalogue version check).
   */
  delayMs: number;
  /** Whether this step repeats the case's first request (see {@link delayMs}). */
  repeat: boolean;
  /** `METHOD path-template` of the route the request was generated from. */
  route: string;
  request: RawRequest;
}

/** How a query parameter is written: percent-encoded, or raw (only blanks and controls encoded). */
type Encoding = "encoded" | "raw";

/** Encodes `value` for a query string or path segment. */
function encodeValue(value: string, encoding: Encoding): string {
  if (encoding === "encoded") return encodeURIComponentLoose(value);
  // Raw: what a sloppy client sends; blanks and controls would end the request line, so those are encoded.
  let out = "";
  for (const c of wellFormed(value)) out += c <= " " || c === "\u007f" ? encodeURIComponent(c) : c;
  return out;
}

const encodingArb = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.constant<Encoding>("encoded"), weight: 4 },
  { arbitrary: fc.constant<Encoding>("raw"), weight: 1 },
);

/** `name=value` pairs for one declared query parameter: none, valid, invalid, or repeated. */
function queryParamArb(param: ParamSpec): fc.Arbitrary<[string, string][]> {
  const valid = validValue(param.name, param.schema);
  const invalid = invalidValue(param.schema);
  const one = (value: fc.Arbitrary<string>) => value.map((v): [string, string][] => [[param.name, v]]);
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constant<[string, string][]>([]), weight: param.required ? 1 : 4 },
    { arbitrary: one(valid), weight: 6 },
    { arbitrary: one(invalid), weight: 3 },
    {
      arbitrary: fc
        .array(fc.oneof(CROSS_SHRINK, valid, invalid), { minLength: 2, maxLength: 4 })
        .map((values) => values.map((v): [string, string] => [param.name, v])),
      weight: 1,
    },
  );
}

/** Parameters the route does not declare. */
const unknownParams: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.oneof(
      CROSS_SHRINK,
      fc.constantFrom(
        "foo",
        "lang[]",
        "page[size]",
        "__proto__",
        "constructor",
        "include_wines",
        "PAGE",
        "",
        "%00",
      ),
      anyString(8),
    ),
    fc.oneof(CROSS_SHRINK, fc.constantFrom(...NUMERIC_JUNK, ...STRING_JUNK), anyString(10)),
  ),
  { maxLength: 2 },
);

/** The query string of a request to `route`, `?` included (or empty). */
function queryArb(route: RouteSpec): fc.Arbitrary<string> {
  const declared = route.params.filter((p) => p.in === "query").map(queryParamArb);
  return fc
    .tuple(
      fc.tuple(...declared),
      fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant<[string, string][]>([]), weight: 5 }, unknownParams),
      encodingArb,
    )
    .map(([lists, extra, encoding]) => {
      const pairs = [...lists.flat(), ...(extra as [string, string][])];
      if (pairs.length === 0) return "";
      return `?${pairs.map(([n, v]) => `${encodeValue(n, encoding)}=${encodeValue(v, encoding)}`).join("&")}`;
    });
}

/** The path of a request to `route`: template with ids, sometimes bent (slashes, case, dots). */
function pathArb(route: RouteSpec, ids: CatalogueIds): fc.Arbitrary<string> {
  const names = route.params.filter((p) => p.in === "path").map((p) => p.name);
  const table = idTableOf(route);
  const values = fc.tuple(...names.map(() => idValue(ids, table)));
  const bend = fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constant((p: string) => p), weight: 20 },
    {
      arbitrary: fc.constantFrom(
        (p: string) => `${p}/`,
        (p: string) => `/${p}`,
        (p: string) => p.toUpperCase(),
        (p: string) => p.replace(/^\/v1\//, "/v1/./"),
        (p: string) => p.replace(/^\/v1\//, "/v1/%2e%2e/v1/"),
        (p: string) => p.replace(/\//g, "%2F"),
        (p: string) => `${p};jsessionid=1`,
        (p: string) => `${p}%00`,
        (p: string) => `${p}#frag`,
      ),
      weight: 1,
    },
  );
  return fc.tuple(values, bend).map(([vals, bender]) => {
    let path = route.path;
    names.forEach((name, i) => {
      path = path.replace(`{${name}}`, () => vals[i] ?? "");
    });
    return bender(path);
  });
}

/** Methods: the route's own (mostly), HEAD, other and invalid ones. */
function methodArb(route: RouteSpec): fc.Arbitrary<string> {
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constant(route.method), weight: 30 },
    { arbitrary: fc.constant(route.method === "GET" ? "HEAD" : "GET"), weight: 2 },
    {
      arbitrary: fc.constantFrom("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(route.method.toLowerCase(), "FOO", "G\u00c9T"), weight: 1 },
  );
}

/** Extra headers: none (mostly), odd ones, a huge one, or thousands of them. */
const extraHeaders: fc.Arbitrary<[string, string][]> = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.constant<[string, string][]>([]), weight: 20 },
  {
    arbitrary: fc.array(
      fc.tuple(
        fc.constantFrom(
          "Accept",
          "Cookie",
          "If-None-Match",
          "Range",
          "Expect",
          "X-Request-Id",
          "Origin",
          "Via",
        ) as fc.Arbitrary<string>,
        fc.oneof(
          CROSS_SHRINK,
          fc.constantFrom("*/*", "text/html", "bytes=0-1", "100-continue", "\u00ff"),
          anyString(12),
        ),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    weight: 3,
  },
  { arbitrary: fc.constant<[string, string][]>([["X-Big", "b".repeat(20_000)]]), weight: 1 },
  {
    arbitrary: fc
      .constantFrom(150, 2100)
      .map((n) => Array.from({ length: n }, (_, i): [string, string] => [`X-H${i}`, "1"])),
    weight: 1,
  },
);

/** A request to `route` (without a pause), as bytes and the route's label. */
export function requestArb(route: RouteSpec, ctx: FuzzContext): fc.Arbitrary<FuzzStep> {
  const host = fc.oneof(
    CROSS_SHRINK,
    { arbitrary: hostValue(ctx.port).map((h): [string, string][] => [["Host", h]]), weight: 12 },
    { arbitrary: fc.constant<[string, string][]>([]), weight: 1 },
    {
      arbitrary: fc.tuple(hostValue(ctx.port), hostValue(ctx.port)).map(([a, b]): [string, string][] => [
        ["Host", a],
        ["Host", b],
      ]),
      weight: 1,
    },
  );
  const credentials = route.authenticated
    ? credentialHeader(ctx.keys)
    : fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant(null), weight: 5 }, credentialHeader(ctx.keys));
  const hasBody = route.body !== null;
  const body = hasBody
    ? fc.oneof(
        CROSS_SHRINK,
        { arbitrary: jsonBodyValue, weight: 12 },
        { arbitrary: fc.constant(null), weight: 1 },
      )
    : fc.oneof(
        CROSS_SHRINK,
        { arbitrary: fc.constant(null), weight: 25 },
        { arbitrary: jsonBodyValue, weight: 1 },
      );
  return fc
    .record({
      method: methodArb(route),
      path: pathArb(route, ctx.ids),
      query: queryArb(route),
      version: fc.oneof(
        CROSS_SHRINK,
        { arbitrary: fc.constant("HTTP/1.1"), weight: 15 },
        fc.constant("HTTP/1.0"),
      ),
      host,
      credentials,
      language: fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant(null), weight: 2 }, acceptLanguageValue),
      forwarded: fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant(null), weight: 4 }, forwardedHeader),
      extra: extraHeaders,
      body,
      contentType: contentTypeValue,
      framing: fc.oneof(
        CROSS_SHRINK,
        { arbitrary: fc.constant<"length">("length"), weight: 8 },
        fc.constant<"chunked">("chunked"),
      ),
    })
    .map((r): FuzzStep => {
      const headers: [string, string][] = [...r.host];
      if (r.credentials) headers.push(r.credentials);
      if (r.language !== null) headers.push(["Accept-Language", r.language]);
      if (r.forwarded !== null) headers.push(r.forwarded);
      if (r.body !== null && r.contentType !== null) headers.push(["Content-Type", r.contentType]);
      headers.push(...r.extra);
      return {
        delayMs: 0,
        repeat: false,
        route: `${route.method} ${route.path}`,
        request: {
          method: r.method,
          target: r.path + r.query,
          version: r.version,
          headers,
          body: r.body,
          framing: r.framing,
        },
      };
    });
}

/** A change to a request that repeats an earlier one. */
type Mutation =
  | { kind: "same" }
  | { kind: "host"; host: string }
  | { kind: "language"; value: string }
  | { kind: "query"; param: string; value: string }
  | { kind: "credentials"; header: [string, string] | null };

function mutationArb(ctx: FuzzContext): fc.Arbitrary<Mutation> {
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constant<Mutation>({ kind: "same" }), weight: 3 },
    { arbitrary: hostValue(ctx.port).map((host): Mutation => ({ kind: "host", host })), weight: 3 },
    { arbitrary: acceptLanguageValue.map((value): Mutation => ({ kind: "language", value })), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom("page", "per_page", "lang", "q", "search", "x"),
          fc.constantFrom(...NUMERIC_JUNK),
        )
        .map(([param, value]): Mutation => ({ kind: "query", param, value })),
      weight: 1,
    },
    {
      arbitrary: credentialHeader(ctx.keys).map((header): Mutation => ({ kind: "credentials", header })),
      weight: 1,
    },
  );
}

/** `step` repeated with `mutation` applied. */
function repeat(step: FuzzStep, mutation: Mutation, delayMs: number): FuzzStep {
  const request = { ...step.request, headers: [...step.request.headers] };
  const without = (names: string[]) => request.headers.filter(([n]) => !names.includes(n.toLowerCase()));
  switch (mutation.kind) {
    case "host":
      request.headers = [["Host", mutation.host], ...without(["host"])];
      break;
    case "language":
      request.headers = [...without(["accept-language"]), ["Accept-Language", mutation.value]];
      break;
    case "query":
      request.target += `${request.target.includes("?") ? "&" : "?"}${mutation.param}=${encodeURIComponent(mutation.value)}`;
      break;
    case "credentials":
      request.headers = without(["authorization", "x-api-key"]);
      if (mutation.header) request.headers.push(mutation.header);
      break;
  }
  return { ...step, delayMs, repeat: true, request };
}

/** Pauses before a repeated request: mostly none, sometimes past the 1 s catalogue-version re-check. */
const pauseArb = fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant(0), weight: 12 }, fc.constantFrom(20, 150));

/** A malformed Host after a pause past the version re-check: re-serving a cached page then is a known crash path. */
function slowRepeatArb(ctx: FuzzContext): fc.Arbitrary<{ mutation: Mutation; delayMs: number }> {
  const mutation = fc.oneof(
    CROSS_SHRINK,
    { arbitrary: junkHostValue.map((host): Mutation => ({ kind: "host", host })), weight: 3 },
    mutationArb(ctx),
  );
  return fc.tuple(mutation, fc.constant(1100)).map(([m, delayMs]) => ({ mutation: m, delayMs }));
}

/**
 * A case: 1–3 requests. The first is generated for any route; each later one is a new request or
 * (more often) the first again, possibly changed (Host, language, one more query parameter,
 * credentials), after a pause.
 */
export function caseArb(routes: RouteSpec[], ctx: FuzzContext): fc.Arbitrary<FuzzStep[]> {
  const anyRequest = fc.oneof(CROSS_SHRINK, ...routes.map((route) => requestArb(route, ctx)));
  const followUp = fc.oneof(
    CROSS_SHRINK,
    { arbitrary: anyRequest.map((step) => ({ step, mutation: null, delayMs: 0 })), weight: 12 },
    {
      arbitrary: fc
        .tuple(mutationArb(ctx), pauseArb)
        .map(([mutation, delayMs]) => ({ step: null, mutation, delayMs })),
      weight: 22,
    },
    { arbitrary: slowRepeatArb(ctx).map((r) => ({ step: null, ...r })), weight: 2 },
  );
  return fc
    .tuple(anyRequest, fc.array(followUp, { maxLength: 2 }))
    .map(([first, rest]) => [
      first,
      ...rest.map((f) => f.step ?? repeat(first, f.mutation as Mutation, f.delayMs)),
    ]);
}
