/**
 * The one way the MCP tools reach the API: an API client `call → answer`. Two implementations: over HTTP
 * with `fetch` (`winedata mcp`, stdio: {@link fetchApiClient}) and in-process with `app.inject` (the `/mcp`
 * endpoint, in mcp.routes.ts). Either way the API itself answers, so authentication, plan and ability
 * checks, languages, the generating flow and serialization are exactly the API's.
 */

/** One API request a tool makes. */
export interface ApiCall {
  method: "GET" | "POST";
  /** Path below the API root, e.g. `/wines/search` (no base path, no query). */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (POST). */
  body?: unknown;
}

/** The API's answer: status, headers (lowercase names) and the parsed JSON body (text if not JSON). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** Makes one API request; resolves with any status, rejects only when no answer could be had. */
export type ApiClient = (call: ApiCall) => Promise<ApiAnswer>;

/** `?a=1&b=x` of a call's query (undefined values left out), or "" for none. */
export function queryString(query: ApiCall["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** A body as JSON when it parses, else the text itself. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The API root used when `WINEDATA_URL` is not set: a service started locally with the defaults. */
export const DEFAULT_WINEDATA_URL = "http://127.0.0.1:8080/v1";

/** The path of the API version the tools speak, below the service's URL. */
const API_VERSION_PATH = "/v1";

/**
 * The API root for `url`, the service's URL with or without `/v1` and a trailing slash: `/v1` is added
 * unless the path already ends with it (`https://host`, `https://host/`, `https://host/v1/` give
 * `https://host/v1`; `https://host/wine` gives `https://host/wine/v1`, for `BASE_PATH=/wine/v1`).
 * Query and fragment are left out. The same rule as the SDK's `apiRoot` (packages/client).
 */
export function apiRootOf(url: URL): string {
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${path.endsWith(API_VERSION_PATH) ? path : `${path}${API_VERSION_PATH}`}`;
}

/**
 * The port of `winedata mcp`: HTTP requests to `apiRoot` (the API's root with its base path, e.g.
 * `http://127.0.0.1:8080/v1`) with `Authorization: Bearer <key>`. Every request counts against the
 * key's limits like any client's. A service that does not answer (refused, or no answer within
 * `timeoutMs` milliseconds, default 60 s) becomes a 503 `service_unavailable` answer naming the URL
 * (never the key).
 */
export function fetchApiClient(apiRoot: string, key: string, timeoutMs = 60_000): ApiClient {
  const root = apiRoot.replace(/\/+$/, "");
  return async (call) => {
    const url = `${root}${call.path}${queryString(call.query)}`;
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: "application/json" };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const reason =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : "";
      return {
        status: 503,
        headers: {},
        body: {
          message: `The Wine Data Service at ${root} does not answer${reason ? ` (${reason})` : ""}.`,
          code: "service_unavailable",
        },
      };
    }
    const answerHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    return { status: res.status, headers: answerHeaders, body: parseBody(await res.text()) };
  };
}
