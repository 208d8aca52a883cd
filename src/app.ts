/**
 * `buildApp(config)`: the whole service as a Fastify instance, used by the server and the tests.
 * Plugins are registered in a fixed order (what every answer has → external → app → modules); every v1 module sits under
 * the base path, so this file is the one list of routes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from "fastify";
import { type Config, TIMEOUT_CHECK_INTERVAL_MS } from "./config.ts";
import { type Db, migrateToLatest, openDatabase } from "./db/database.ts";
import { AppError } from "./errors.ts";
import { strictValidator } from "./http/strict-validator.ts";
import billingRoutes, { WEBHOOK_BODY_LIMIT } from "./modules/billing/billing.routes.ts";
import contentRoutes from "./modules/content/content.routes.ts";
import type { NamedGenerator } from "./modules/content/content.service.ts";
import { createGenerator } from "./modules/content/generator.ts";
import dashboardRoutes, { DASHBOARD_VIEWS } from "./modules/dashboard/dashboard.routes.ts";
import dashboardAccessRoutes from "./modules/dashboard/dashboard-access.routes.ts";
import dashboardHomeRoutes from "./modules/dashboard/dashboard-home.routes.ts";
import dashboardKeyRoutes from "./modules/dashboard/dashboard-keys.routes.ts";
import dashboardPlanRoutes from "./modules/dashboard/dashboard-plan.routes.ts";
import dashboardProfileRoutes from "./modules/dashboard/dashboard-profile.routes.ts";
import { textsFor } from "./modules/dashboard/texts/texts.ts";
import grapeRoutes from "./modules/grapes/grapes.routes.ts";
import labelRoutes from "./modules/labels/labels.routes.ts";
import type { PhotoReader } from "./modules/labels/ocr-pool.ts";
import mcpRoutes from "./modules/mcp/mcp.routes.ts";
import type { McpToolOptions } from "./modules/mcp/mcp.tools.ts";
import producerRoutes from "./modules/producers/producers.routes.ts";
import regionRoutes from "./modules/regions/regions.routes.ts";
import sourceRoutes from "./modules/sources/sources.routes.ts";
import { healthRoutes, pingRoutes } from "./modules/system/system.routes.ts";
import wineRoutes from "./modules/wines/wines.routes.ts";
import authPlugin from "./plugins/auth.ts";
import billing from "./plugins/billing.ts";
import catalogueVersion from "./plugins/catalogue-version.ts";
import clockPlugin from "./plugins/clock.ts";
import contentPlugin from "./plugins/content.ts";
import dbPlugin from "./plugins/db.ts";
import errorHandler, { clientErrorHandler, frameworkErrors } from "./plugins/error-handler.ts";
import labels from "./plugins/labels.ts";
import language from "./plugins/language.ts";
import linkBase from "./plugins/link-base.ts";
import llmsTxt from "./plugins/llms-txt.ts";
import mailer from "./plugins/mailer.ts";
import metrics from "./plugins/metrics.ts";
import { DOCS_CSP, OPENAPI_TITLE, openApiOptions } from "./plugins/openapi.ts";
import passwordStrength from "./plugins/password-strength.ts";
import processErrors from "./plugins/process-errors.ts";
import rateLimits from "./plugins/rate-limit.ts";
import requestBodies, { type BodyRule } from "./plugins/request-bodies.ts";
import responseCache from "./plugins/response-cache.ts";
import securityHeaders, { EVERY_ANSWER } from "./plugins/security-headers.ts";
import webPages, { FORM_BODY_LIMIT } from "./plugins/web-pages.ts";
import wineLists from "./plugins/wine-lists.ts";
import wineSearch from "./plugins/wine-search.ts";

/** What tests and the CLI may replace. */
export interface AppDeps {
  /** An open database (else opened from `config.database` and closed with the app). */
  database?: Db;
  /**
   * An open read replica for the catalogue reads (else opened from `config.databaseRead`, when set,
   * and closed with the app).
   */
  readDatabase?: Db;
  /** The time source for subscriptions, budgets and timestamps (default: the system clock). */
  clock?: () => Date;
  /** The content generator (default: the offline generator). */
  generator?: NamedGenerator;
  /** First retry delay of failed generation jobs (default 2 s). */
  backoffBaseMs?: number;
  /** Where log lines go (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** Reads text from photos (default: the OCR worker pool). */
  photoReader?: PhotoReader;
  /** Ends the process after an uncaught exception was logged and the app closed (default: exit 1). */
  onFatal?: (err: unknown) => void;
  /** How long the MCP tools of `/mcp` wait for a text being written (default 5 s, asked every 0.5 s). */
  mcp?: McpToolOptions;
}

/** Largest JSON-RPC message of `POST /mcp` without a photo: a tool call's arguments are a few hundred bytes. */
const MCP_MESSAGE_LIMIT = 64 * 1024;

/**
 * The routes that take a request body, with its media types and largest size (docs/api.md "Request
 * bodies"); every other route refuses one (plugins/request-bodies.ts).
 * - the photo: base64 JSON up to `BODY_LIMIT_BYTES`, Enterprise keys only (checked before);
 * - `/mcp`: a JSON-RPC message; with a key whose plan has the photo endpoint, room for the photo of
 *   `identify_label` (`BODY_LIMIT_BYTES` plus the message around it), else {@link MCP_MESSAGE_LIMIT};
 * - the Stripe webhook: {@link WEBHOOK_BODY_LIMIT};
 * - the dashboard's forms: URL-encoded, {@link FORM_BODY_LIMIT}.
 */
function bodyRules(config: Config): BodyRule[] {
  const json = ["application/json"];
  const withPhoto = config.bodyLimitBytes + MCP_MESSAGE_LIMIT;
  return [
    {
      method: "POST",
      url: `${config.basePath}/photo/analyze`,
      policy: { types: json, limitBytes: config.bodyLimitBytes },
    },
    {
      method: "POST",
      url: "/mcp",
      policy: {
        types: json,
        limitBytes: withPhoto,
        limitFor: (request) => (request.auth?.access.limits?.photo ? withPhoto : MCP_MESSAGE_LIMIT),
      },
    },
    { method: "POST", url: "/billing/webhook", policy: { types: json, limitBytes: WEBHOOK_BODY_LIMIT } },
    {
      method: "POST",
      under: "/account/",
      policy: { types: ["application/x-www-form-urlencoded"], limitBytes: FORM_BODY_LIMIT },
    },
  ];
}

/** The offline generator under the name stored beside its output. */
export const offlineGenerator = (): NamedGenerator => createGenerator({ kind: "offline" });

/** Builds the app on a migrated database; call `listen` (server) or `inject` (tests) on it. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const database = deps.database ?? openDatabase(config.database);
  await migrateToLatest(database);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          "req.headers.authorization",
          'req.headers["x-api-key"]',
          'req.headers["x-wds-inner-call"]',
          "req.headers.cookie",
        ],
        censor: "[redacted]",
      },
      // The token of a mailed link (verification, reset, email change) is a secret: never logged.
      serializers: {
        req: (req: { method: string; url: string; hostname?: string; remoteAddress?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&#]*/g, "$1[redacted]"),
          hostname: req.hostname,
          remoteAddress: req.remoteAddress,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Fastify accepts a hop count too, although its option type does not say so.
    trustProxy: config.trustProxy as boolean | string,
    // No global body limit: the routes that take a body have their own, the others refuse one.
    // Slow or idle clients cannot hold a connection for ever (Config.timeouts documents each).
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      // The link-base plugin answers a missing Host with a JSON 400 (Node's own has no body).
      requireHostHeader: false,
    },
    requestTimeout: config.timeouts.requestMs,
    // Requests arriving while the app closes are answered by the error-handler plugin with the usual
    // {message, code} body and Retry-After; Fastify's own 503 body has no `code`.
    return503OnClosing: false,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Every error body has {message, code}: what Node's parser and Fastify's router refuse too.
    clientErrorHandler,
    frameworkErrors,
    // Ajv as configured by Fastify, plus: no Infinity in a number, no U+0000 in a text.
    schemaController: { compilersFactory: { buildValidator: strictValidator() } },
    // One line per request only at debug/trace; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace",
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // An `Expect` other than 100-continue: 417 with the usual body (Node's own has none).
  app.server.on("checkExpectation", (_req: IncomingMessage, res: ServerResponse) => {
    const error = new AppError("expectation_failed", "Only the expectation 100-continue is supported.");
    res.writeHead(error.status, {
      ...EVERY_ANSWER,
      "content-type": "application/json; charset=utf-8",
      connection: "close",
    });
    res.end(JSON.stringify(error.body()));
  });

  // What every answer has, registered first so that every route (those of /docs too) gets it:
  // security headers, last-resort error logs, the error handler and its bodies.
  await app.register(securityHeaders);
  await app.register(processErrors, { traceRequestIds: config.traceRequestIds, onFatal: deps.onFatal });
  await app.register(errorHandler);

  // External plugins: the OpenAPI document (before any documented route) and /docs
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    theme: { title: OPENAPI_TITLE },
    staticCSP: DOCS_CSP,
  });

  // Application plugins
  await app.register(clockPlugin, { now: deps.clock });
  await app.register(linkBase, { publicUrl: config.publicUrl });
  await app.register(dbPlugin, {
    database,
    closeOnExit: deps.database === undefined,
    read: config.databaseRead,
    readDatabase: deps.readDatabase,
  });
  await app.register(catalogueVersion);
  await app.register(metrics, { port: config.metricsPort, host: config.host });
  // A generator given as a function cannot cross into a worker thread, nor can an in-memory database.
  const inMemory = config.database.kind === "sqlite" && config.database.path === ":memory:";
  const mode = config.generation === "thread" && (deps.generator || inMemory) ? "inline" : config.generation;
  const generator =
    deps.generator ??
    createGenerator(config.generator, (kind, reason) =>
      app.log.warn({ kind, reason }, "generator fell back to offline"),
    );
  await app.register(contentPlugin, {
    generator,
    generatorSetting: config.generator,
    database: config.database,
    mode,
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    backoffBaseMs: deps.backoffBaseMs,
    idleMs: config.generationIdleMs,
  });
  await app.register(rateLimits, { redis: config.redis, signupLimits: config.signupLimits });
  await app.register(authPlugin, {
    prefix: config.basePath,
    keyCacheMs: config.authCacheMs,
    redis: config.redis,
  });
  await app.register(requestBodies, { rules: bodyRules(config) });
  await app.register(billing, { setting: config.billing });
  await app.register(mailer, { setting: config.mail, production: !config.development });
  await app.register(passwordStrength);
  await app.register(language);
  await app.register(responseCache, { budgetBytes: config.responseCacheBytes });
  await app.register(wineLists);
  await app.register(wineSearch);
  await app.register(labels, {
    ocrProcesses: config.ocrProcesses,
    ocrIdleMs: config.ocrIdleMs,
    matcherIdleMs: config.matcherIdleMs,
    matcherCacheDir: config.matcherCacheDir,
    timeoutMs: config.photoTimeoutMs,
    read: deps.photoReader,
  });

  // Modules
  await app.register(healthRoutes);
  await app.register(billingRoutes);
  // MCP (Streamable HTTP) beside the API, not under its base path; its tools call the API in-process.
  await app.register(mcpRoutes, {
    basePath: config.basePath,
    publicUrl: config.publicUrl,
    host: config.host,
    tools: deps.mcp,
  });
  await app.register(
    async (v1) => {
      await v1.register(pingRoutes);
      await v1.register(wineRoutes);
      await v1.register(producerRoutes);
      await v1.register(regionRoutes);
      await v1.register(grapeRoutes);
      await v1.register(contentRoutes);
      await v1.register(labelRoutes);
      await v1.register(sourceRoutes);
    },
    { prefix: config.basePath },
  );
  // The account dashboard: server-rendered pages with their own cookies, CSRF and security headers.
  const formTargets =
    config.billing.kind === "stripe"
      ? ["https://checkout.stripe.com", ...(config.billing.apiUrl ? [config.billing.apiUrl.origin] : [])]
      : [];
  const pages = {
    views: DASHBOARD_VIEWS,
    basePath: "/account",
    cacheTemplates: !config.development,
    formTargets,
    locals: (request: FastifyRequest) => ({
      t: textsFor(request.pageLang),
      apiBase: `${request.linkBase}${config.basePath}`,
    }),
  };
  const dashboard = { apiPath: config.basePath, prices: config.prices, publicUrl: config.publicUrl };
  await app.register(
    async (web) => {
      await web.register(webPages, pages);
      await web.register(dashboardRoutes, dashboard);
      await web.register(dashboardAccessRoutes, dashboard);
      await web.register(dashboardProfileRoutes, dashboard);
      await web.register(dashboardKeyRoutes, dashboard);
      await web.register(dashboardPlanRoutes, dashboard);
    },
    { prefix: "/account" },
  );
  // The front door at `/`, in the dashboard's layout: a scope of its own without a prefix, where
  // unknown paths keep the API's JSON 404 (the cookies keep their Path=/account).
  await app.register(async (front) => {
    await front.register(webPages, { ...pages, notFoundPage: false });
    await front.register(dashboardHomeRoutes, dashboard);
  });
  app.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(llmsTxt, { basePath: config.basePath });
  return app;
}
