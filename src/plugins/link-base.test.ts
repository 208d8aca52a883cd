import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../test/helpers.ts";
import { rawGet, rawRequest } from "../../test/raw-http.ts";

let s: TestService;
let proxied: TestService;
let published: TestService;
before(async () => {
  [s, proxied, published] = await Promise.all([
    startTestService(),
    startTestService({ TRUST_PROXY: "true" }),
    startTestService({ PUBLIC_URL: "https://wine.example.com/api/" }),
  ]);
});
after(() => Promise.all([s.close(), proxied.close(), published.close()]));

const portOf = (service: TestService) => Number(new URL(service.url("/")).port);
const get = (service: TestService, path: string, headers: Record<string, string | null>) =>
  rawRequest(portOf(service), rawGet(path, { authorization: `Bearer ${service.key}`, ...headers }));

const LISTS = [
  "/v1/wines?per_page=2",
  "/v1/producers?per_page=2",
  "/v1/regions?per_page=2",
  "/v1/grapes?per_page=3",
];
// Ports: 65535 is the largest (RFC 6335 §6); 65536 and above are refused, with names and IP literals alike.
const BAD_HOSTS = [
  "[::1",
  "%00",
  "ex ample",
  "",
  "127.0.0.1:99999",
  "127.0.0.1:65536",
  "wine.example:65536",
  "[::1]:65536",
  "localhost:123456",
  "a/b",
  "[zz]:80",
  "x@y",
  "ä.example",
];

describe("Host header", () => {
  for (const host of BAD_HOSTS) {
    test(`Host ${JSON.stringify(host)}: 400 bad_request on every list, the service keeps answering`, async () => {
      for (const path of LISTS) {
        const res = await get(s, path, { host });
        assert.equal(res.status, 400, `${path}: ${res.text}`);
        assert.deepEqual(res.body, {
          message: "The Host header is not a valid host name and port.",
          code: "bad_request",
        });
      }
      assert.equal((await s.request("/health")).status, 200);
    });
  }

  test("a cached page asked again with a bad Host after the version re-check: 400, no crash", async () => {
    // Once killed the process: the cached page's links were rebuilt from the bad Host inside a
    // promise callback of the response cache (an unhandled rejection).
    assert.equal((await get(s, "/v1/grapes?per_page=3", { host: "localhost" })).status, 200);
    await new Promise((r) => setTimeout(r, 1_200));
    for (const host of ["127.0.0.1:99999", "[::1"]) {
      assert.equal((await get(s, "/v1/grapes?per_page=3", { host })).status, 400);
    }
    assert.equal((await get(s, "/v1/grapes?per_page=3", { host: "localhost" })).status, 200);
    assert.equal(s.app.processErrors.unhandledRejections, 0);
  });

  test("valid hosts (names, IPv4, IPv6, ports) give links on that host", async () => {
    for (const host of [
      "wine.example",
      "127.0.0.1:8080",
      "[::1]:9000",
      "my_host.local:",
      "wine.example:65535",
      "[::1]:0",
    ]) {
      const res = await get(s, "/v1/grapes?per_page=3&search=pinot", { host });
      assert.equal(res.status, 200, res.text);
      const base = host.endsWith(":") ? host.slice(0, -1) : host;
      assert.equal(res.body.links.first, `http://${host}/v1/grapes?per_page=3&search=pinot&page=1`, base);
    }
  });

  test("HTTP/1.0 without Host: links name the address the request reached", async () => {
    const res = await rawRequest(
      portOf(s),
      `GET /v1/grapes?per_page=3 HTTP/1.0\r\nAuthorization: Bearer ${s.key}\r\n\r\n`,
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.links.next, `http://127.0.0.1:${portOf(s)}/v1/grapes?per_page=3&page=2`);
  });
});

describe("trusted proxy", () => {
  const honoured: Array<[string, Record<string, string>, string]> = [
    [
      "X-Forwarded-Host and -Proto make the links",
      { "x-forwarded-host": "wine.example.com", "x-forwarded-proto": "https" },
      "https://wine.example.com",
    ],
    [
      "the largest port forwarded",
      { "x-forwarded-host": "wine.example.com:65535", "x-forwarded-proto": "https" },
      "https://wine.example.com:65535",
    ],
    [
      "an empty forwarded value is no value: the request's own scheme and Host",
      { "x-forwarded-host": "", "x-forwarded-proto": "" },
      "http://internal:8080",
    ],
  ];
  for (const [name, forwarded, origin] of honoured) {
    test(name, async () => {
      const res = await get(proxied, "/v1/grapes?per_page=3", { host: "internal:8080", ...forwarded });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.links.next, `${origin}/v1/grapes?per_page=3&page=2`);
    });
  }

  test("malformed forwarded values: 400 bad_request, never a 500", async () => {
    const cases: Array<Record<string, string>> = [
      { "x-forwarded-host": "ex ample" },
      { "x-forwarded-host": "a.example:70000" },
      { "x-forwarded-host": "a.example:65536" },
      { "x-forwarded-proto": "javascript" },
      { "x-forwarded-proto": "ht tp" },
    ];
    for (const forwarded of cases) {
      const res = await get(proxied, "/v1/wines?per_page=2", { host: "internal", ...forwarded });
      assert.equal(res.status, 400, `${JSON.stringify(forwarded)}: ${res.text}`);
      assert.equal(res.body.code, "bad_request");
    }
  });

  test("untrusted: forwarded headers are ignored", async () => {
    const res = await get(s, "/v1/grapes?per_page=3", {
      host: "wine.example",
      "x-forwarded-host": "ex ample",
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.links.next, "http://wine.example/v1/grapes?per_page=3&page=2");
  });
});

describe("PUBLIC_URL", () => {
  test("links start with PUBLIC_URL whatever Host and X-Forwarded-* say, cached or not", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(published, "/v1/regions?per_page=2&country=fr", {
        host: "10.0.0.7:8080",
        "x-forwarded-host": "evil.example",
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.links, {
        first: "https://wine.example.com/api/v1/regions?per_page=2&country=fr&page=1",
        last: `https://wine.example.com/api/v1/regions?per_page=2&country=fr&page=${res.body.meta.last_page}`,
        prev: null,
        next: "https://wine.example.com/api/v1/regions?per_page=2&country=fr&page=2",
      });
    }
  });

  test("a malformed Host is still refused (RFC 9112 §3.2)", async () => {
    const res = await get(published, "/v1/wines?per_page=2", { host: "ex ample" });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, "bad_request");
  });
});
