/**
 * `/mcp` access over real HTTP: what a POST counts against the key's minute and the account's day
 * (every tool call, in a batch too), JSON-RPC batches by protocol version, and the DNS rebinding
 * checks of Host and Origin (port and scheme included, PUBLIC_URL, a trusted proxy).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_INITIALIZE, startTestService, type TestService } from "../../../test/helpers.ts";
import { send } from "../../../test/raw-http.ts";
import { findKeyByPrefix } from "../api-keys/api-keys.repository.ts";
import { findJob } from "../content/jobs.repository.ts";
import { allowedHostnames, hostnameOf, originOf } from "./mcp.routes.ts";

let s: TestService;
before(async () => {
  // A tool asking for a text being written answers at once that it is (its job queued).
  s = await startTestService({}, { mcp: { generatingWaitMs: 0, pollMs: 10 } });
});
after(() => s.close());

const origin = (service: TestService) => new URL(service.url("/")).origin;
const port = (service: TestService) => Number(new URL(service.url("/")).port);

/** A `tools/call` message (JSON-RPC request `id`). */
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

/** `get_drinking_window` in French of each wine: each one that runs queues a generation job. */
const frenchWindows = (ids: number[]) =>
  ids.map((wineId, i) => toolCall(i + 1, "get_drinking_window", { wine_id: wineId, lang: "fr" }));

/** POST /mcp with `key` and `body` (JSON), MCP's Accept and, when given, `MCP-Protocol-Version`. */
function postMcp(key: string, body: unknown, protocolVersion?: string): Promise<Response> {
  return fetch(`${origin(s)}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(protocolVersion === undefined ? {} : { "mcp-protocol-version": protocolVersion }),
    },
    body: JSON.stringify(body),
  });
}

/** Requests counted today for the account of `key` ("Requests today" on the dashboard). */
async function requestsToday(key: string): Promise<number> {
  const row = await findKeyByPrefix(s.app.db, key.slice(0, 12));
  assert.ok(row);
  const usage = await s.app.rateLimits.dailyUsage(row.account_id, s.clock.now(), 1);
  return usage[0]?.requests ?? 0;
}

/** Ids of `n` catalogue wines from list page `page` (each test its own page: no shared texts). */
async function wineIds(page: number, n = 3): Promise<number[]> {
  const res = await s.request(`/wines?per_page=${n}&page=${page}`);
  assert.equal(res.status, 200);
  return res.body.data.map((wine: { id: number }) => wine.id);
}

/** Whether a French drinking-period job exists for each wine (a tool that ran queued one). */
const jobsQueued = (ids: number[]) =>
  Promise.all(ids.map(async (id) => (await findJob(s.app.db, "drinking_period", id, "fr")) !== undefined));

describe("/mcp counts every tool call", () => {
  test("a batch of 3 tool calls from a key limited to 2 a minute: 429 rate_limited, no tool ran", async () => {
    const key = await s.newKey({ rateLimit: 2 });
    const wines = await wineIds(11);
    const res = await postMcp(key, frenchWindows(wines));
    assert.equal(res.status, 429);
    assert.deepEqual(await res.json(), {
      message: "Too Many Attempts.",
      code: "rate_limited",
      retry_after: Number(res.headers.get("retry-after")),
    });
    assert.ok(Number(res.headers.get("retry-after")) >= 1);
    assert.equal(res.headers.get("x-ratelimit-limit"), "2");
    assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
    assert.deepEqual(await jobsQueued(wines), [false, false, false]);
    // Refused by the minute limit: not counted toward the day, as a single refused request.
    assert.equal(await requestsToday(key), 1);

    // The same batch from a key with room for it runs every call (each queues its French text).
    const roomy = await s.newKey({ rateLimit: 3 });
    const others = await wineIds(12);
    const ok = await postMcp(roomy, frenchWindows(others));
    assert.equal(ok.status, 200);
    const answers = (await ok.json()) as { id: number; result: CallToolResult }[];
    assert.deepEqual(answers.map((a) => a.id).sort(), [1, 2, 3]);
    assert.ok(answers.every((a) => a.result.isError === undefined));
    assert.equal(ok.headers.get("x-ratelimit-remaining"), "0");
    assert.deepEqual(await jobsQueued(others), [true, true, true]);
    assert.equal((await postMcp(roomy, toolCall(1, "get_region", { id: 1001 }))).status, 429);
  });

  test("n tool calls move the day's count by n; a POST without one by one", async () => {
    const key = await s.newKey({ plan: "trial" });
    assert.equal(await requestsToday(key), 0);
    assert.equal((await postMcp(key, MCP_INITIALIZE)).status, 200);
    assert.equal(await requestsToday(key), 1);
    const list = { jsonrpc: "2.0", id: 7, method: "tools/list" };
    assert.equal((await postMcp(key, list, "2025-06-18")).status, 200);
    assert.equal(await requestsToday(key), 2);
    assert.equal((await postMcp(key, toolCall(1, "get_region", { id: 1001 }), "2025-06-18")).status, 200);
    assert.equal(await requestsToday(key), 3);
    const batch = (await wineIds(14, 4)).map((id, i) => toolCall(i + 1, "get_wine", { id }));
    assert.equal((await postMcp(key, batch)).status, 200);
    assert.equal(await requestsToday(key), 7);
    // A batch with one tool call and a list counts one.
    assert.equal(
      (await postMcp(key, [list, toolCall(1, "get_region", { id: 1001 })], "2025-03-26")).status,
      200,
    );
    assert.equal(await requestsToday(key), 8);
  });

  test("a batch past the daily budget: 429 quota_exceeded, no tool ran", async () => {
    const key = await s.newKey({ plan: "trial" }); // 1,000 requests a day
    const row = await findKeyByPrefix(s.app.db, key.slice(0, 12));
    assert.ok(row);
    await s.app.rateLimits.hitDay(row.account_id, null, s.clock.now(), 998);
    const wines = await wineIds(13);
    const res = await postMcp(key, frenchWindows(wines));
    assert.equal(res.status, 429);
    const body = (await res.json()) as { code: string; retry_after: number };
    assert.equal(body.code, "quota_exceeded");
    assert.equal(Number(res.headers.get("retry-after")), body.retry_after);
    assert.deepEqual(await jobsQueued(wines), [false, false, false]);
  });

  test("batches: refused (400, JSON-RPC error) under 2025-06-18 and later, each call counted under 2025-03-26", async () => {
    const key = await s.newKey();
    const batch = [toolCall(1, "get_region", { id: 1001 }), toolCall(2, "get_region", { id: 1002 })];
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const before = await requestsToday(key);
      const res = await postMcp(key, batch, version);
      assert.equal(res.status, 400, version);
      assert.deepEqual(await res.json(), {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: `Invalid Request: MCP protocol version ${version} has no JSON-RPC batches (only 2025-03-26 has them); send one message per POST.`,
        },
      });
      // Refused before any tool: counted once, as any POST.
      assert.equal(await requestsToday(key), before + 1, version);
    }
    const before = await requestsToday(key);
    const res = await postMcp(key, batch, "2025-03-26");
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as unknown[]).length, 2);
    assert.equal(await requestsToday(key), before + 2);
  });

  test("an MCP client's session: each POST counts once; the tools' API requests do not", async () => {
    const key = await s.newKey({ rateLimit: 4 });
    const client = new Client({ name: "mcp-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin(s)}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    ); // POSTs 1 and 2: initialize, notifications/initialized
    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
    try {
      // Each makes one POST, and at least one API request inside it that must not count.
      assert.equal((await call("list_wines", { per_page: 3 })).isError, undefined);
      assert.equal((await call("get_region", { id: 1001 })).isError, undefined);
      await assert.rejects(
        call("get_region", { id: 1001 }),
        (err: { code?: number; message: string }) =>
          err.code === 429 && err.message.includes("Too Many Attempts"),
      );
    } finally {
      await client.close();
    }
    assert.equal(await requestsToday(key), 4);
  });
});

describe("/mcp DNS rebinding protection", () => {
  let proxied: TestService;
  before(async () => {
    proxied = await startTestService({ PUBLIC_URL: "https://wine.example.com/api", TRUST_PROXY: "true" });
  });
  after(() => proxied.close());

  /** The initialize POST to `service` over a raw socket with `headers` (Host among them). */
  const raw = (service: TestService, headers: [string, string][]) =>
    send(port(service), {
      method: "POST",
      target: "/mcp",
      version: "HTTP/1.1",
      headers: [
        ["Authorization", `Bearer ${service.key}`],
        ["Content-Type", "application/json"],
        ["Accept", "application/json, text/event-stream"],
        ...headers,
      ],
      body: JSON.stringify(MCP_INITIALIZE),
      framing: "length",
    });

  test("a foreign Host gets 403 with the JSON error body; a loopback one is served", async () => {
    const foreign = await raw(s, [["Host", `evil.example:${port(s)}`]]);
    assert.equal(foreign.status, 403);
    assert.deepEqual(JSON.parse(foreign.body), {
      message: `The host evil.example:${port(s)} is not allowed for /mcp.`,
      code: "forbidden",
    });
    const own = await raw(s, [["Host", `localhost:${port(s)}`]]);
    assert.equal(own.status, 200, own.body);
  });

  test("Origin must be the request's own origin: scheme, host and port", async () => {
    const host = `127.0.0.1:${port(s)}`;
    const refused = [
      "http://127.0.0.1:9999",
      `https://127.0.0.1:${port(s)}`,
      `http://localhost:${port(s)}`,
      "http://127.0.0.1",
      "http://evil.example",
      "null",
    ];
    for (const value of refused) {
      const res = await raw(s, [
        ["Host", host],
        ["Origin", value],
      ]);
      assert.equal(res.status, 403, value);
      assert.deepEqual(JSON.parse(res.body), {
        message: "The Origin of this request is not allowed for /mcp.",
        code: "forbidden",
      });
    }
    for (const value of [`http://127.0.0.1:${port(s)}`, `HTTP://127.0.0.1:${port(s)}/`]) {
      const res = await raw(s, [
        ["Host", host],
        ["Origin", value],
      ]);
      assert.equal(res.status, 200, value);
    }
    // Without Origin (not a browser) the Host check alone applies.
    assert.equal((await raw(s, [["Host", host]])).status, 200);
  });

  test("PUBLIC_URL's origin is accepted, another port or scheme of its host is not", async () => {
    const host = ["Host", `127.0.0.1:${port(proxied)}`] as [string, string];
    for (const [value, status] of [
      ["https://wine.example.com", 200],
      ["https://wine.example.com:443", 200],
      ["https://wine.example.com:8443", 403],
      ["http://wine.example.com", 403],
    ] as const) {
      const res = await raw(proxied, [host, ["Origin", value]]);
      assert.equal(res.status, status, value);
    }
  });

  test("behind a trusted proxy: the origin of X-Forwarded-Proto and -Host", async () => {
    const forwarded: [string, string][] = [
      ["Host", `127.0.0.1:${port(proxied)}`],
      ["X-Forwarded-Proto", "https"],
      ["X-Forwarded-Host", "localhost:8443"],
    ];
    for (const [value, status] of [
      ["https://localhost:8443", 200],
      ["https://localhost:9443", 403],
      ["http://localhost:8443", 403],
      [`http://127.0.0.1:${port(proxied)}`, 403],
    ] as const) {
      const res = await raw(proxied, [...forwarded, ["Origin", value]]);
      assert.equal(res.status, status, value);
    }
  });

  test("allowed host names: PUBLIC_URL's, HOST's unless a wildcard, loopback; origins", () => {
    assert.deepEqual([...allowedHostnames("https://API.example.com/wine", "0.0.0.0")].sort(), [
      "127.0.0.1",
      "[::1]",
      "api.example.com",
      "localhost",
    ]);
    assert.ok(allowedHostnames(null, "10.0.0.5").has("10.0.0.5"));
    assert.ok(allowedHostnames(null, "::1").has("[::1]"));
    assert.deepEqual(["[::1]:8080", "Example.com:80", "example.com", "[::1]"].map(hostnameOf), [
      "[::1]",
      "example.com",
      "example.com",
      "[::1]",
    ]);
    assert.deepEqual(
      [
        "https://API.example.com:443/wine",
        "http://[::1]:8080",
        "null",
        "file:///x",
        "http://a, http://b",
      ].map(originOf),
      ["https://api.example.com", "http://[::1]:8080", null, null, null],
    );
  });
});
