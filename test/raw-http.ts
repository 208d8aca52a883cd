/**
 * A raw HTTP/1.1 client over `node:net`, for requests fetch cannot send: a malformed or missing
 * Host, a lowercase method, thousands of headers, a request line sent slowly.
 */
import { connect } from "node:net";

/** One parsed answer; `status` 0 when the server closed without answering. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON, or the text when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are asserted field by field in the tests.
  body: any;
  text: string;
  /** Milliseconds from connecting to the server closing the connection. */
  ms: number;
}

/** Parses the bytes of one HTTP/1.1 response (Content-Length or close-delimited, not chunked). */
export function parseRawResponse(raw: string, ms: number): RawResponse {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: null, text: raw, ms };
  const [statusLine = "", ...lines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let text = raw.slice(end + 4);
  if (headers["transfer-encoding"] === "chunked") text = unchunk(text);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body, text, ms };
}

function unchunk(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const eol = text.indexOf("\r\n", at);
    const size = Number.parseInt(text.slice(at, eol), 16);
    if (eol < 0 || !(size > 0)) return out;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

/**
 * Sends `parts` (joined as they are; `\r\n` is the caller's) to 127.0.0.1:`port`, each part after
 * `gapMs`, and resolves with what came back once the server closes the connection or after
 * `timeoutMs` (then `status` is what had arrived, or 0).
 */
export function rawRequest(
  port: number,
  parts: string | string[],
  { gapMs = 0, timeoutMs = 5_000 }: { gapMs?: number; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const chunks = typeof parts === "string" ? [parts] : parts;
  const started = Date.now();
  return new Promise((resolve) => {
    let data = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRawResponse(data, Date.now() - started));
    };
    const socket = connect(port, "127.0.0.1", async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        if (done || socket.destroyed) return;
        socket.write(chunk);
      }
    });
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (b) => {
      data += b.toString("utf8");
    });
    socket.on("close", finish);
    socket.on("error", finish);
  });
}

/** A GET request's bytes with `headers` (a null value leaves the header out), connection closed after. */
export function rawGet(path: string, headers: Record<string, string | null>, method = "GET"): string {
  let text = `${method} ${path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries({ connection: "close", ...headers })) {
    if (value !== null) text += `${name}: ${value}\r\n`;
  }
  return `${text}\r\n`;
}
