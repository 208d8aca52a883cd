/**
 * The header rules of plugins/security-headers.ts and plugins/link-base.ts (issue 33), each over
 * every registered route it applies to (`app.routeAccess`, like modules/api-keys/auth.test.ts) and
 * over the answers no route gives (404, the router's and Node's own errors, /docs):
 * nosniff and no framing on every answer; HSTS only over HTTPS; `Cache-Control: no-store` on /v1/ping
 * and on every 401 and 403; two Host headers refused.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FormClient } from "../../test/browser-client.ts";
import { startTestService, type TestService } from "../../test/helpers.ts";
import { type RawAnswer, rawGet, rawRequest } from "../../test/raw-http.ts";

let s: TestService;
let proxied: TestService;
before(async () => {
  [s, proxied] = await Promise.all([startTestService(), startTestService({ TRUST_PROXY: "true" })]);
});
after(() => Promise.all([s.close(), proxied.close()]));

const portOf = (service: TestService) => Number(new URL(service.url("/")).port);

/** A concrete path for a route pattern: ids of the bundled catalogue, any key prefix. */
const concrete = (url: string) =>
  url.replace(/:\w+/g, (param) => (param === ":prefix" ? "wds_abcdefgh" : "100001"));

/** Paths served by no route of `app.routeAccess` (registered before the auth plugin, or none). */
const OTHER_PATHS = [
  "/docs",
  "/docs/",
  "/docs/static/index.css",
  "/docs/json",
  "/v1/vineyards",
  "/account/nothing",
];

/** `[what, answer]` for every registered route (with `headers`), the paths above and Node's and the router's own errors. */
async function everyAnswer(
  service: TestService,
  headers: Record<string, string>,
): Promise<[string, RawAnswer][]> {
  const port = portOf(service);
  const answers: [string, RawAnswer][] = [];
  const requests: [string, string][] = [
    ...service.app.routeAccess.map((r): [string, string] => [
      `${r.method} ${r.url}`,
      rawGet(concrete(r.url), { host: "localhost", ...headers }, r.method),
    ]),
    ...OTHER_PATHS.map((p): [string, string] => [`GET ${p}`, rawGet(p, { host: "localhost", ...headers })]),
    ["a URL that does not decode", rawGet("/v1/%zz", { host: "localhost", ...headers })],
    ["a malformed request line", "GET /health HTTP/1.1 x\r\n\r\n"],
    ["an Expect other than 100-continue", rawGet("/health", { host: "localhost", expect: "x" })],
  ];
  for (const [what, request] of requests) answers.push([what, await rawRequest(port, request)]);
  return answers;
}

describe("on every answer", () => {
  test("X-Content-Type-Options: nosniff, X-Frame-Options: DENY and CSP frame-ancestors 'none'", async () => {
    const variants: Record<string, string>[] = [
      { authorization: `Bearer ${s.key}` },
      { accept: "text/html" },
    ];
    for (const headers of variants) {
      const answers = await everyAnswer(s, headers);
      assert.ok(answers.length > 40, String(answers.length));
      for (const [what, res] of answers) {
        assert.ok(res.status > 0, `${what}: no answer`);
        assert.equal(res.headers["x-content-type-options"], "nosniff", what);
        assert.equal(res.headers["x-frame-options"], "DENY", what);
        assert.match(
          res.headers["content-security-policy"] ?? "",
          /(^|;) ?frame-ancestors 'none'(;|$)/,
          what,
        );
      }
    }
  });

  test("the JSON API loads nothing; the dashboard's and /docs' pages keep their own CSP", async () => {
    const port = portOf(s);
    const csp = async (path: string) =>
      (await rawRequest(port, rawGet(path, { host: "localhost", authorization: `Bearer ${s.key}` }))).headers[
        "content-security-policy"
      ];
    for (const path of ["/v1/wines/100001", "/v1/nothing", "/openapi.json", "/llms.txt", "/health"]) {
      assert.equal(await csp(path), "default-src 'none'; frame-ancestors 'none'", path);
    }
    for (const path of ["/account/login", "/docs/"]) {
      const policy = (await csp(path)) ?? "";
      assert.match(policy, /script-src 'self'/, path);
      assert.match(policy, /frame-ancestors 'none'/, path);
      assert.doesNotMatch(policy, /upgrade-insecure-requests/, `${path}: served over plain HTTP too`);
    }
  });
});

describe("Strict-Transport-Security only over HTTPS", () => {
  test("none over plain HTTP, whatever X-Forwarded-Proto says to a service that does not trust it", async () => {
    const variants: Record<string, string>[] = [
      { authorization: `Bearer ${s.key}` },
      { "x-forwarded-proto": "https" },
    ];
    for (const headers of variants) {
      for (const [what, res] of await everyAnswer(s, headers)) {
        assert.equal(res.headers["strict-transport-security"], undefined, what);
      }
    }
  });

  test("on every route's answer through a trusted proxy that says HTTPS; none when it says HTTP", async () => {
    const https = await everyAnswer(proxied, {
      authorization: `Bearer ${proxied.key}`,
      "x-forwarded-proto": "https",
    });
    // Not where the proxy's headers are never read: Node's own answers (no request was made of the
    // bytes) and the router's (Fastify builds that request without the trusted-proxy rules).
    for (const [what, res] of https.filter(([w]) => !/malformed|Expect|does not decode/.test(w))) {
      assert.equal(res.headers["strict-transport-security"], "max-age=31536000; includeSubDomains", what);
    }
    for (const [what, res] of await everyAnswer(proxied, { "x-forwarded-proto": "http" })) {
      assert.equal(res.headers["strict-transport-security"], undefined, what);
    }
  });
});

describe("Cache-Control: no-store", () => {
  const cacheControl = (res: { headers: Headers }) => res.headers.get("cache-control");

  test("/v1/ping: it names the account", async () => {
    const res = await s.request("/ping");
    assert.equal(res.status, 200);
    assert.equal(cacheControl(res), "no-store");
  });

  test("every 401 and 403 of every route that needs a key", async () => {
    const routes = s.app.routeAccess.filter((r) => r.ability !== undefined && r.method !== "HEAD");
    assert.ok(routes.some((r) => r.url === "/mcp"));
    const expired = await s.newKey({ plan: "trial" });
    s.clock.advanceDays(15);
    try {
      for (const route of routes) {
        const path = route.url.startsWith(s.config.basePath)
          ? concrete(route.url.slice(s.config.basePath.length))
          : route.url;
        const body = route.method === "POST" ? { photo: "" } : undefined;
        const answers = [
          await s.request(path, { key: null, body }),
          await s.request(path, { key: "wds_abcdefgh_0123456789abcdefghijABCDEFGHIJ01", body }),
          await s.request(path, { key: expired, body }),
        ];
        if (route.ability) {
          const other = route.ability === "wines:read" ? "regions:read" : "wines:read";
          answers.push(await s.request(path, { key: await s.newKey({ abilities: [other] }), body }));
        }
        assert.deepEqual(
          answers.map((a) => a.status),
          [401, 401, 403, ...(route.ability ? [403] : [])],
          `${route.method} ${route.url}`,
        );
        for (const answer of answers)
          assert.equal(cacheControl(answer), "no-store", `${route.method} ${route.url}`);
      }
    } finally {
      s.clock.advanceDays(-15);
    }
  });

  test("the 403s of the Enterprise gate, of /mcp's host check and of a form without its CSRF token", async () => {
    const trial = await s.newKey({ plan: "trial" });
    const photo = await s.request("/photo/analyze", { key: trial, body: { photo: "AAAA" } });
    assert.deepEqual([photo.status, photo.body.code, cacheControl(photo)], [403, "forbidden", "no-store"]);
    const port = portOf(s);
    const mcp = await rawRequest(
      port,
      rawGet(
        "/mcp",
        { host: "evil.example", authorization: `Bearer ${s.key}`, "content-length": "0" },
        "POST",
      ),
    );
    assert.deepEqual([mcp.status, mcp.headers["cache-control"]], [403, "no-store"]);
    const form = await new FormClient(new URL(s.url("/")).origin).post(
      "/account/login",
      { email: "a@example.com", password: "x" },
      null,
    );
    assert.deepEqual([form.status, cacheControl(form)], [403, "no-store"]);
  });
});

describe("Host", () => {
  test("two Host headers: 400 bad_request on every registered route, the dashboard's pages included", async () => {
    const port = portOf(s);
    const paths = [
      ...s.app.routeAccess.map((r) => [r.method, concrete(r.url)] as const),
      ...OTHER_PATHS.map((p) => ["GET", p] as const),
    ];
    for (const [method, path] of paths) {
      for (const accept of ["application/json", "text/html"]) {
        const res = await rawRequest(
          port,
          `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nAccept: ${accept}\r\nAuthorization: Bearer ${s.key}\r\nConnection: close\r\n\r\n`,
        );
        assert.equal(res.status, 400, `${method} ${path} (${accept}): ${res.text.slice(0, 200)}`);
        if (method !== "HEAD" && /json/.test(res.headers["content-type"] ?? "")) {
          assert.deepEqual(res.body, {
            message: "The request has more than one Host header.",
            code: "bad_request",
          });
        }
      }
    }
    // One Host, as usual.
    const one = await rawRequest(
      port,
      rawGet("/v1/ping", { host: "localhost", authorization: `Bearer ${s.key}` }),
    );
    assert.equal(one.status, 200);
  });
});
