/**
 * HTTP/1.1 over a raw `node:net` socket, for requests fetch refuses to send (a malformed or missing
 * Host, a lowercase method, control characters, thousands of headers, a request sent slowly):
 * requests are written byte for byte and answers parsed by hand. One connection per request
 * (`Connection: close`), so an answer ends with the connection. Used by the fuzz suite and by the
 * tests of the error bodies, Host handling and server timeouts.
 */
import { connect, createServer } from "node:net";

/** A request as written on the wire (headers in order; `Connection: close` is appended). */
export interface RawRequest {
  method: string;
  /** Request target as sent: `/v1/wines?page=2`, `*` or an absolute URL. */
  target: string;
  /** `HTTP/1.1` or `HTTP/1.0`. */
  version: string;
  headers: [string, string][];
  /** Body text (sent as UTF-8), or null for none. */
  body: string | null;
  /** How the body is framed: `Content-Length` (added unless a header sets it) or chunked. */
  framing: "length" | "chunked";
}

/** A parsed answer. `status` 0 means no status line arrived; `error` says why. */
export interface RawResponse {
  status: number;
  /** Lowercased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connect to the end of the answer. */
  ms: number;
  /** Socket error or timeout, when the answer is incomplete or missing. */
  error: string | null;
}

/** The bytes of `request` as written to the socket. */
export function serialize(request: RawRequest): Buffer {
  const headers = [...request.headers];
  const hasHeader = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  let body = request.body === null ? null : Buffer.from(request.body, "utf8");
  if (body !== null && request.framing === "chunked") {
    if (!hasHeader("transfer-encoding")) headers.push(["Transfer-Encoding", "chunked"]);
    const chunk = body.length > 0 ? `${body.length.toString(16)}\r\n` : "";
    body = Buffer.concat([
      Buffer.from(chunk),
      body,
      Buffer.from(body.length > 0 ? "\r\n0\r\n\r\n" : "0\r\n\r\n"),
    ]);
  } else if (body !== null && !hasHeader("content-length")) {
    headers.push(["Content-Length", String(body.length)]);
  }
  headers.push(["Connection", "close"]);
  let head = `${request.method} ${request.target} ${request.version}\r\n`;
  for (const [name, value] of headers) head += `${name}: ${value}\r\n`;
  head += "\r\n";
  const headBytes = Buffer.from(head, "utf8");
  return body === null ? headBytes : Buffer.concat([headBytes, body]);
}

/** Bash printf format for `bytes`: printable ASCII kept, everything else as `\xHH` or `\r`/`\n`. */
function printfLiteral(bytes: Buffer): string {
  let out = "";
  for (const byte of bytes) {
    if (byte === 0x25) out += "%%";
    else if (byte === 0x5c) out += "\\\\";
    else if (byte === 0x0d) out += "\\r";
    else if (byte === 0x0a) out += "\\n";
    else if (byte >= 0x20 && byte < 0x7f && byte !== 0x27) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/**
 * `request` as a bash command sending the same bytes to `port` (one `printf` per line of the
 * request, piped into nc), shortened past `limit` bytes with the full length stated.
 */
export function shellCommand(request: RawRequest, port: number, limit = 1200): string {
  let bytes = serialize(request);
  const total = bytes.length;
  if (total > limit) bytes = bytes.subarray(0, limit);
  const lines: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const eol = bytes.indexOf(0x0a, at);
    const next = eol < 0 ? bytes.length : eol + 1;
    lines.push(`  printf -- '${printfLiteral(bytes.subarray(at, next))}'`);
    at = next;
  }
  const note = total > limit ? `\n# (shortened: the request has ${total} bytes)` : "";
  return `{\n${lines.join("\n")}\n} | nc -q 5 127.0.0.1 ${port}${note}`;
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const eol = data.indexOf("\r\n", at);
    if (eol < 0) break;
    const size = Number.parseInt(data.subarray(at, eol).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses the bytes of an answer (status line, headers, body by its framing). */
export function parseResponse(data: Buffer, head: boolean): Omit<RawResponse, "ms" | "error"> {
  // Interim answers (100 Continue to `Expect: 100-continue`) come before the final one.
  while (/^HTTP\/\d\.\d 1\d\d /.test(data.subarray(0, 16).toString("latin1"))) {
    const interim = data.indexOf("\r\n\r\n");
    if (interim < 0) break;
    data = data.subarray(interim + 4);
  }
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: data.toString("utf8") };
  const lines = data.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = data.subarray(end + 4);
  if (head) body = Buffer.alloc(0);
  else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = decodeChunked(body);
  else if (headers["content-length"] !== undefined)
    body = body.subarray(0, Number(headers["content-length"]));
  return { status, headers, body: body.toString("utf8") };
}

/** Bodies past this size are written in slices, stopping as soon as an answer arrives. */
const SLICE_BYTES = 64 * 1024;

/**
 * Sends `request` to 127.0.0.1:`port` and reads the answer until the server closes the connection
 * (or `timeoutMs` passes). Never rejects: socket errors and timeouts are reported in `error`. Like
 * curl, a large body stops being written once an answer arrives (an early 401 or 413), and an
 * error after part of the answer keeps what was read.
 */
export function send(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  const started = performance.now();
  const bytes = serialize(request);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let settled = false;
    const socket = connect({ port, host: "127.0.0.1" });
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponse(Buffer.concat(chunks), request.method === "HEAD");
      const ms = Math.round(performance.now() - started);
      const failure = parsed.status === 0 ? (error ?? "connection closed without an answer") : null;
      resolve({ ...parsed, ms, error: failure });
    };
    const timer = setTimeout(() => {
      error = `no complete answer within ${timeoutMs} ms`;
      finish();
    }, timeoutMs);
    const write = async () => {
      for (let at = 0; at < bytes.length && chunks.length === 0 && !settled; at += SLICE_BYTES) {
        const slice = bytes.subarray(at, at + SLICE_BYTES);
        if (!socket.write(slice)) await new Promise((r) => socket.once("drain", r));
      }
    };
    socket.on("connect", () => void write());
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (err: Error) => {
      error = err.message;
      finish();
    });
    socket.on("close", finish);
    socket.on("end", finish);
  });
}

/** An answer of {@link rawRequest}: `text` is the body, `body` the same parsed as JSON (else the text). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are asserted field by field in the tests.
  body: any;
  /** Milliseconds from connecting to the server closing the connection (or the time-out). */
  ms: number;
}

/**
 * Writes `parts` to 127.0.0.1:`port` as they are (`\r\n` is the caller's), each after `gapMs`, and
 * resolves once the server closes the connection or after `timeoutMs` with what had arrived
 * (`status` 0 when no status line did). Never rejects.
 */
export function rawRequest(
  port: number,
  parts: string | string[],
  { gapMs = 0, timeoutMs = 5_000 }: { gapMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const { status, headers, body: text } = parseResponse(Buffer.concat(chunks), false);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      resolve({ status, headers, text, body, ms: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(finish, timeoutMs);
    const socket = connect({ port, host: "127.0.0.1" }, async () => {
      for (const [i, part] of (typeof parts === "string" ? [parts] : parts).entries()) {
        if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        if (settled) return;
        socket.write(part);
      }
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", finish);
    socket.on("close", finish);
  });
}

/** The bytes of a request without body: `headers` in order after `Connection: close` (a later one overrides it). */
export function rawGet(path: string, headers: Record<string, string | null>, method = "GET"): string {
  let text = `${method} ${path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries({ connection: "close", ...headers })) {
    if (value !== null) text += `${name}: ${value}\r\n`;
  }
  return `${text}\r\n`;
}

/** A free TCP port on the loopback interface (the kernel's pick, released before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
