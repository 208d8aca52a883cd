/**
 * What the server-rendered dashboard pages under `/account` share, registered inside their scope
 * only (the JSON API is untouched):
 * - cookies (@fastify/cookie), HTML form bodies (@fastify/formbody, at most {@link FORM_BODY_LIMIT}),
 *   CSRF tokens (@fastify/csrf-protection: a secret in an HttpOnly cookie, a token in every form
 *   bound to the session it was made for — "guest" before log-in — with an HMAC under the service's
 *   `dashboard_hmac` secret, so a token of another browser, of the logged-out page or of an ended
 *   session is refused; checked on every POST by `app.csrfProtection` (preValidation: after the
 *   body is parsed, before it is validated)), security headers (@fastify/helmet: a CSP allowing
 *   only this origin's stylesheet and script, no framing (X-Frame-Options DENY), no referrer; HSTS
 *   and the other headers of every answer come from plugins/security-headers.ts), templates (@fastify/view with
 *   eta, auto-escaping), `Cache-Control: no-store` on every page;
 * - the session: `request.session` is the live session of the `wds_session` cookie with its account,
 *   or null (accounts/sessions.service.ts). The cookie is HttpOnly, SameSite=Lax, Path=/account,
 *   Secure when the request came over HTTPS (directly or through a trusted proxy);
 * - device cookies (accounts/device-cookie.ts): `reply.rememberDevice(email)` after a log-in,
 *   `request.knownDevice(email)` for the log-in throttle;
 * - the page language `request.pageLang` (en or de): `lang` query > the `wds_lang` cookie set by the
 *   language switch > Accept-Language > en;
 * - `signedIn` for the templates: a session, or outside `basePath` (the front door at `/`, which
 *   never receives the session cookie) the `wds_signed_in` cookie: Path=/, no secret, set and removed
 *   with the session by every page under `basePath`; it only chooses which links a page offers;
 * - deny by default: every route declares `config.page` — `account` (a session is needed, else 303
 *   to the log-in page), `guest` (log-in and sign-up: a logged-in user goes to the overview), `open`
 *   (anyone, logged in or out: the front door, a mailed link) or `asset` (the stylesheet and the copy
 *   script); a route without one stops the app at start;
 * - errors as HTML pages (the `error` view) for browsers, as `{message, code}` JSON otherwise; 5xx
 *   never show their cause. Unknown paths get the 404 page too, unless `notFoundPage` is false (a
 *   scope without a path prefix, where the app's JSON 404 stays).
 */
import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import view from "@fastify/view";
import { Eta } from "eta";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import { fromAcceptLanguage } from "../http/language.ts";
import { DEVICE_COOKIE_MAX_AGE_S, deviceCookieValue, deviceOf } from "../modules/accounts/device-cookie.ts";
import { serviceSecret } from "../modules/accounts/service-secrets.service.ts";
import { type ActiveSession, resumeSession, startSession } from "../modules/accounts/sessions.service.ts";
import type { PageLanguage } from "../modules/dashboard/texts/texts.ts";
import { toAppError } from "./error-handler.ts";

/** Access a dashboard route declares. */
export type PageAccess = "account" | "guest" | "open" | "asset";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Dashboard routes: who may open the page (see plugins/web-pages.ts). */
    page?: PageAccess;
  }
  interface FastifyRequest {
    /** The dashboard session and its account, or null (logged out). */
    session: ActiveSession | null;
    /** The dashboard's language for this request. */
    pageLang: PageLanguage;
    /** The id of this browser's device cookie when it was set by a log-in to `email`, else null. */
    knownDevice(email: string): string | null;
  }
  interface FastifyReply {
    /** Starts a session of `accountId` and sets its cookie. */
    logIn(accountId: number): Promise<string>;
    /** Removes the session cookie (the row is deleted by the caller). */
    clearSession(): void;
    /** Gives this browser a device cookie for `email` (after a successful log-in). */
    rememberDevice(email: string): void;
    /** What every template of this request gets (set by the plugin's `onRequest`). */
    pageData: Record<string, unknown> | null;
    /** Renders template `name` with the page data and `data` (HTML). */
    page(name: string, data?: Record<string, unknown>): Promise<string>;
  }
}

/** Name of the session cookie. */
export const SESSION_COOKIE = "wds_session";
/** Name of the language cookie. */
const LANG_COOKIE = "wds_lang";
/** Name of the device cookie. */
const DEVICE_COOKIE = "wds_device";
/** Name of the cookie telling pages outside `basePath` that this browser has a session (no secret). */
export const SIGNED_IN_COOKIE = "wds_signed_in";
/** Largest accepted form body, in bytes. */
export const FORM_BODY_LIMIT = 16_384;

/** Options of the plugin. */
export interface WebPagesOptions {
  /** The directory of the eta templates. */
  views: string;
  /** Where the pages are served (`/account`): cookie path and log-in redirect. */
  basePath: string;
  /** Cache compiled templates (production). */
  cacheTemplates: boolean;
  /** Origins a form may send the browser to besides this one (CSP form-action), e.g. Stripe Checkout. */
  formTargets: string[];
  /** What every template gets besides `csrf`, `account` and `signedIn` (the texts of `request.pageLang`). */
  locals: (request: FastifyRequest) => Record<string, unknown>;
  /** Answer unknown paths of this scope with the 404 page (default true); false in a scope without prefix. */
  notFoundPage?: boolean;
}

function pageLanguage(request: FastifyRequest): PageLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (query === "en" || query === "de") return query;
  const saved = request.cookies[LANG_COOKIE];
  if (saved === "en" || saved === "de") return saved;
  return fromAcceptLanguage(request.headers["accept-language"]) === "de" ? "de" : "en";
}

export default fp<WebPagesOptions>(
  async (app: FastifyInstance, options) => {
    const { basePath } = options;
    const clock = app.clock;
    const hmacKey = await serviceSecret(app.db, "dashboard_hmac");
    /** What a CSRF token is bound to: the session's row id, or "guest" before log-in. */
    const csrfUser = (request: FastifyRequest) => request.session?.session.id ?? "guest";
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
    await app.register(csrf, {
      sessionPlugin: "@fastify/cookie",
      cookieKey: "wds_csrf",
      cookieOpts: { path: basePath, httpOnly: true, sameSite: "lax", secure: "auto" },
      csrfOpts: { hmacKey },
      getUserInfo: csrfUser,
      getToken: (request) =>
        (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", "data:"],
          formAction: ["'self'", ...options.formTargets],
          frameAncestors: ["'none'"],
          // Served over plain HTTP in development: nothing must be upgraded.
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: "no-referrer" },
      // One framing policy with the CSP's frame-ancestors; HSTS only over HTTPS: plugins/security-headers.ts.
      xFrameOptions: { action: "deny" },
      strictTransportSecurity: false,
    });
    await app.register(view, {
      engine: { eta: new Eta() },
      templates: options.views,
      production: options.cacheTemplates,
    });

    app.decorateRequest("session", null);
    app.decorateRequest("pageLang", "en");
    const cookieOptions = { path: basePath, httpOnly: true, sameSite: "lax", secure: "auto" } as const;
    const signedInOptions = { ...cookieOptions, path: "/" } as const;
    app.decorateReply("logIn", async function (this: FastifyReply, accountId: number) {
      const { token, expiresAt } = await startSession(app.db, accountId, clock());
      this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      this.setCookie(SIGNED_IN_COOKIE, "1", { ...signedInOptions, expires: expiresAt });
      return token;
    });
    app.decorateReply("pageData", null);
    app.decorateReply(
      "page",
      function (this: FastifyReply, name: string, data: Record<string, unknown> = {}) {
        this.type("text/html; charset=utf-8");
        return this.viewAsync(name, { ...this.pageData, ...data });
      },
    );
    app.decorateReply("clearSession", function (this: FastifyReply) {
      this.clearCookie(SESSION_COOKIE, cookieOptions);
      this.clearCookie(SIGNED_IN_COOKIE, signedInOptions);
    });
    app.decorateReply("rememberDevice", function (this: FastifyReply, email: string) {
      this.setCookie(DEVICE_COOKIE, deviceCookieValue(hmacKey, email), {
        ...cookieOptions,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    });
    app.decorateRequest("knownDevice", function (this: FastifyRequest, email: string) {
      return deviceOf(hmacKey, this.cookies[DEVICE_COOKIE], email);
    });

    /** True for paths under `basePath`, the only ones the browser sends the session cookie to. */
    const underBase = (url: string) =>
      url.startsWith(basePath) &&
      (url.length === basePath.length || /^[/?]/.test(url.slice(basePath.length)));
    /** The data every template gets: the options' locals, the CSRF token, the logged-in account. */
    const setLocals = (request: FastifyRequest, reply: FastifyReply) => {
      const inBase = underBase(request.url);
      const hinted = !inBase && request.cookies?.[SIGNED_IN_COOKIE] === "1";
      reply.pageData = {
        ...options.locals(request),
        // Outside basePath the CSRF cookie is not sent: a token made there would replace the secret
        // of the forms open under basePath. Pages there have no forms. No cookies yet when an error
        // is answered before this scope's hooks ran (a bad Host, a refused body): no session, no form.
        csrf: inBase && request.cookies !== null ? reply.generateCsrf({ userInfo: csrfUser(request) }) : null,
        account: request.session?.account ?? null,
        signedIn: request.session !== null || hinted,
      };
    };

    app.addHook("onRoute", (route) => {
      // Pages, not API: kept out of the OpenAPI document (and so out of the API's fuzz suite).
      route.schema = { ...route.schema, hide: true };
      if (route.config?.page === undefined) {
        throw new Error(
          `Dashboard route ${String(route.method)} ${route.url} declares no config.page access.`,
        );
      }
    });

    app.addHook("onRequest", async (request, reply) => {
      const access = request.routeOptions.config.page;
      if (access === "asset") return;
      reply.header("cache-control", "no-store");
      request.pageLang = pageLanguage(request);
      const asked = (request.query as Record<string, unknown> | undefined)?.lang;
      if (asked === "en" || asked === "de") {
        reply.setCookie(LANG_COOKIE, asked, { ...cookieOptions, maxAge: 365 * 86_400 });
      }
      const token = request.cookies[SESSION_COOKIE];
      request.session = token ? await resumeSession(app.db, token, clock()) : null;
      if (token && request.session === null) reply.clearSession();
      // Only under basePath does the absence of the session cookie mean that there is no session.
      const hinted = request.cookies[SIGNED_IN_COOKIE] === "1";
      if (underBase(request.url) && hinted !== (request.session !== null)) {
        if (request.session === null) reply.clearCookie(SIGNED_IN_COOKIE, signedInOptions);
        else {
          const expires = new Date(request.session.session.expires_at);
          reply.setCookie(SIGNED_IN_COOKIE, "1", { ...signedInOptions, expires });
        }
      }
      setLocals(request, reply);
      if (access === "account" && request.session === null) {
        return reply.redirect(`${basePath}/login`, 303);
      }
      if (access === "guest" && request.session !== null && request.method === "GET") {
        return reply.redirect(basePath, 303);
      }
    });

    // The page's language, not the one the API's language plugin derived from `lang` (fr, it → en).
    app.addHook("onSend", async (request, reply) => {
      if (request.routeOptions.config.page === "asset") return;
      reply.header("content-language", request.pageLang);
      reply.header("vary", "Accept-Language, Cookie");
    });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const appError = error.code?.startsWith("FST_CSRF")
        ? new AppError("forbidden", "The form has expired; reload the page and try again.")
        : toAppError(error);
      if (appError === null || appError.status >= 500) request.log.error({ err: error }, "dashboard error");
      const status = appError?.status ?? 500;
      for (const [name, value] of Object.entries(appError?.options.headers ?? {})) reply.header(name, value);
      reply.code(status);
      if (!request.headers.accept?.includes("text/html")) {
        return appError && status < 500
          ? appError.body()
          : {
              message: status === 503 ? appError?.message : "Server Error",
              code: appError?.code ?? "internal_error",
            };
      }
      if (reply.pageData === null) setLocals(request, reply);
      return reply.page("error", { status, code: appError?.code ?? "internal_error" });
    });
    if (options.notFoundPage === false) return;
    app.setNotFoundHandler((request, reply) => {
      reply.code(404);
      if (!request.headers.accept?.includes("text/html")) return { message: "Not found.", code: "not_found" };
      if (reply.pageData === null) setLocals(request, reply);
      return reply.page("error", { status: 404, code: "not_found" });
    });
  },
  { name: "web-pages", dependencies: ["db"] },
);
