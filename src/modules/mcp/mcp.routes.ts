/**
 * `/mcp`: the MCP server over stateless Streamable HTTP (one JSON answer per POST, no session, no
 * SSE stream), outside the base path and hidden from the OpenAPI document.
 *
 * - POST needs an API key like every API route (`config.ability: null`: any valid key; a missing or
 *   invalid key is the usual 401 before MCP runs) and counts once against the key's per-minute limit
 *   and the account's daily budget, whatever the message (initialize, a notification, a tool call).
 * - The tools call the API in-process (`app.inject`) with the caller's credentials and the inner-call
 *   headers of `app.rateLimits`: the API's own checks answer (an identify_label without Enterprise is
 *   its 403), and nothing is counted twice.
 * - DNS rebinding protection: the host name of Host (X-Forwarded-Host behind a trusted proxy) and of
 *   Origin, when sent, must be the host of `PUBLIC_URL`, the listening `HOST` (unless a wildcard
 *   address) or a loopback name; else 403 `forbidden`.
 * - GET and DELETE answer 405 `method_not_allowed` (Allow: POST) without a key: there is no stream or
 *   session to open or end.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { type ApiPort, parseBody, queryString } from "./mcp.port.ts";
import type { McpToolOptions } from "./mcp.tools.ts";

/** Options of the `/mcp` routes. */
export interface McpRouteOptions {
  /** The API's base path (`BASE_PATH`, e.g. `/v1`), below which the tools' requests go. */
  basePath: string;
  /** `PUBLIC_URL`, or null. */
  publicUrl: string | null;
  /** The listening interface (`HOST`). */
  host: string;
  tools?: McpToolOptions;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD = new Set(["", "0.0.0.0", "::", "[::]"]);

/** The host name of `host[:port]`, lower case; an IPv6 literal keeps its brackets. */
export function hostnameOf(hostAndPort: string): string {
  const value = hostAndPort.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.split(":")[0] ?? "";
}

/** The host names `/mcp` answers for: PUBLIC_URL's, HOST's (unless a wildcard) and loopback. */
export function allowedHostnames(publicUrl: string | null, host: string): Set<string> {
  const names = new Set(LOOPBACK);
  if (publicUrl !== null) names.add(new URL(publicUrl).hostname.toLowerCase());
  if (!WILDCARD.has(host)) names.add(host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
  return names;
}

/** Why a request's Host or Origin is not allowed, or null when both are. */
function foreignHost(request: FastifyRequest, allowed: Set<string>): string | null {
  const host = request.host;
  if (!allowed.has(hostnameOf(host))) return `The host ${host} is not allowed for /mcp.`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  let name: string | null = null;
  try {
    name = new URL(origin).hostname.toLowerCase();
  } catch {
    // "null" and other opaque origins are refused below.
  }
  return name !== null && allowed.has(name) ? null : "The Origin of this request is not allowed for /mcp.";
}

/**
 * The port of `/mcp`: the API in this process (`app.inject`) with the caller's credentials, Host and
 * forwarding headers (links in answers point where the caller reached) and the inner-call headers.
 */
function injectPort(app: FastifyInstance, basePath: string, request: FastifyRequest): ApiPort {
  const passed: Record<string, string> = {};
  for (const name of ["authorization", "x-api-key", "host", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = request.headers[name];
    if (typeof value === "string") passed[name] = value;
  }
  const inner = app.rateLimits.innerCallHeaders();
  return async (call) => {
    const headers: Record<string, string> = { ...passed, ...inner, accept: "application/json" };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const res = await app.inject({
      method: call.method,
      url: `${basePath}${call.path}${queryString(call.query)}`,
      headers,
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answerHeaders[name] = String(value);
    }
    return { status: res.statusCode, headers: answerHeaders, body: parseBody(res.body) };
  };
}

/**
 * The tools and the MCP SDK (with zod), loaded with the first `/mcp` request: a large module tree that
 * a service no MCP client talks to never needs (bench/results/load-memory.md §5).
 */
const mcpSdk = () =>
  Promise.all([import("./mcp.tools.ts"), import("@modelcontextprotocol/sdk/server/streamableHttp.js")]);

const mcpRoutes: FastifyPluginAsync<McpRouteOptions> = async (app, options) => {
  const allowed = allowedHostnames(options.publicUrl, options.host);

  app.post(
    "/mcp",
    {
      config: { ability: null },
      schema: { hide: true },
      onRequest: async (request) => {
        const refused = foreignHost(request, allowed);
        if (refused !== null) throw new AppError("forbidden", refused);
      },
    },
    async (request, reply) => {
      const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await mcpSdk();
      const server = createMcpServer(injectPort(app, options.basePath, request), options.tools);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      // The transport writes the answer itself; the headers set so far (rate limit) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.on("close", () => {
        server.close().catch(() => {});
      });
      try {
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, "MCP request failed");
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { "content-type": "application/json; charset=utf-8" });
          reply.raw.end(JSON.stringify({ message: "Server Error", code: "internal_error" }));
        }
      }
    },
  );

  app.route({
    method: ["GET", "DELETE"],
    url: "/mcp",
    config: { public: true },
    schema: { hide: true },
    handler: async () => {
      throw new AppError(
        "method_not_allowed",
        "The MCP endpoint is stateless Streamable HTTP: send JSON-RPC messages with POST (no stream, no session).",
        { headers: { Allow: "POST" } },
      );
    },
  });
};

export default mcpRoutes;
