/**
 * The routes to fuzz, read from the service's own OpenAPI document (`GET /openapi.json`): method,
 * path template, query and path parameters with their schemas, request body schema and the
 * documented answers; plus the unauthenticated routes the document leaves out.
 */

/** The subset of JSON Schema the generators understand. */
export interface ParamSchema {
  type?: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** A query or path parameter. */
export interface ParamSpec {
  name: string;
  in: "query" | "path";
  required: boolean;
  schema: ParamSchema;
}

/** One operation of the service. */
export interface RouteSpec {
  method: "GET" | "POST";
  /** Path template with `{name}` placeholders, base path included (`/v1/wines/{id}`). */
  path: string;
  params: ParamSpec[];
  /** Properties of the JSON request body (POST routes), with the required ones. */
  body: { properties: Record<string, ParamSchema>; required: string[] } | null;
  /** Needs an API key (every operation of the document declares security). */
  authenticated: boolean;
  /** Documented answer statuses. */
  statuses: number[];
  /** Documents a 404 `{error, generating}` body (region insights, drinking periods). */
  generating404: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: ParamSchema }[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, ParamSchema>; required?: string[] } }>;
  };
  responses?: Record<string, { content?: Record<string, { schema?: { required?: string[] } }> }>;
  security?: unknown[];
}

/** The parts of an OpenAPI 3.1 document read here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: unknown[];
}

/** Routes outside the document (no key needed); their answers are fixed, not described there. */
const UNLISTED: RouteSpec[] = ["/health", "/ready", "/openapi.json"].map((path) => ({
  method: "GET",
  path,
  params: [],
  body: null,
  authenticated: false,
  statuses: [200, 503],
  generating404: false,
}));

/**
 * Every operation of `doc` as a {@link RouteSpec}, plus `/health`, `/ready` and `/openapi.json`.
 * @throws Error when the document lists no operation (a fuzz run over nothing must not pass).
 */
export function routesOf(doc: OpenApiDocument): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== "GET" && upper !== "POST") continue;
      const params: ParamSpec[] = (op.parameters ?? [])
        .filter((p) => p.in === "query" || p.in === "path")
        .map((p) => ({
          name: p.name,
          in: p.in as "query" | "path",
          required: p.required === true || p.in === "path",
          schema: p.schema ?? {},
        }));
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const responses = op.responses ?? {};
      const generating = responses["404"]?.content?.["application/json"]?.schema?.required ?? [];
      routes.push({
        method: upper,
        path,
        params,
        body: bodySchema
          ? { properties: bodySchema.properties ?? {}, required: bodySchema.required ?? [] }
          : null,
        authenticated: (op.security ?? doc.security ?? []).length > 0,
        statuses: Object.keys(responses).map(Number),
        generating404: generating.includes("generating"),
      });
    }
  }
  if (routes.length === 0) throw new Error("the OpenAPI document lists no operation");
  return [...routes, ...UNLISTED];
}

/** The catalogue table whose ids a path parameter takes (by the route's first segment after the base). */
export function idTableOf(route: RouteSpec): "wines" | "producers" | "regions" | "grapes" | null {
  const segment = route.path
    .split("/")
    .find((s) => /^(wines|producers|regions|grapes|region-insights|drinking-periods)$/.test(s));
  switch (segment) {
    case "wines":
    case "drinking-periods":
      return "wines";
    case "producers":
      return "producers";
    case "regions":
    case "region-insights":
      return "regions";
    case "grapes":
      return "grapes";
    default:
      return null;
  }
}
