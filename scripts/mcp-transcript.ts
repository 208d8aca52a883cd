/**
 * Prints a JSON-RPC transcript of one MCP session over each transport against a running service:
 * initialize, notifications/initialized, tools/list, tools/call search_wines, tools/call get_wine.
 *
 *   WINEDATA_API_KEY=wds_… tsx scripts/mcp-transcript.ts [--url http://127.0.0.1:8080] [--base /v1]
 *                                                         [--transport http|stdio|both] [--full]
 *
 * HTTP: POSTs to <url>/mcp with the key as Bearer. stdio: spawns `node --import tsx src/cli.ts mcp`
 * with WINEDATA_URL=<url><base>. Long strings and lists are abridged unless --full. The key is never
 * printed (shown as wds_…).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8080" },
    base: { type: "string", default: "/v1" },
    transport: { type: "string", default: "both" },
    full: { type: "boolean", default: false },
  },
});
const key = process.env.WINEDATA_API_KEY;
if (!key) {
  console.error("Set WINEDATA_API_KEY to an API key.");
  process.exit(2);
}
const origin = String(values.url).replace(/\/+$/, "");

/** Messages of the session; ids on requests, none on the notification. */
const SESSION: Record<string, unknown>[] = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "mcp-transcript", version: "1.0.0" },
    },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
  {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "search_wines", arguments: { q: "Barolo", limit: 3, lang: "de" } },
  },
  {
    jsonrpc: "2.0",
    id: 4,
    method: "tools/call",
    params: { name: "get_wine", arguments: { id: 100001, lang: "de" } },
  },
];

/** `value` with strings over 140 characters and lists over 10 items shortened (unless --full). */
function abridge(value: unknown, depth = 0): unknown {
  if (values.full) return value;
  if (typeof value === "string")
    return value.length > 140 ? `${value.slice(0, 140)}… (${value.length} chars)` : value;
  if (Array.isArray(value)) {
    const shown = value.slice(0, 10).map((v) => abridge(v, depth + 1));
    return value.length > 10 ? [...shown, `… ${value.length - 10} more`] : shown;
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridge(v, depth + 1)]));
  }
  return value;
}

const show = (arrow: string, message: unknown) => console.log(`${arrow} ${JSON.stringify(abridge(message))}`);

async function overHttp(): Promise<void> {
  console.log(`\n## HTTP: POST ${origin}/mcp (Authorization: Bearer wds_…)\n`);
  for (const message of SESSION) {
    show("→", message);
    const res = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify(message),
    });
    const text = await res.text();
    const limit = res.headers.get("x-ratelimit-remaining");
    const status = `HTTP ${res.status}${limit === null ? "" : `, X-RateLimit-Remaining ${limit}`}`;
    if (text === "") console.log(`← (${status}, no body)`);
    else show(`← (${status})`, JSON.parse(text));
  }
}

async function overStdio(): Promise<void> {
  const apiRoot = `${origin}${values.base}`;
  console.log(
    `\n## stdio: WINEDATA_URL=${apiRoot} WINEDATA_API_KEY=wds_… node --import tsx src/cli.ts mcp\n`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "mcp"], {
    env: { ...process.env, WINEDATA_URL: apiRoot, WINEDATA_API_KEY: key },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const waiting = new Map<unknown, (message: unknown) => void>();
  lines.on("line", (line) => {
    const message = JSON.parse(line) as { id?: unknown };
    waiting.get(message.id)?.(message);
  });
  for (const message of SESSION) {
    show("→", message);
    const answer =
      message.id === undefined ? null : new Promise((resolve) => waiting.set(message.id, resolve));
    child.stdin.write(`${JSON.stringify(message)}\n`);
    if (answer) show("←", await answer);
  }
  child.stdin.end();
  await new Promise((resolve) => child.once("exit", resolve));
}

if (values.transport !== "stdio") await overHttp();
if (values.transport !== "http") await overStdio();
