/**
 * `/mcp`: the MCP server over stateless Streamable HTTP (one JSON answer per POST, no session, no
 * SSE stream), outside the base path and hidden from the OpenAPI document.
 *
 * - POST needs an API key like every API route (`config.ability: null`: any valid key; a missing or
 *   invalid key is the usual 401 before MCP runs). It counts against the key's per-minute limit and
 *   the account's daily budget as many requests as it carries tool calls, and one when it carries
 *   none (initialize, a notification, tools/list): one when it arrives (auth plugin), the others once
 *   the body is read (`request.countMore`), so that over a limit it is the usual 429 and no tool runs.
 * - A JSON-RPC batch (an array body) is refused with 400 and a JSON-RPC error unless the protocol
 *   version in use has batches (2025-03-26, also assumed without `MCP-Protocol-Version`):
 *   mcp.messages.ts.
 * - The tools call the API in-process (`app.inject`) with the caller's credentials and the inner-call
 *   headers of `app.rateLimits`: the API's own checks answer (an identify_label without Enterprise is
 *   its 403), and nothing is counted twice.
 * - DNS rebinding protection (MCP 2025-06-18 basic/transports, "Security Warning"): the host name of
 *   Host (X-Forwarded-Host behind a trusted proxy) must be the host of `PUBLIC_URL`, the listening
 *   `HOST` (unless a wildcard address) or a loopback name, and Origin, when sent, the same origin
 *   (scheme, host and port; RFC 6454 §5) as the request itself (X-Forwarded-Proto/-Host behind a
 *   trusted proxy) or as `PUBLIC_URL`; else 403 `forbidden`.
 * - GET and DELETE answer 405 `method_not_allowed` (Allow: POST) without a key: there is no stream or
 *   session to open or end.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { LOOPBACK_HOSTNAMES, linkScheme } from "../../http/origin.ts";
import { type ApiClient, parseBody, queryString } from "./mcp.api-client.ts";
import { refusedBatch, toolCallCount } from "./mcp.messages.ts";
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

const WILDCARD = new Set(["", "0.0.0.0", "::", "[::]"]);

/** The host name of `host[:port]`, lower case; an IPv6 literal keeps its brackets. */
export function hostnameOf(hostAndPort: string): string {
  const value = hostAndPort.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.split(":")[0] ?? "";
}

/** The host names `/mcp` answers for: PUBLIC_URL's, HOST's (unless a wildcard) and loopback. */
export function allowedHostnames(publicUrl: string | null, host: string): Set<string> {
  const names = new Set(LOOPBACK_HOSTNAMES);
  if (publicUrl !== null) names.add(new URL(publicUrl).hostname.toLowerCase());
  if (!WILDCARD.has(host)) names.add(host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
  return names;
}

/**
 * The serialized origin (RFC 6454 §6.2: `scheme://host[:port]`, lower case, the scheme's default port
 * left out) of `url`, or null for a URL that does not parse or has an opaque origin (`null`, `file:`).
 */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Why a request's Host or Origin is not allowed, or null when both are. `publicOrigin`: the origin
 * of `PUBLIC_URL`, or null.
 */
function foreignHost(
  request: FastifyRequest,
  allowed: Set<string>,
  publicOrigin: string | null,
): string | null {
  const host = request.host;
  if (!allowed.has(hostnameOf(host))) return `The host ${host} is not allowed for /mcp.`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  const named = originOf(origin);
  if (named !== null && named === publicOrigin) return null;
  // Fastify's `protocol` and `host` read X-Forwarded-Proto/-Host only when the proxy is trusted.
  const scheme = linkScheme(request.protocol);
  const own = scheme === null ? null : originOf(`${scheme}://${host}`);
  return named !== null && named === own ? null : "The Origin of this request is not allowed for /mcp.";
}

/**
 * The port of `/mcp`: the API in this process (`app.inject`) with the caller's credentials, Host and
 * forwarding headers (links in answers point where the caller reached) and the inner-call headers.
 */
function injectPort(app: FastifyInstance, basePath: string, request: FastifyRequest): ApiClient {
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
  const publicOrigin = options.publicUrl === null ? null : originOf(options.publicUrl);

  app.post(
    "/mcp",
    {
      config: { ability: null },
      schema: { hide: true },
      onRequest: async (request) => {
        const refused = foreignHost(request, allowed, publicOrigin);
        if (refused !== null) throw new AppError("forbidden", refused);
      },
      // The body is parsed: refuse a batch its protocol version does not have, then count every tool
      // call beyond the one counted on arrival (429 before any tool runs).
      preHandler: async (request, reply) => {
        const version = request.headers["mcp-protocol-version"];
        const refused = refusedBatch(request.body, typeof version === "string" ? version : undefined);
        if (refused !== null) return reply.code(400).send(refused);
        await request.countMore(reply, toolCallCount(request.body) - 1);
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
