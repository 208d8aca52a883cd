/**
 * Request bodies per route and content type (plugins/request-bodies.ts, issue 33), over real HTTP:
 * the dashboard's forms (listed from the registered routes) refuse JSON with 415 and oversized forms
 * with 413 from the headers alone, the routes without a body refuse one, and each JSON route keeps
 * the limit it is sized for. "From the headers alone" is asserted by sending only the head of a
 * large request: an answer that needed the body would never come.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { FormClient } from "../../test/browser-client.ts";
import { MCP_INITIALIZE, startTestService, type TestService } from "../../test/helpers.ts";
import { type RawAnswer, rawRequest, send } from "../../test/raw-http.ts";
import { FORM_BODY_LIMIT } from "./web-pages.ts";

let s: TestService;
let port: number;
before(async () => {
  s = await startTestService();
  port = Number(new URL(s.url("/")).port);
});
after(() => s.close());

const FORM = "application/x-www-form-urlencoded";
const TEN_MB = 10_000_000;

/** The dashboard's forms: every POST route under /account, as registered (`:prefix` filled in). */
function dashboardForms(): string[] {
  return s.app.routeAccess
    .filter((r) => r.method === "POST" && r.url.startsWith("/account/"))
    .map((r) => r.url.replace(/:\w+/g, "wds_abcdefgh"));
}

/** The head of a request announcing a body of `length` bytes, and no body (`Connection: close`). */
function headOnly(method: string, path: string, headers: Record<string, string | number>): string {
  let text = `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  return `${text}\r\n`;
}

/** Sends only the head: resolves with the answer the service gave without the body (status 0: none). */
const withoutBody = (method: string, path: string, headers: Record<string, string | number>) =>
  rawRequest(port, headOnly(method, path, headers), { timeoutMs: 4_000 });

/** What the service sends back within 1.5 s to `head` alone, as text (the connection left open). */
function firstBytes(head: string): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const socket = connect({ port, host: "127.0.0.1" }, () => socket.write(head));
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 1_500);
  });
}

function assertError(res: RawAnswer, status: number, code: string, what: string) {
  assert.equal(res.status, status, `${what}: ${res.status} ${res.text}`);
  assert.equal(res.body.code, code, what);
  assert.equal(typeof res.body.message, "string", what);
}

/** `[[[…]]]`: the nested JSON of issue 33, `bytes` long. */
const nestedJson = (bytes: number) => `${"[".repeat(bytes / 2)}${"]".repeat(bytes / 2)}`;

describe("the dashboard's forms", () => {
  test("the forms are listed from the routes, and each takes URL-encoded bodies up to the form limit", () => {
    const forms = dashboardForms();
    for (const path of [
      "/signup",
      "/login",
      "/logout",
      "/password",
      "/keys",
      "/plan/upgrade",
      "/plan/cancel",
    ]) {
      assert.ok(forms.includes(`/account${path}`), `${path} in ${forms.join(" ")}`);
    }
    assert.ok(
      forms.some((f) => /^\/account\/keys\/[^/]+\/revoke$/.test(f)),
      forms.join(" "),
    );
    for (const route of s.app.routeAccess.filter(
      (r) => r.method === "POST" && r.url.startsWith("/account/"),
    )) {
      const declared = s.app.bodyRoutes.find((b) => b.method === "POST" && b.url === route.url);
      assert.deepEqual(declared?.policy, { types: [FORM], limitBytes: FORM_BODY_LIMIT }, route.url);
    }
  });

  test("a 10 MB JSON body: 415 from its headers, before a byte of it is read", async () => {
    for (const path of dashboardForms()) {
      const res = await withoutBody("POST", path, {
        "Content-Type": "application/json",
        "Content-Length": TEN_MB,
      });
      assertError(res, 415, "unsupported_media_type", path);
      assert.equal(res.body.message, `The request body must be sent as ${FORM}.`);
      // The same for any other type, or none.
      for (const type of ["text/plain", "multipart/form-data; boundary=x", null]) {
        const other = await withoutBody("POST", path, {
          ...(type === null ? {} : { "Content-Type": type }),
          "Content-Length": 100,
        });
        assertError(other, 415, "unsupported_media_type", `${path} ${type}`);
      }
    }
  });

  test("an oversized form: 413 from its Content-Length; a chunked one is cut at the limit", async () => {
    // Logged in, so that the account pages read the body instead of sending to the log-in page.
    const client = new FormClient(new URL(s.url("/")).origin);
    const signup = await client.submit("/account/signup", {
      name: "Body Limits",
      email: `bodies-${Date.now()}@example.com`,
      password: "correct horse battery",
    });
    assert.equal(signup.status, 303, signup.html);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    for (const path of dashboardForms()) {
      const res = await withoutBody("POST", path, {
        "Content-Type": FORM,
        "Content-Length": FORM_BODY_LIMIT + 1,
      });
      assertError(res, 413, "payload_too_large", path);
      // One chunk past the limit and no end: only a body cut at the limit gets an answer.
      const chunk = `name=${"x".repeat(FORM_BODY_LIMIT)}`;
      const head = headOnly("POST", path, {
        Cookie: cookie,
        "Content-Type": FORM,
        "Transfer-Encoding": "chunked",
      });
      const cut = await rawRequest(port, `${head}${chunk.length.toString(16)}\r\n${chunk}\r\n`, {
        timeoutMs: 4_000,
      });
      assertError(cut, 413, "payload_too_large", `${path}, chunked`);
    }
  });

  test("a logged-in browser's JSON is refused the same way", async () => {
    const page = await fetch(`${new URL(s.url("/")).origin}/account/signup`);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const res = await withoutBody("POST", "/account/signup", {
      Cookie: cookie,
      Accept: "text/html",
      "Content-Type": "application/json",
      "Content-Length": TEN_MB,
    });
    assert.equal(res.status, 415, res.text);
  });

  test("Expect: 100-continue: a refused body is never asked for; a form that is taken is", async () => {
    const expect = { Expect: "100-continue" };
    const json = await withoutBody("POST", "/account/signup", {
      ...expect,
      "Content-Type": "application/json",
      "Content-Length": TEN_MB,
    });
    assert.equal(json.status, 415);
    const big = await withoutBody("POST", "/account/signup", {
      ...expect,
      "Content-Type": FORM,
      "Content-Length": FORM_BODY_LIMIT + 1,
    });
    assert.equal(big.status, 413);
    // A form within the limit: "100 Continue", then (the body sent) the answer: no CSRF token, 403.
    const body = "name=a&email=b%40example.com&password=c";
    const head = headOnly("POST", "/account/signup", {
      ...expect,
      "Content-Type": FORM,
      "Content-Length": body.length,
    });
    const first = await firstBytes(head);
    assert.match(first, /^HTTP\/1\.1 100 Continue\r\n\r\n$/, "asked for the body, no final answer before it");
    const answered = await rawRequest(port, [head, body], { gapMs: 300 });
    assert.equal(answered.status, 403, answered.text);
  });

  test("10 MB bodies sent in full, 4 at a time to every form: refused unread, and /health answers meanwhile", async () => {
    const origin = new URL(s.url("/")).origin;
    const forms = dashboardForms();
    const post = (path: string, body: string, type: string) =>
      send(
        port,
        {
          method: "POST",
          target: path,
          version: "HTTP/1.1",
          headers: [
            ["Host", "localhost"],
            ["Content-Type", type],
          ],
          body,
          framing: "length",
        },
        30_000,
      );
    for (const [body, type, status] of [
      [nestedJson(TEN_MB), "application/json", 415],
      [`name=${"x".repeat(TEN_MB)}`, FORM, 413],
    ] as const) {
      const flood = Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          const answers: string[] = [];
          for (let i = lane; i < forms.length; i += 4) {
            const res = await post(forms[i] as string, body, type);
            answers.push(res.status > 0 ? String(res.status) : (res.error ?? "no answer"));
          }
          return answers;
        }),
      );
      const health = await fetch(`${origin}/health`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: "ok" });
      // The answer, or, when the service closed the connection while the client was still
      // writing the body it does not read, a reset before the answer was read.
      const answers = (await flood).flat();
      assert.equal(answers.length, forms.length);
      for (const answer of answers) assert.match(answer, new RegExp(`^${status}$|ECONNRESET|EPIPE`), type);
    }
    assert.equal((await fetch(`${origin}/health`)).status, 200);
  });
});

describe("routes without a body", () => {
  /** A concrete path for a route pattern (`:id` → an id of the bundled catalogue). */
  const concrete = (url: string) => url.replace(/:\w+/g, "100001");

  test("every registered route that takes no body refuses one from its headers: 413", async () => {
    const takes = new Set(s.app.bodyRoutes.map((r) => `${r.method} ${r.url}`));
    const routes = s.app.routeAccess.filter((r) => !takes.has(`${r.method} ${r.url}`));
    assert.ok(routes.length > 20, String(routes.length));
    assert.ok(!routes.some((r) => r.method === "POST"), "every POST route takes a body");
    for (const route of routes) {
      const res = await withoutBody(route.method, concrete(route.url), {
        Authorization: `Bearer ${s.key}`,
        "Content-Type": "application/json",
        "Content-Length": TEN_MB,
      });
      assert.equal(res.status, 413, `${route.method} ${route.url}: ${res.status} ${res.text}`);
      if (route.method !== "HEAD") {
        assert.deepEqual(res.body, {
          message: "This route takes no request body.",
          code: "payload_too_large",
        });
      }
    }
  });

  test("an unknown path with a body: 404 from its headers", async () => {
    for (const path of ["/nothing", "/v1/vineyards", "/account/nothing"]) {
      const res = await withoutBody("POST", path, {
        "Content-Type": "application/json",
        "Content-Length": TEN_MB,
      });
      assertError(res, 404, "not_found", path);
    }
  });

  test("Content-Length 0 is no body", async () => {
    const res = await rawRequest(
      port,
      headOnly("GET", "/v1/grapes/1", { Authorization: `Bearer ${s.key}`, "Content-Length": 0 }),
    );
    assert.equal(res.status, 200, res.text);
  });
});

describe("JSON routes: each sized for what it carries", () => {
  const json = { "Content-Type": "application/json; charset=utf-8" };

  test("POST /v1/photo/analyze: JSON up to BODY_LIMIT_BYTES, from the headers", async () => {
    const auth = { Authorization: `Bearer ${s.key}` };
    const big = await withoutBody("POST", "/v1/photo/analyze", {
      ...auth,
      ...json,
      "Content-Length": s.config.bodyLimitBytes + 1,
    });
    assertError(big, 413, "payload_too_large", "photo");
    const text = await withoutBody("POST", "/v1/photo/analyze", {
      ...auth,
      "Content-Type": "text/plain",
      "Content-Length": 10,
    });
    assertError(text, 415, "unsupported_media_type", "photo as text");
    // Without a key the key is asked for first.
    const anonymous = await withoutBody("POST", "/v1/photo/analyze", { ...json, "Content-Length": TEN_MB });
    assert.equal(anonymous.status, 401);
  });

  test("POST /mcp: a message of 64 KiB, or with a photo for a key whose plan reads photos", async () => {
    const trial = await s.newKey({ plan: "trial" });
    const padded = (bytes: number) => {
      const message = { ...MCP_INITIALIZE, params: { ...MCP_INITIALIZE.params, padding: "" } };
      message.params.padding = "x".repeat(bytes - JSON.stringify(message).length);
      return JSON.stringify(message);
    };
    const mcp = (key: string, body: string, framing: "length" | "chunked" = "length") =>
      send(port, {
        method: "POST",
        target: "/mcp",
        version: "HTTP/1.1",
        headers: [
          ["Host", "localhost"],
          ["Authorization", `Bearer ${key}`],
          ["Content-Type", "application/json"],
          ["Accept", "application/json, text/event-stream"],
        ],
        body,
        framing,
      });
    const small = padded(60 * 1024);
    const large = padded(200 * 1024);
    assert.equal((await mcp(trial, small)).status, 200);
    const headers = {
      Authorization: `Bearer ${trial}`,
      ...json,
      Accept: "application/json, text/event-stream",
    };
    const refused = await withoutBody("POST", "/mcp", { ...headers, "Content-Length": large.length });
    assertError(refused, 413, "payload_too_large", "mcp, trial");
    // A chunked message: cut past 64 KiB (one chunk of 200 KiB and no end: only a cut answers).
    const chunked = headOnly("POST", "/mcp", { ...headers, "Transfer-Encoding": "chunked" });
    const cut = await rawRequest(port, `${chunked}${large.length.toString(16)}\r\n${large}\r\n`, {
      timeoutMs: 4_000,
    });
    assertError(cut, 413, "payload_too_large", "mcp, trial, chunked");
    assert.equal((await mcp(s.key, large)).status, 200, "Enterprise: room for a photo");
    assert.equal((await mcp(s.key, large, "chunked")).status, 200, "Enterprise, chunked");
    const over = await withoutBody("POST", "/mcp", {
      Authorization: `Bearer ${s.key}`,
      ...json,
      "Content-Length": s.config.bodyLimitBytes + 64 * 1024 + 1,
    });
    assertError(over, 413, "payload_too_large", "mcp over the photo limit");
  });

  test("POST /billing/webhook: JSON up to 1 MiB", async () => {
    const big = await withoutBody("POST", "/billing/webhook", { ...json, "Content-Length": 1024 * 1024 + 1 });
    assertError(big, 413, "payload_too_large", "webhook");
    const text = await withoutBody("POST", "/billing/webhook", {
      "Content-Type": "text/plain",
      "Content-Length": 10,
    });
    assertError(text, 415, "unsupported_media_type", "webhook as text");
  });
});

describe("JSON nesting", () => {
  test("an Enterprise key's 9.4 MB nested JSON to the photo route and to /mcp: 400 before it is parsed", async () => {
    const auth = { authorization: `Bearer ${s.key}`, "content-type": "application/json" };
    const body = nestedJson(9_400_000);
    const [photo, health] = await Promise.all([
      fetch(s.url("/photo/analyze"), { method: "POST", headers: auth, body }),
      // The event loop stays free: /health answers while the body is refused.
      fetch(`${new URL(s.url("/")).origin}/health`),
    ]);
    assert.equal(photo.status, 400);
    assert.deepEqual(await photo.json(), {
      message: "The JSON body nests deeper than 64 levels.",
      code: "malformed_json",
    });
    assert.equal(health.status, 200);
    const mcp = await fetch(`${new URL(s.url("/")).origin}/mcp`, {
      method: "POST",
      headers: { ...auth, accept: "application/json, text/event-stream" },
      body: nestedJson(60_000),
    });
    assert.equal(mcp.status, 400);
    assert.equal(((await mcp.json()) as { code: string }).code, "malformed_json");
  });

  test("brackets inside strings do not count; 64 levels are taken, 65 are not", async () => {
    const auth = { authorization: `Bearer ${s.key}`, "content-type": "application/json" };
    const inString = JSON.stringify({ photo: `${"[".repeat(500)}\\"[[[`, max_results: 1 });
    const res = await fetch(s.url("/photo/analyze"), { method: "POST", headers: auth, body: inString });
    // Parsed, then refused as a photo (not as JSON).
    assert.notEqual(((await res.json()) as { code: string }).code, "malformed_json");
    const deep = (levels: number) =>
      `{"photo":"x","max_results":1,"x":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    const at64 = await fetch(s.url("/photo/analyze"), { method: "POST", headers: auth, body: deep(64) });
    assert.notEqual(((await at64.json()) as { code: string }).code, "malformed_json");
    const at65 = await fetch(s.url("/photo/analyze"), { method: "POST", headers: auth, body: deep(65) });
    assert.equal(((await at65.json()) as { code: string }).code, "malformed_json");
  });
});
