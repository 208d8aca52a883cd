/**
 * `winedata mcp`: the MCP server over stdio, for desktop assistants that start it as a process. Its
 * tools call a running Wine Data Service over HTTP like any API client:
 * - `WINEDATA_API_KEY` (required): the API key, sent as `Authorization: Bearer`;
 * - `WINEDATA_URL`: the service's URL, with or without `/v1` (default `http://127.0.0.1:8080/v1`;
 *   {@link apiRootOf}).
 * Every API request a tool makes counts against the key's limits (one per tool call, plus the asks
 * while waiting for a text being written, at most one a second for 5 s). stdout carries only
 * JSON-RPC; nothing is logged there.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ConfigError } from "../../config.ts";
import { apiRootOf, DEFAULT_WINEDATA_URL, fetchApiClient } from "./mcp.api-client.ts";
import { createMcpServer } from "./mcp.tools.ts";

/**
 * Serves MCP on stdin/stdout until stdin closes.
 * @throws ConfigError when `WINEDATA_API_KEY` is missing or `WINEDATA_URL` is not an http(s) URL.
 */
export async function runMcpStdio(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const key = env.WINEDATA_API_KEY?.trim();
  if (!key) throw new ConfigError("WINEDATA_API_KEY must be set to an API key (wds_…) for winedata mcp.");
  const root = env.WINEDATA_URL?.trim() || DEFAULT_WINEDATA_URL;
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    throw new ConfigError(
      `WINEDATA_URL must be the API's URL such as ${DEFAULT_WINEDATA_URL}, got "${root}".`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`WINEDATA_URL must be an http(s) URL, got "${root}".`);
  }
  const server = createMcpServer(fetchApiClient(apiRootOf(url), key), {
    generatingWaitMs: 5_000,
    pollMs: 1_000,
  });
  const transport = new StdioServerTransport();
  // The client closing stdin ends the session and the process.
  process.stdin.once("end", () => {
    server.close().finally(() => process.exit(0));
  });
  await server.connect(transport);
}
