/**
 * The response language, decorated as `request.lang` (docs/decisions.md "Languages": the `lang` query
 * parameter, then Accept-Language, then English; see http/language.ts).
 *
 * A route is localized when its query schema has a `lang` parameter. On such a route `request.lang`
 * is set before the handler (and before the response cache looks the answer up), and the answer is
 * marked with `Content-Language` and `Vary: Accept-Language`; an error answer is not (its message is
 * English whatever was asked: the error handler drops both headers). Elsewhere `request.lang` is "en".
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Language } from "../domain/vocabulary.ts";
import { pickLanguage } from "../http/language.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set at registration: the route's query schema has `lang`. */
    localized?: boolean;
  }
  interface FastifyRequest {
    /** The language of this answer (localized routes; else "en"). */
    lang: Language;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("lang", "en");
    app.addHook("onRoute", (route) => {
      const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
      if (query?.properties?.lang !== undefined) route.config = { ...route.config, localized: true };
    });
    // Callback style: no promise per request on the hot path.
    app.addHook("preHandler", (request, reply, done) => {
      if (request.routeOptions.config.localized !== true) return done();
      const lang = pickLanguage(
        (request.query as { lang?: string }).lang,
        request.headers["accept-language"],
      );
      request.lang = lang;
      reply.header("Content-Language", lang);
      reply.header("Vary", "Accept-Language");
      done();
    });
  },
  { name: "language" },
);
