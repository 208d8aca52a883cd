import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { collectedLog, startTestService, type TestService, until } from "../../test/helpers.ts";
import { rawGet, rawRequest } from "../../test/raw-http.ts";

let s: TestService;
let port: number;
before(async () => {
  s = await startTestService({
    BODY_LIMIT_BYTES: "2048",
    HEADERS_TIMEOUT_MS: "400",
    REQUEST_TIMEOUT_MS: "800",
    KEEP_ALIVE_TIMEOUT_MS: "300",
  });
  port = Number(new URL(s.url("/")).port);
});
after(() => s.close());

const auth = () => ({ host: "localhost", authorization: `Bearer ${s.key}` });

describe("every error body has {message, code}, Fastify's and Node's own too", () => {
  const cases: Array<{ name: string; request: () => string; status: number; code: string }> = [
    {
      name: "lowercase method",
      request: () => rawGet("/v1/ping", auth(), "get"),
      status: 400,
      code: "bad_request",
    },
    {
      name: "unknown method",
      request: () => rawGet("/v1/ping", auth(), "FROB"),
      status: 400,
      code: "bad_request",
    },
    {
      name: "3,000 headers",
      request: () => rawGet("/v1/ping", { ...auth(), ...manyHeaders(3_000) }),
      status: 431,
      code: "headers_too_large",
    },
    {
      name: "a header line of 20 KiB",
      request: () => rawGet("/v1/ping", { ...auth(), "x-long": "a".repeat(20_480) }),
      status: 431,
      code: "headers_too_large",
    },
    {
      name: "control character in a header",
      request: () => rawGet("/v1/ping", { ...auth(), "x-bad": "a\u0001b" }),
      status: 400,
      code: "bad_request",
    },
    {
      name: "URL escape that does not decode",
      request: () => rawGet("/v1/wines/%E0%A4%A", auth()),
      status: 400,
      code: "bad_request",
    },
    {
      name: "path parameter over 100 characters",
      request: () => rawGet(`/v1/wines/${"1".repeat(150)}`, auth()),
      status: 414,
      code: "uri_too_long",
    },
    {
      name: "HTTP/1.1 without Host",
      request: () => `GET /v1/ping HTTP/1.1\r\nAuthorization: Bearer ${s.key}\r\nConnection: close\r\n\r\n`,
      status: 400,
      code: "bad_request",
    },
    {
      name: "an Expect other than 100-continue",
      request: () => rawGet("/health", { host: "localhost", expect: "text/html" }),
      status: 417,
      code: "expectation_failed",
    },
    {
      name: "NUL in a text parameter (PostgreSQL text cannot hold it)",
      request: () => rawGet("/v1/regions?country=%00a", auth()),
      status: 422,
      code: "validation_failed",
    },
    { name: "unknown path", request: () => rawGet("/v1/vineyards", auth()), status: 404, code: "not_found" },
    {
      name: "unsupported method on a known path",
      request: () => rawGet("/v1/wines", auth(), "DELETE"),
      status: 404,
      code: "not_found",
    },
    {
      name: "body over BODY_LIMIT_BYTES",
      request: () => post(JSON.stringify({ photo: "a".repeat(4_000) }), "application/json"),
      status: 413,
      code: "payload_too_large",
    },
    {
      name: "body as text/plain",
      request: () => post("photo=abc", "text/plain"),
      status: 415,
      code: "unsupported_media_type",
    },
    {
      name: "malformed JSON",
      request: () => post('{"photo": ', "application/json"),
      status: 400,
      code: "malformed_json",
    },
    {
      name: "a JSON number beyond double range",
      request: () => post('{"photo": "aGVsbG8=", "x": 1e400}', "application/json"),
      status: 422,
      code: "validation_failed",
    },
    {
      name: "Content-Length that is not a number",
      request: () =>
        `POST /v1/photo/analyze HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: abc\r\n\r\n{}`,
      status: 400,
      code: "bad_request",
    },
  ];
  for (const c of cases) {
    test(`${c.name}: ${c.status} ${c.code}`, async () => {
      const res = await rawRequest(port, c.request());
      assert.equal(res.status, c.status, res.text);
      assert.equal(typeof res.body.message, "string", res.text);
      assert.equal(res.body.code, c.code, res.text);
      assert.match(res.headers["content-type"] ?? "", /^application\/json/);
    });
  }
  test("the service still answers afterwards", async () => {
    assert.equal((await s.request("/ping")).status, 200);
  });
});

describe("numbers that overflow to Infinity: 422 naming the field, before any SQL", () => {
  for (const path of ["/wines", "/producers", "/regions", "/grapes", "/wines/search?q=barolo&"]) {
    for (const [field, value] of [
      ["page", "1e309"],
      ["page", "Infinity"],
      ["per_page", "-1e309"],
      ["per_page", "9".repeat(400)],
    ]) {
      if (path.includes("search") && field === "page") continue;
      const name = path.includes("search") ? "limit" : (field as string);
      const target = `${path}${path.includes("?") ? "" : "?"}${name}=${value}`;
      test(`${target.slice(0, 60)}: 422`, async () => {
        const res = await s.request(target);
        assert.equal(res.status, 422, JSON.stringify(res.body));
        assert.equal(res.body.code, "validation_failed");
        assert.deepEqual(Object.keys(res.body.errors), [name]);
        assert.equal(res.body.errors[name][0], `The ${name} field must be a finite number.`);
      });
    }
  }
});

describe("server timeouts", () => {
  test("headers sent too slowly: 408 request_timeout and the connection closed", async () => {
    const res = await rawRequest(port, ["GET /v1/ping HTTP/1.1\r\n", "Host: localhost\r\n", "X-A: 1\r\n"], {
      gapMs: 150,
      timeoutMs: 10_000,
    });
    assert.equal(res.status, 408, res.text);
    assert.deepEqual(res.body, { message: "The request was not received in time.", code: "request_timeout" });
  });

  test("a body that never completes: 408 and closed", async () => {
    const head = `POST /v1/photo/analyze HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${s.key}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`;
    const res = await rawRequest(port, [head, '{"photo":'], { gapMs: 10, timeoutMs: 10_000 });
    assert.equal(res.status, 408, res.text);
    assert.equal(res.body.code, "request_timeout");
  });

  test("an idle keep-alive connection is closed by the service", async () => {
    const request = rawGet("/health", { host: "localhost", connection: "keep-alive" });
    const res = await rawRequest(port, request, { timeoutMs: 10_000 });
    assert.equal(res.status, 200);
    // rawRequest resolves when the server closes; 10 s would mean it never did.
    assert.ok(res.ms < 10_000, String(res.ms));
  });
});

test("a request arriving while the service closes: 503 {message, code} with Retry-After, not Fastify's body", async () => {
  // A photo whose reading waits for the test holds its connection, and so the closing app, open.
  let reading!: () => void;
  const read = new Promise<void>((resolve) => (reading = resolve));
  let finish!: () => void;
  const log = collectedLog();
  const svc = await startTestService(
    { LOG_LEVEL: "info" },
    {
      logStream: log.stream,
      photoReader: async () => {
        reading();
        await new Promise<void>((resolve) => (finish = resolve));
        return { lines: [], upright: 0 };
      },
    },
  );
  const photo = readFileSync(new URL("../../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
    "base64",
  );
  const body = JSON.stringify({ photo });
  const socket = connect({ port: Number(new URL(svc.url("/")).port), host: "127.0.0.1" });
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  const ended = new Promise((resolve) => socket.on("close", resolve));
  socket.write(
    `POST /v1/photo/analyze HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${svc.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await read;
  const closed = svc.close();
  // The next request on the same connection, sent once the app is closing (pipelined behind the photo).
  socket.write(`GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  // Its answer (ours, or Fastify's own with its log line) is decided before the photo's is sent.
  await until(() => log.lines.some((l) => /shutting down|server is closing/.test(l)), 10_000);
  finish();
  await ended;
  await closed;
  const answers = Buffer.concat(received)
    .toString("utf8")
    .split(/(?=HTTP\/1\.1 )/);
  assert.equal(answers.length, 2, answers.join("\n---\n"));
  assert.match(answers[0] ?? "", /^HTTP\/1\.1 200 /);
  const [head = "", text = ""] = (answers[1] ?? "").split("\r\n\r\n");
  assert.match(head, /^HTTP\/1\.1 503 /);
  assert.deepEqual(JSON.parse(text), {
    message: "The service is shutting down; retry shortly.",
    code: "service_unavailable",
  });
  assert.match(head, /\r\nretry-after: 5\r\n/i);
  assert.match(head, /\r\nconnection: close\r\n/i);
});

function manyHeaders(count: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < count; i++) headers[`x-h${i}`] = String(i);
  return headers;
}

function post(body: string, type: string): string {
  return (
    `POST /v1/photo/analyze HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${s.key}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
