/**
 * `GET /llms.txt` (https://llmstxt.org): the API described in Markdown for language models and the
 * tools that call it, served as `text/plain; charset=utf-8` without a key (`config.public`) and kept
 * out of the OpenAPI document itself.
 *
 * The text is made from the OpenAPI document (`app.swagger()`) on the first request, so it lists
 * exactly the documented operations and never drifts from them: each operation with its summary,
 * parameters and one example request (the parameters' examples, else their first allowed value,
 * else their default; optional parameters left out), where to get a key (the dashboard's sign-up page)
 * and the MCP server (`POST /mcp`, `winedata mcp`). Plans and limits come from the plan table
 * (modules/accounts/plans.ts), errors from the operations' documented responses, the sources'
 * licences and attribution from their table (modules/sources/source-licences.ts). Absolute URLs start
 * with the request's link base (`PUBLIC_URL` when configured, see plugins/link-base.ts); the text is
 * kept for the last link base seen.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PLANS, TRIAL_DAYS } from "../modules/accounts/plans.ts";
import { MCP_TOOL_NAMES } from "../modules/mcp/mcp.names.ts";
import { SOURCE_LICENCES } from "../modules/sources/source-licences.ts";
import { SIGNUP_PATH } from "./openapi.ts";

/** The parts of an OpenAPI 3.1 document read here. */
interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Schema;
}

interface Schema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** What the error statuses the document lists mean here (docs/decisions.md "Errors"). */
const STATUS_MEANINGS: Record<string, string> = {
  "400": "`bad_request` (malformed request or Host) or `malformed_json` (body is not JSON)",
  "401": 'no valid key: `{"message":"Unauthenticated."}`',
  "403": "`missing_ability`, `subscription_inactive`, or `forbidden` (Enterprise only)",
  "404": "`not_found`, or for texts `{error, generating}`",
  "410": "`gone`: a wine its source withdrew (a merged wine answers `301` with `Location` instead)",
  "413": "`payload_too_large` (request body over the limit)",
  "415": "`unsupported_media_type` (send application/json)",
  "422": "`validation_failed` (with `errors` per field) or `invalid_image`",
  "429": "`rate_limited` or `quota_exceeded`, with `Retry-After` and `retry_after`",
  "502": "`analysis_failed` (label recognition failed)",
  "503": "`service_unavailable`, with `Retry-After`: try again later",
};

/** An example value of a parameter: its example, else its first allowed value, else its default. */
function exampleOf(parameter: Parameter): string | undefined {
  const schema = parameter.schema ?? {};
  const value = parameter.example ?? schema.examples?.[0] ?? schema.enum?.[0] ?? schema.default;
  return value === undefined ? undefined : String(value);
}

/** `name (type, default d, one of a|b): description` of one parameter. */
function describeParameter(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const facts: string[] = [schema.enum ? `one of ${schema.enum.join(" | ")}` : (schema.type ?? "string")];
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    facts.push(`${schema.minimum ?? "…"}..${schema.maximum ?? "…"}`);
  }
  if (schema.default !== undefined) facts.push(`default ${String(schema.default)}`);
  const text = parameter.description ?? schema.description;
  return `\`${parameter.name}\` (${parameter.in}, ${facts.join(", ")})${text ? `: ${text}` : ""}`;
}

/** One `curl` request of an operation with example values. */
function exampleRequest(base: string, path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  let url = path;
  for (const p of parameters.filter((x) => x.in === "path")) {
    url = url.replace(`{${p.name}}`, encodeURIComponent(exampleOf(p) ?? "1"));
  }
  const query = new URLSearchParams();
  for (const p of parameters) {
    if (p.in !== "query" || !p.required || p.schema?.default !== undefined) continue;
    query.set(p.name, exampleOf(p) ?? "");
  }
  const search = query.size > 0 ? `?${query}` : "";
  const parts = [`curl -H "Authorization: Bearer $WDS_API_KEY"`];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  if (body !== undefined) {
    const fields = Object.fromEntries(
      (body.required ?? [])
        .filter((name) => body.properties?.[name]?.default === undefined)
        .map((name) => [name, `<${body.properties?.[name]?.description ?? name}>`]),
    );
    parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(fields)}'`);
  }
  parts.push(`"${base}${url}${search}"`);
  return parts.join(" ");
}

/**
 * The llms.txt text of `doc`, with absolute URLs under `base` (scheme, host, optional prefix) and
 * the API under `base` + `basePath`.
 */
export function llmsText(doc: OpenApiDoc, base: string, basePath: string): string {
  const operations: { path: string; method: string; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation !== undefined) operations.push({ path, method, operation });
    }
  }
  // The description's first paragraph: the rest speaks to the /docs page (its relative sign-up link).
  const summary = (doc.info.description ?? "").split("\n\n")[0];
  const lines: string[] = [
    `# ${doc.info.title}`,
    "",
    `> ${summary}`,
    "",
    `Base URL: ${base}${basePath}. Requests and answers are JSON; use HTTPS. The OpenAPI 3.1 document: ${base}/openapi.json; interactive reference: ${base}/docs.`,
    "",
    "## Get a key",
    "",
    `Sign up at ${base}${SIGNUP_PATH} (name, email, password): the account starts on the ${TRIAL_DAYS}-day trial plan, and its keys are made on the dashboard's keys page (${base}/account/keys), where the full key is shown once. Plans and their limits are below.`,
    "",
    "## Authentication",
    "",
    'Every API request carries a key: `Authorization: Bearer <key>` (or `X-API-Key: <key>`). Keys look like `wds_xxxxxxxx_…`. A missing or invalid key: `401 {"message":"Unauthenticated."}`. A key without the ability a route needs, or an account whose subscription is not active: `403` with a `code`.',
    "",
    "## MCP (Model Context Protocol)",
    "",
    `The catalogue is also offered as MCP tools (read-only; each takes \`lang\`: de, en, fr or it), answering with the API's own JSON: ${MCP_TOOL_NAMES.map((t) => `\`${t}\``).join(", ")}. \`identify_label\` needs the Enterprise plan.`,
    "",
    `- Streamable HTTP: \`POST ${base}/mcp\` with the same key as the API (\`Authorization: Bearer <key>\`), \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\`. Stateless: no session, each JSON-RPC message answered with one JSON body (no SSE stream); \`GET\` and \`DELETE\` answer 405. Each POST counts once against the key's limits.`,
    `- stdio, for a desktop assistant: the command \`winedata mcp\` (in a clone of the service: \`node dist/cli.js mcp\`) with \`WINEDATA_API_KEY=<key>\` and \`WINEDATA_URL=${base}${basePath}\`; its tools call this API over HTTPS.`,
    "",
    "## Languages",
    "",
    "Texts come in de, en, fr and it: the `lang` query parameter, then `Accept-Language`, then English. Localized answers carry `Content-Language` and `Vary: Accept-Language`.",
    "",
    "## Endpoints",
    "",
  ];
  let tag: string | undefined;
  for (const { path, method, operation } of operations) {
    const group = operation.tags?.[0];
    if (group !== tag && group !== undefined) {
      tag = group;
      if (lines.at(-1) !== "") lines.push("");
      lines.push(`### ${group}`, "");
    }
    lines.push(`- \`${method.toUpperCase()} ${path}\`: ${operation.summary ?? ""}`);
    for (const parameter of operation.parameters ?? []) lines.push(`  - ${describeParameter(parameter)}`);
    lines.push(`  - Example: \`${exampleRequest(base, path, method, operation)}\``);
  }
  lines.push(
    "",
    "## Plans and limits",
    "",
    "| plan | requests per minute per key | requests per UTC day per account | photo endpoint |",
    "|---|---|---|---|",
  );
  for (const [name, plan] of Object.entries(PLANS)) {
    const minute =
      plan.maxPerMinute === null ? `${plan.defaultPerMinute} by default, configurable` : plan.maxPerMinute;
    const day = plan.perDay === null ? "unlimited" : plan.perDay.toLocaleString("en-US");
    lines.push(`| ${name} | ${minute} | ${day} | ${plan.photo ? "yes" : "no"} |`);
  }
  lines.push(
    "",
    "Every authenticated answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds). Over the minute limit: `429` with `code: rate_limited`; over the daily budget: `429` with `code: quota_exceeded`; both with `Retry-After` and `retry_after` (seconds). `/ping` and `304 Not Modified` answers do not count toward the daily budget. Lists take `page` and `per_page` (default 15, at most 100) and answer `{data, meta, links}`.",
    "",
    "## Codes, identifiers and keeping a copy in sync",
    "",
    "Wines carry `identifiers` `{lwin, gtin, xwines}` (LWIN7 as a 7-digit string or null, barcodes as GTIN-14 strings, the X-Wines WineID or null) and `updated_at` (RFC 3339). Find a wine by code: `GET /wines?lwin=1011247` or `GET /wines?gtin=<GTIN-8, -12, -13 or -14>` (0 or 1 items; a malformed code is a 422). A wine withdrawn by its source answers `410` with `code: gone`; a wine merged into another answers `301` with `Location` (follow it). To mirror the catalogue: `GET /wines?updated_since=<RFC 3339 time>&per_page=100` and follow `links.next` (a cursor) until it is null; items include retired and merged wines (`status`: active, retired or merged; `merged_into`); a wine changed while you page comes again later with its new `updated_at`. Next time, start from the largest `updated_at` you saw.",
    "",
    "## Sources and licences",
    "",
    "`GET /sources` lists them with their last import. Show the attribution wherever the data is shown or passed on:",
    "",
    ...SOURCE_LICENCES.map(
      (s) =>
        `- ${s.title} (${s.homepage}): ${s.licence.name} (${s.licence.url})${s.licence.terms.length ? `; ${s.licence.terms.join("; ")}` : ""}. Attribution: "${s.attribution}". ${s.contributes}`,
    ),
    "",
    "## Caching",
    "",
    "Catalogue answers carry a strong `ETag` and `Cache-Control: private, max-age=…`; send the tag back in `If-None-Match` to get `304 Not Modified` without a body while nothing changed.",
    "",
    "## Errors",
    "",
    'Errors are JSON with a `message`, and all but the 401 and the content 404 also a machine `code`. Invalid parameters: `422` with `code: validation_failed` and `errors: {field: [messages]}`. Unknown resource: `404` with `code: not_found`. Region insights and drinking periods not yet written in the language asked for: `404 {"error": …, "generating": true}` with `Retry-After: 30`; ask again after it.',
    "",
  );
  const statuses = new Map<string, string>();
  for (const { operation } of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (status >= "400" && !statuses.has(status)) statuses.set(status, response.description ?? "");
    }
  }
  for (const [status, description] of [...statuses].sort()) {
    lines.push(`- ${status}: ${STATUS_MEANINGS[status] ?? description}`);
  }
  lines.push("");
  return lines.join("\n");
}

export interface LlmsTxtOptions {
  /** The API's base path (`BASE_PATH`, e.g. `/v1`). */
  basePath: string;
}

export default fp<LlmsTxtOptions>(
  async (app: FastifyInstance, { basePath }) => {
    let built: { base: string; text: string } | null = null;
    app.get("/llms.txt", { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const base = request.linkBase;
      if (built?.base !== base)
        built = { base, text: llmsText(app.swagger() as unknown as OpenApiDoc, base, basePath) };
      reply.type("text/plain; charset=utf-8");
      return built.text;
    });
  },
  { name: "llms-txt", dependencies: ["link-base"] },
);
