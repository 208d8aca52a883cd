import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { catalogueChanged, linkSource } from "../../../test/catalogue-sources.ts";
import {
  MCP_INITIALIZE,
  postMcpInitialize,
  startTestService,
  type TestService,
} from "../../../test/helpers.ts";
import { offlineGenerator } from "../../app.ts";
import { MCP_TOOL_NAMES } from "./mcp.tools.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

const origin = (service: TestService) => new URL(service.url("/")).origin;

/** An MCP client connected to `service`'s /mcp with `key` (Bearer), or none. */
async function connect(service: TestService, key: string | null): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${origin(service)}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

/** tools/call, typed as the tool result it is. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const summary = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** POST /mcp with `headers`, the initialize message as body. */
const postInitialize = (service: TestService, headers: Record<string, string>) =>
  postMcpInitialize(origin(service), headers);

describe("MCP over Streamable HTTP (/mcp)", () => {
  test("tools/list: ten read-only, idempotent, closed-world tools with JSON-schema inputs", async () => {
    const client = await connect(s, s.key);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        [...MCP_TOOL_NAMES],
      );
      for (const tool of tools) {
        assert.deepEqual(
          { ...tool.annotations, title: undefined },
          { readOnlyHint: true, idempotentHint: true, openWorldHint: false, title: undefined },
          tool.name,
        );
        assert.equal(tool.inputSchema.type, "object");
        const lang = tool.inputSchema.properties?.lang as { enum: string[] };
        assert.deepEqual(lang.enum, ["de", "en", "fr", "it"], tool.name);
        assert.ok(tool.description && tool.description.length > 20, tool.name);
      }
      const search = tools.find((t) => t.name === "search_wines");
      assert.deepEqual(search?.inputSchema.required, ["q"]);
      assert.deepEqual(search?.inputSchema.properties?.q, {
        type: "string",
        minLength: 3,
        maxLength: 200,
        description: "Wine name, producer or both; at least 3 characters",
      });
      const label = tools.find((t) => t.name === "identify_label");
      assert.deepEqual(label?.inputSchema.required, ["photo"]);
    } finally {
      await client.close();
    }
  });

  test("search_wines: the API's answer as structured content, the summary in the language asked", async () => {
    const client = await connect(s, s.key);
    try {
      const result = await call(client, "search_wines", { q: "Barolo", limit: 5, lang: "de" });
      assert.equal(result.isError, undefined, summary(result));
      const direct = await s.request("/wines/search?q=Barolo&limit=5&lang=de");
      assert.equal(direct.status, 200);
      assert.ok(direct.body.data.length > 0);
      assert.deepEqual(result.structuredContent, direct.body);
      assert.match(summary(result), /^\d+ Weine? zu „Barolo“ gefunden: /);
      assert.deepEqual(JSON.parse((result.content[1] as { text: string }).text), direct.body);
      const english = await call(client, "search_wines", { q: "Barolo" });
      assert.match(summary(english), /wines? found for "Barolo"/);
    } finally {
      await client.close();
    }
  });

  test("bad input is a tool error before any request; an unknown wine is the API's 404", async () => {
    const client = await connect(s, s.key);
    try {
      const short = await call(client, "search_wines", { q: "ab" });
      assert.equal(short.isError, true);
      const missing = await call(client, "get_wine", { id: 999_999_999 });
      assert.equal(missing.isError, true);
      assert.deepEqual(missing.structuredContent, {
        error: { status: 404, code: "not_found", message: "Wine not found." },
      });
    } finally {
      await client.close();
    }
  });

  test("find_wine_by_code: by LWIN or any GTIN form, the API's list; none; neither is a tool error", async () => {
    const wine = (await s.request("/wines?per_page=1")).body.data[0].id as number;
    await linkSource(s.app.db, "lwin", "1099001", wine);
    await linkSource(s.app.db, "off", "04006381333931", wine);
    await catalogueChanged(s);
    const client = await connect(s, s.key);
    try {
      const byLwin = await call(client, "find_wine_by_code", { lwin: "1099001", lang: "fr" });
      assert.equal(byLwin.isError, undefined, summary(byLwin));
      const direct = await s.request("/wines?lwin=1099001&lang=fr");
      assert.deepEqual(byLwin.structuredContent, direct.body);
      assert.match(summary(byLwin), new RegExp(`id ${wine}`));
      const byGtin = await call(client, "find_wine_by_code", { gtin: "4006381333931" });
      assert.deepEqual(
        (byGtin.structuredContent as { data: { id: number }[] }).data.map((w) => w.id),
        [wine],
      );
      const none = await call(client, "find_wine_by_code", { lwin: "1099002", lang: "de" });
      assert.equal(none.isError, undefined);
      assert.equal(summary(none), "Kein Wein im Katalog hat diesen Code.");
      const badDigit = await call(client, "find_wine_by_code", { gtin: "4006381333932" });
      assert.equal(badDigit.isError, true);
      assert.equal((badDigit.structuredContent as { error: { status: number } }).error.status, 422);
      const neither = await call(client, "find_wine_by_code", {});
      assert.equal(neither.isError, true);
    } finally {
      await client.close();
    }
  });

  test("identify_label (Enterprise): the photo's wine among the candidates, summary in German", async () => {
    const photo = readFileSync(new URL("../../../test/fixtures/labels/100062.jpeg", import.meta.url));
    const client = await connect(s, s.key);
    try {
      const result = await call(client, "identify_label", {
        photo: photo.toString("base64"),
        max_results: 3,
        lang: "de",
      });
      assert.equal(result.isError, undefined, summary(result));
      const body = result.structuredContent as { message: string; candidates: { id: number }[] };
      assert.equal(body.message, "ok");
      assert.equal(body.candidates[0]?.id, 100062);
      assert.match(summary(result), /^1 Etikett erkannt, [1-3] passende Weine?: /);
    } finally {
      await client.close();
    }
  });

  test("identify_label: the API's 403 for a key without Enterprise; abilities apply per tool", async () => {
    const trial = await connect(s, await s.newKey({ plan: "trial" }));
    try {
      const result = await call(trial, "identify_label", { photo: "aGVsbG8=" });
      assert.equal(result.isError, true);
      assert.deepEqual(result.structuredContent, {
        error: {
          status: 403,
          code: "forbidden",
          message: "This endpoint requires an Enterprise API subscription",
        },
      });
      // The same key may use the other tools.
      assert.equal((await call(trial, "get_region", { id: 1001 })).isError, undefined);
    } finally {
      await trial.close();
    }
    const winesOnly = await connect(s, await s.newKey({ abilities: ["wines:read"] }));
    try {
      assert.equal((await call(winesOnly, "get_wine", { id: 100001 })).isError, undefined);
      const region = await call(winesOnly, "get_region", { id: 1001 });
      assert.equal(region.isError, true);
      assert.equal((region.structuredContent as { error: { code: string } }).error.code, "missing_ability");
    } finally {
      await winesOnly.close();
    }
  });

  test("a missing or invalid key is HTTP 401 before MCP", async () => {
    const wrong = { authorization: "Bearer wds_abcdefgh_0123456789abcdefghijABCDEFGHIJ01" };
    for (const headers of [{}, wrong] as Record<string, string>[]) {
      const res = await postInitialize(s, headers);
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { message: "Unauthenticated." });
    }
    // The SDK's client reports the HTTP status as the error's code.
    await assert.rejects(connect(s, null), (err: { code?: number }) => err.code === 401);
    assert.equal((await postInitialize(s, { authorization: `Bearer ${s.key}` })).status, 200);
  });

  test("malformed POSTs get a 4xx with a JSON body (an unknown tool: an MCP error), never a 5xx", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${origin(s)}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${s.key}`, ...headers },
        body,
      });
    const json = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const cases: [Record<string, string>, string, number][] = [
      [json, JSON.stringify({ photo: "" }), 400],
      [json, "{", 400],
      [{ ...json, accept: "application/json" }, JSON.stringify(MCP_INITIALIZE), 406],
      [{ ...json, "content-type": "text/plain" }, JSON.stringify(MCP_INITIALIZE), 415],
      [
        json,
        JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "drop_table" } }),
        200,
      ],
    ];
    for (const [headers, body, status] of cases) {
      const res = await post(headers, body);
      assert.equal(res.status, status, body);
      assert.equal(typeof (await res.json()), "object", body);
    }
  });

  test("GET and DELETE: 405 with the JSON error body and Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${origin(s)}/mcp`, { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get("allow"), "POST");
      assert.equal(((await res.json()) as { code: string }).code, "method_not_allowed");
    }
  });

  test("/mcp is not in the OpenAPI document", async () => {
    const openapi = (await s.request("/openapi.json", { key: null })).body;
    assert.ok(!Object.keys(openapi.paths).some((p) => p.includes("mcp")));
  });
});

test("the inner-call mark: only this process's token skips counting, a guessed one counts", async () => {
  const inner = s.app.rateLimits.innerCallHeaders();
  assert.equal(s.app.rateLimits.isInnerCall(inner), true);
  const [name = "", token = ""] = Object.entries(inner)[0] ?? [];
  const guessed = `${token.slice(0, -2)}${token.endsWith("AA") ? "AB" : "AA"}`;
  for (const value of [guessed, "", "x".repeat(43)]) {
    assert.equal(s.app.rateLimits.isInnerCall({ [name]: value }), false, value);
  }
  const key = await s.newKey({ rateLimit: 1 });
  assert.equal((await s.request("/ping", { key, headers: { [name]: guessed } })).status, 200);
  assert.equal((await s.request("/ping", { key, headers: { [name]: guessed } })).status, 429);
  // The token itself is never in an answer's headers or body.
  const res = await fetch(`${origin(s)}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${s.key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_wine", arguments: { id: 100001 } },
    }),
  });
  const answer = `${JSON.stringify([...res.headers])}${await res.text()}`;
  assert.ok(answer.includes("Espumante") && !answer.includes(token));
});

describe("texts being written", () => {
  let gated: TestService;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  before(async () => {
    const offline = offlineGenerator();
    const generator = {
      name: offline.name,
      generator: {
        ...offline.generator,
        wineTexts: async (...args: Parameters<typeof offline.generator.wineTexts>) => {
          await gate;
          return offline.generator.wineTexts(...args);
        },
        drinkingPeriod: async (...args: Parameters<typeof offline.generator.drinkingPeriod>) => {
          await gate;
          return offline.generator.drinkingPeriod(...args);
        },
      },
    };
    gated = await startTestService({}, { generator, mcp: { generatingWaitMs: 200, pollMs: 50 } });
  });
  after(() => gated.close());

  test("get_wine and get_drinking_window in German: being written, then the German text", async () => {
    const client = await connect(gated, gated.key);
    try {
      const wine = await call(client, "get_wine", { id: 100003, lang: "de" });
      assert.equal(wine.isError, undefined, summary(wine));
      const early = wine.structuredContent as { description: { language: string }; generating: boolean };
      assert.equal(early.description.language, "en");
      assert.equal(early.generating, true);
      assert.match(summary(wine), /wird gerade geschrieben; bitte in etwa 30 Sekunden erneut fragen/);

      const period = await call(client, "get_drinking_window", { wine_id: 100003, lang: "de" });
      assert.equal(period.isError, undefined);
      assert.deepEqual(period.structuredContent, {
        wine_id: 100003,
        lang: "de",
        generating: true,
        retry_after: 30,
      });

      open();
      let done = wine;
      for (let i = 0; i < 100 && (done.structuredContent as { generating?: boolean }).generating; i++) {
        done = await call(client, "get_wine", { id: 100003, lang: "de" });
      }
      const german = done.structuredContent as { description: { language: string; text: string } };
      assert.equal(german.description.language, "de");
      assert.ok(!summary(done).includes("geschrieben"));
      assert.equal(
        german.description.text,
        (await gated.request("/wines/100003?lang=de")).body.description.text,
      );

      let window = period;
      for (let i = 0; i < 100 && window.structuredContent?.generating; i++) {
        window = await call(client, "get_drinking_window", { wine_id: 100003, lang: "de" });
      }
      assert.equal(window.structuredContent?.lang, "de");
      assert.match(summary(window), /^Trinkfenster: \d+ bis \d+ Jahre nach dem Jahrgang\. /);
    } finally {
      await client.close();
    }
  });
});
