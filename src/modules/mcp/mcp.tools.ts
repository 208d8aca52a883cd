/**
 * The MCP server of the Wine Data Service: ten read-only tools over the API, one definition for
 * both transports (stdio in mcp.stdio.ts, Streamable HTTP in mcp.routes.ts). Each tool makes API
 * requests through an {@link ApiClient} and answers with the API's JSON as `structuredContent`, a
 * short summary in the requested language and that JSON as text (for clients that read only text).
 *
 * - API errors (401, 403, 404, 422, 429, 503, …) become tool errors: `isError: true`, the message
 *   and `structuredContent.error = {status, code, message, retry_after?, errors?}`.
 * - Texts being written: while a text in the requested language is generated, the API answers 404
 *   `{generating: true}` with Retry-After (insights, drinking windows), or the wine with its English
 *   texts (wine detail). The tool asks again every `min(pollMs, Retry-After)` for at most
 *   `generatingWaitMs`; when the text is still being written it answers, not as an error, that it is
 *   being written and when to ask again (`structuredContent.generating = true`, `retry_after`).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Language } from "../../domain/vocabulary.ts";
import type { ApiAnswer, ApiCall, ApiClient } from "./mcp.api-client.ts";
import { MCP_TOOL_NAMES } from "./mcp.names.ts";
import {
  FindWineByCodeInput,
  GetDrinkingWindowInput,
  GetProducerInput,
  GetRegionInput,
  GetRegionInsightInput,
  GetWineInput,
  IdentifyLabelInput,
  ListGrapesInput,
  ListWinesInput,
  SearchWinesInput,
} from "./mcp.schemas.ts";
import { mcpTexts } from "./mcp.texts.ts";
import type { McpTexts } from "./texts/mcp-texts.ts";

export { MCP_TOOL_NAMES };

/** How long a tool waits for a text being written. */
export interface McpToolOptions {
  /** Longest wait in milliseconds for a text in the requested language (default 5000). */
  generatingWaitMs?: number;
  /** Pause in milliseconds between two requests while waiting (default 500; never over Retry-After). */
  pollMs?: number;
}

/** Seconds to wait before asking again for a text being written, when the API names none. */
const DEFAULT_RETRY_AFTER_S = 30;

/** Every tool reads the catalogue only; asking twice gives the same answer; no world outside it. */
const ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const int = (value: unknown): number => (typeof value === "number" ? value : 0);

/** The first `n` names of a list (display_name, else name), "…" when there are more. */
function names(items: Json[], n = 5): string {
  const shown = items.slice(0, n).map((item) => text(item.display_name) || text(item.name));
  return shown.join("; ") + (items.length > n ? "; …" : "");
}

/** Seconds of a Retry-After header or `retry_after` field, else null. */
function retryAfter(answer: ApiAnswer): number | null {
  const value = Number(answer.headers["retry-after"] ?? record(answer.body).retry_after);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A successful result: the API's JSON as structured content, the summary and the JSON as text. */
function success(body: Json, summary: string): CallToolResult {
  return {
    content: [
      { type: "text", text: summary },
      { type: "text", text: JSON.stringify(body) },
    ],
    structuredContent: body,
  };
}

/** A tool error from an API error answer: message, code, status (and retry_after, field errors). */
export function errorResult(answer: ApiAnswer): CallToolResult {
  const body = record(answer.body);
  const fallbackCode = { 401: "unauthenticated", 404: "not_found" }[answer.status] ?? `http_${answer.status}`;
  const message = text(body.message) || text(body.error) || `The API answered HTTP ${answer.status}.`;
  const code = text(body.code) || fallbackCode;
  const wait = answer.status === 429 || answer.status === 503 ? retryAfter(answer) : null;
  const error: Json = { status: answer.status, code, message };
  if (wait !== null) error.retry_after = wait;
  if (isRecord(body.errors)) error.errors = body.errors;
  const details = isRecord(body.errors) ? ` ${JSON.stringify(body.errors)}` : "";
  const retry = wait === null ? "" : `; retry after ${wait} s`;
  return {
    isError: true,
    content: [{ type: "text", text: `${message}${details} (${code}, HTTP ${answer.status}${retry})` }],
    structuredContent: { error },
  };
}

/**
 * Makes `call`, and while `pending(answer)` says a text is being written (its value: seconds to wait
 * before asking again), asks again until it is final or `waitMs` have passed.
 * @returns the last answer and, when it is still not final, the seconds the client should wait.
 */
async function askUntilWritten(
  port: ApiClient,
  call: ApiCall,
  pending: (answer: ApiAnswer) => number | null,
  { waitMs, pollMs }: { waitMs: number; pollMs: number },
): Promise<{ answer: ApiAnswer; wait: number | null }> {
  const deadline = Date.now() + waitMs;
  let answer = await port(call);
  let wait = pending(answer);
  while (wait !== null) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const pause = Math.min(pollMs, wait * 1000, left);
    await new Promise((resolve) => setTimeout(resolve, pause));
    answer = await port(call);
    wait = pending(answer);
  }
  return { answer, wait };
}

/** A 404 `{generating: true}`: seconds to wait (Retry-After), else null. */
const generating = (answer: ApiAnswer): number | null =>
  answer.status === 404 && record(answer.body).generating === true
    ? (retryAfter(answer) ?? DEFAULT_RETRY_AFTER_S)
    : null;

/** What every tool answers for a text still being written after the wait. */
function beingWritten(t: McpTexts, fields: Json, seconds: number): CallToolResult {
  return success({ ...fields, generating: true, retry_after: seconds }, t.beingWritten(seconds));
}

type Shape = Record<string, z.ZodType>;
type Args<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

/**
 * A new MCP server whose tools call the API through `port`. One server per connection (stdio) or
 * per request (stateless HTTP).
 */
export function createMcpServer(port: ApiClient, options: McpToolOptions = {}): McpServer {
  const wait = { waitMs: options.generatingWaitMs ?? 5_000, pollMs: options.pollMs ?? 500 };
  const server = new McpServer(
    { name: "wine-data-service", title: "Wine Data Service", version: "1.0.0" },
    {
      instructions:
        "Read-only wine reference data: wines, producers, regions, grape varieties, region insights and " +
        "drinking windows, with texts in German, English, French and Italian (the lang input).",
    },
  );

  /** Registers a read-only tool; `run` gets the validated input and the phrases of its language. */
  const tool = <S extends Shape & { lang: z.ZodType<Language> }>(
    name: (typeof MCP_TOOL_NAMES)[number],
    title: string,
    description: string,
    input: S,
    run: (args: Args<S>, t: McpTexts) => Promise<CallToolResult>,
  ) => {
    server.registerTool(name, { title, description, inputSchema: input, annotations: ANNOTATIONS }, (async (
      args: Args<S>,
    ) => run(args, mcpTexts(args.lang as Language))) as never);
  };

  /** The API's answer as a tool result: its JSON and `summary` of it on a 200, else the tool error. */
  const answered = (answer: ApiAnswer, summary: (body: Json) => string) => {
    if (answer.status !== 200) return errorResult(answer);
    const body = record(answer.body);
    return success(body, summary(body));
  };

  /** GET `path` with `query`: the JSON on a 200, else the tool error. */
  const read = async (path: string, query: ApiCall["query"], summary: (body: Json) => string) =>
    answered(await port({ method: "GET", path, query }), summary);

  tool(
    "search_wines",
    "Search wines",
    "Finds wines by name, producer or both (typo-tolerant). Returns {data: [{id, display_name, color, residual_sugar, producer_name, …}], meta: {query, count, total_matches}}.",
    SearchWinesInput,
    (args, t) =>
      read("/wines/search", args, (body) => {
        const data = list(body.data);
        return `${t.searchFound(int(record(body.meta).count), args.q)}${data.length ? `: ${names(data)}` : "."}`;
      }),
  );

  tool(
    "list_wines",
    "List wines",
    "A page of the wine list, optionally filtered by colour, still/sparkling, producer or region. Returns the pagination envelope {data, meta, links}.",
    ListWinesInput,
    (args, t) =>
      read("/wines", args, (body) => {
        const meta = record(body.meta);
        const page = t.page("wines", int(meta.current_page), int(meta.last_page), int(meta.total));
        return `${page}: ${names(list(body.data))}`;
      }),
  );

  tool(
    "get_wine",
    "Get a wine",
    "One wine with producer, region, grapes, description, tasting notes, pairing and flavour profile, texts in the requested language (written on first request: the tool waits a few seconds for them).",
    GetWineInput,
    async (args, t) => {
      // While the wanted language is written the API answers with the English texts.
      const { answer, wait: seconds } = await askUntilWritten(
        port,
        { method: "GET", path: `/wines/${args.id}`, query: { lang: args.lang } },
        (a) =>
          a.status === 200 && text(record(record(a.body).description).language) !== args.lang
            ? (retryAfter(a) ?? DEFAULT_RETRY_AFTER_S)
            : null,
        wait,
      );
      if (answer.status !== 200) return errorResult(answer);
      const wine = record(answer.body);
      const summary =
        `${text(wine.display_name)}, ${t.color[text(wine.color)] ?? text(wine.color)} ` +
        `${t.from(text(record(wine.region).name))}. ${text(record(wine.description).text)}`;
      if (seconds === null) return success(wine, summary);
      return success(
        { ...wine, generating: true, retry_after: seconds },
        `${summary}\n${t.beingWritten(seconds)} ${t.englishMeanwhile}`,
      );
    },
  );

  tool(
    "find_wine_by_code",
    "Find a wine by LWIN or barcode",
    "Finds the wine with an LWIN (7-digit Liv-ex Wine Identification Number) or a bottle barcode (GTIN-8, GTIN-12/UPC-A, GTIN-13/EAN-13 or GTIN-14). Returns the list envelope {data, meta, links}: the wine (with identifiers {lwin, gtin, xwines}) or none; get_wine gives its detail.",
    FindWineByCodeInput,
    async (args, t) => {
      if (args.lwin === undefined && args.gtin === undefined) {
        return errorResult({
          status: 422,
          headers: {},
          body: { message: t.giveCode, code: "validation_failed" },
        });
      }
      return read("/wines", { lwin: args.lwin, gtin: args.gtin, lang: args.lang }, (body) => {
        const data = list(body.data);
        return data.length === 0
          ? t.noWineWithCode
          : `${names(data)} (${data.map((w) => `id ${int(w.id)}`).join(", ")})`;
      });
    },
  );

  tool(
    "get_producer",
    "Get a producer",
    "One producer (id, name, title, display_name, wines_count), with up to 50 of its wines when include_wines is true. Returns {data: producer}.",
    GetProducerInput,
    (args, t) =>
      read(`/producers/${args.id}`, { include_wines: args.include_wines, lang: args.lang }, (body) => {
        const producer = record(body.data);
        return t.withWines(text(producer.display_name), int(producer.wines_count));
      }),
  );

  tool(
    "get_region",
    "Get a region",
    "One wine region (name in the requested language, country code, wines_count), with up to 50 of its wines when include_wines is true. Returns {data: region}.",
    GetRegionInput,
    (args, t) =>
      read(`/regions/${args.id}`, { include_wines: args.include_wines, lang: args.lang }, (body) => {
        const region = record(body.data);
        return t.withWines(`${text(region.name)} (${text(region.country)})`, int(region.wines_count));
      }),
  );

  /** get_region_insight and get_drinking_window: content that may be being written. */
  const content = async (
    path: string,
    lang: Language,
    t: McpTexts,
    idField: Json,
    summary: (b: Json) => string,
  ) => {
    const { answer, wait: seconds } = await askUntilWritten(
      port,
      { method: "GET", path, query: { lang } },
      generating,
      wait,
    );
    if (seconds !== null) return beingWritten(t, { ...idField, lang }, seconds);
    return answered(answer, summary);
  };

  tool(
    "get_region_insight",
    "Get a region insight",
    "A region's insight text: summary, climate and terroir, signature styles, key grapes (written on first request in a language: the tool waits a few seconds, else says when to ask again).",
    GetRegionInsightInput,
    (args, t) =>
      content(`/region-insights/${args.region_id}`, args.lang, t, { region_id: args.region_id }, (body) =>
        text(body.summary),
      ),
  );

  tool(
    "get_drinking_window",
    "Get a drinking window",
    "When to drink a wine: from and to in years after the vintage, with a statement and notes on the young and ripe wine and storage (written on first request in a language: the tool waits a few seconds, else says when to ask again).",
    GetDrinkingWindowInput,
    (args, t) =>
      content(
        `/drinking-periods/${args.wine_id}`,
        args.lang,
        t,
        { wine_id: args.wine_id },
        (body) => `${t.window(int(body.from), int(body.to))}. ${text(body.statement)}`,
      ),
  );

  tool(
    "list_grapes",
    "List grape varieties",
    "A page of grape varieties (id, name in the requested language, colour), optionally searched by name or synonym. Returns the pagination envelope {data, meta, links}.",
    ListGrapesInput,
    (args, t) =>
      read("/grapes", args, (body) => {
        const meta = record(body.meta);
        const page = t.page("grapes", int(meta.current_page), int(meta.last_page), int(meta.total));
        return `${page}: ${names(list(body.data), 10)}`;
      }),
  );

  tool(
    "identify_label",
    "Identify a wine label",
    "Enterprise plan only. Reads the label on a photo (base64) and returns {message, detected_labels, candidates}: the wines of the catalogue that match, best first, each with a confidence.",
    IdentifyLabelInput,
    async (args, t) => {
      const answer = await port({
        method: "POST",
        path: "/photo/analyze",
        query: { lang: args.lang },
        body: { photo: args.photo, max_results: args.max_results },
      });
      return answered(answer, (body) => {
        const candidates = list(body.candidates);
        return text(body.message) === "no_label_detected"
          ? t.noLabel
          : `${t.labels(list(body.detected_labels).length, candidates.length)}${candidates.length ? `: ${names(candidates, 3)}` : "."}`;
      });
    },
  );

  return server;
}
