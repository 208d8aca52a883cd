/**
 * What one `POST /mcp` carries, read from its parsed JSON body before the MCP SDK sees it: how many
 * tool calls it asks for (each counts as one API request) and whether a JSON-RPC batch is allowed
 * under the protocol version in use.
 *
 * Sources: JSON-RPC batching was added in MCP 2025-03-26 and removed in 2025-06-18 (changelog of
 * 2025-06-18, "Remove support for JSON-RPC batching", PR #416); a client sends the negotiated version
 * as `MCP-Protocol-Version` on every request after initialize, and a server that receives none
 * assumes 2025-03-26 (2025-06-18 basic/transports, "Protocol Version Header"), as the SDK does.
 */

/** The MCP method of a tool call. */
const TOOL_CALL = "tools/call";

/** The protocol versions that have JSON-RPC batches. */
const BATCH_VERSIONS: ReadonlySet<string> = new Set(["2025-03-26"]);

/** The version a server assumes when a request names none (MCP 2025-06-18 basic/transports). */
export const ASSUMED_PROTOCOL_VERSION = "2025-03-26";

/**
 * The number of `tools/call` messages in a parsed body: a single message or a batch (array) of them.
 * Anything else (not JSON-RPC, other methods, responses) counts 0.
 */
export function toolCallCount(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  let count = 0;
  for (const message of messages) {
    if (
      typeof message === "object" &&
      message !== null &&
      "method" in message &&
      message.method === TOOL_CALL
    ) {
      count++;
    }
  }
  return count;
}

/** A JSON-RPC 2.0 error response without a request id (JSON-RPC 2.0 §5, §5.1). */
export interface JsonRpcError {
  jsonrpc: "2.0";
  id: null;
  error: { code: number; message: string };
}

/**
 * Why the body may not be sent under `protocolVersion` (the request's `MCP-Protocol-Version`, or
 * undefined when it sent none: {@link ASSUMED_PROTOCOL_VERSION}), as the JSON-RPC error to answer
 * with HTTP 400 (code -32600 Invalid Request, JSON-RPC 2.0 §5.1); null when it may: a single message,
 * or a batch under a version that has batches.
 */
export function refusedBatch(body: unknown, protocolVersion: string | undefined): JsonRpcError | null {
  if (!Array.isArray(body)) return null;
  const version = protocolVersion ?? ASSUMED_PROTOCOL_VERSION;
  if (BATCH_VERSIONS.has(version)) return null;
  return {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -32600,
      message: `Invalid Request: MCP protocol version ${version} has no JSON-RPC batches (only 2025-03-26 has them); send one message per POST.`,
    },
  };
}
