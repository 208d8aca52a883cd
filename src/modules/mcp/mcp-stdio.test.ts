/**
 * `winedata mcp` as a desktop assistant runs it: a separate process on stdio (the SDK's own client
 * spawning `node --import tsx src/cli.ts mcp`), its tools calling a running test service over HTTP.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { apiRootOf } from "./mcp.api-client.ts";
import { MCP_TOOL_NAMES } from "./mcp.tools.ts";

const CLI = ["--import", "tsx", "src/cli.ts", "mcp"];

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

/** An MCP client on a new `winedata mcp` process with `env` (added to PATH and HOME). */
async function spawnMcp(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: CLI,
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stderr: "pipe",
  });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const summary = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** The test service's URL without the API's base path. */
const origin = () => new URL(s.url("")).origin;

describe("winedata mcp (stdio)", () => {
  test("tools/list, search_wines and get_wine against the service; the API's answers", async () => {
    // The service's URL without /v1 (the API root is made from it).
    const client = await spawnMcp({ WINEDATA_URL: origin(), WINEDATA_API_KEY: s.key });
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        [...MCP_TOOL_NAMES],
      );
      assert.ok(
        tools.every((t) => t.annotations?.readOnlyHint === true && t.annotations.idempotentHint === true),
      );

      const search = await call(client, "search_wines", { q: "Barolo", limit: 3, lang: "it" });
      assert.equal(search.isError, undefined, summary(search));
      assert.deepEqual(
        search.structuredContent,
        (await s.request("/wines/search?q=Barolo&limit=3&lang=it")).body,
      );
      assert.match(summary(search), /vin[oi] trovat[oi] per «Barolo»/);

      const wine = await call(client, "get_wine", { id: 100001 });
      assert.equal(wine.isError, undefined, summary(wine));
      assert.deepEqual(wine.structuredContent, (await s.request("/wines/100001?lang=en")).body);
    } finally {
      await client.close();
    }
  });

  test("API errors are tool errors: no Enterprise (403), an unknown key (401)", async () => {
    const trial = await spawnMcp({
      WINEDATA_URL: `${origin()}/`,
      WINEDATA_API_KEY: await s.newKey({ plan: "trial" }),
    });
    try {
      const label = await call(trial, "identify_label", { photo: "aGVsbG8=" });
      assert.equal(label.isError, true);
      assert.deepEqual(label.structuredContent, {
        error: {
          status: 403,
          code: "forbidden",
          message: "This endpoint requires an Enterprise API subscription",
        },
      });
    } finally {
      await trial.close();
    }
    const unknown = await spawnMcp({
      WINEDATA_URL: `${s.url("")}/`,
      WINEDATA_API_KEY: "wds_abcdefgh_0123456789abcdefghijABCDEFGHIJ01",
    });
    try {
      const result = await call(unknown, "get_region", { id: 1001 });
      assert.equal(result.isError, true);
      assert.deepEqual(result.structuredContent, {
        error: { status: 401, code: "unauthenticated", message: "Unauthenticated." },
      });
    } finally {
      await unknown.close();
    }
  });

  test("the API's 429 is a tool error with retry_after; each API request counts over stdio", async () => {
    const client = await spawnMcp({
      WINEDATA_URL: s.url(""),
      WINEDATA_API_KEY: await s.newKey({ rateLimit: 1 }),
    });
    try {
      assert.equal((await call(client, "get_region", { id: 1001 })).isError, undefined);
      const over = await call(client, "get_region", { id: 1001 });
      assert.equal(over.isError, true);
      const error = (over.structuredContent as { error: Record<string, unknown> }).error;
      assert.deepEqual(
        [error.status, error.code, error.message],
        [429, "rate_limited", "Too Many Attempts."],
      );
      assert.ok(Number(error.retry_after) >= 1 && Number(error.retry_after) <= 60, String(error.retry_after));
    } finally {
      await client.close();
    }
  });

  test("a service that does not answer is a tool error 503 naming the URL", async () => {
    const client = await spawnMcp({ WINEDATA_URL: "http://127.0.0.1:9/v1", WINEDATA_API_KEY: s.key });
    try {
      const result = await call(client, "get_wine", { id: 100001 });
      assert.equal(result.isError, true);
      const error = (result.structuredContent as { error: { status: number; code: string; message: string } })
        .error;
      assert.deepEqual([error.status, error.code], [503, "service_unavailable"]);
      assert.match(error.message, /^The Wine Data Service at http:\/\/127\.0\.0\.1:9\/v1 does not answer/);
      assert.ok(!error.message.includes(s.key.slice(13)));
    } finally {
      await client.close();
    }
  });

  test("WINEDATA_URL with or without /v1 and a trailing slash: the API root", () => {
    const roots = [
      "http://h.example:8080",
      "http://h.example/",
      "https://h.example/v1/",
      "https://h.example/wine",
    ];
    assert.deepEqual(
      roots.map((u) => apiRootOf(new URL(u))),
      [
        "http://h.example:8080/v1",
        "http://h.example/v1",
        "https://h.example/v1",
        "https://h.example/wine/v1",
      ],
    );
    assert.equal(apiRootOf(new URL("https://v1")), "https://v1/v1");
  });

  test("without WINEDATA_API_KEY the command stops with exit code 2 and says why", async () => {
    const run = promisify(execFile);
    await assert.rejects(
      run(process.execPath, CLI, { cwd: process.cwd(), env: { PATH: process.env.PATH ?? "" } }),
      (err: { code?: number; stderr?: string }) =>
        err.code === 2 && /WINEDATA_API_KEY must be set/.test(err.stderr ?? ""),
    );
  });
});
