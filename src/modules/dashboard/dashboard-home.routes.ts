/**
 * The front door, `GET /`: what the service is, the plans side by side with their limits and prices,
 * and the ways in (sign-up or, for a browser with a session, the dashboard; log-in; the API
 * reference, the OpenAPI document, /llms.txt, MCP). Browsers (Accept with `text/html`) get the page
 * in the dashboard's layout, stylesheet and languages; everyone else the JSON index
 * (dashboard-home.schemas.ts). Registered in a scope of its own without a path prefix (app.ts), with
 * the page machinery of plugins/web-pages.ts (security headers, language, `signedIn`).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { TRIAL_DAYS } from "../accounts/plans.ts";
import { PageQuery } from "./dashboard.schemas.ts";
import type { DashboardOptions } from "./dashboard.service.ts";
import { HomeIndex } from "./dashboard-home.schemas.ts";
import { planColumns, planOffers } from "./plan-table.service.ts";
import { format, textsFor } from "./texts/texts.ts";

const dashboardHomeRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { apiPath, prices }) => {
  // One URL, two representations (RFC 9110 §12.5.5): caches must key on Accept too.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("vary", "Accept, Accept-Language, Cookie");
  });

  app.get(
    "/",
    {
      config: { page: "open", public: true },
      schema: {
        querystring: PageQuery,
        response: {
          200: {
            content: {
              "application/json": { schema: HomeIndex },
              "text/html": { schema: Type.String() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const base = request.linkBase;
      if (!request.headers.accept?.includes("text/html")) {
        return {
          name: t.service,
          description: t.home.lead,
          links: {
            api: `${base}${apiPath}`,
            docs: `${base}/docs`,
            openapi: `${base}/openapi.json`,
            llms_txt: `${base}/llms.txt`,
            mcp: `${base}/mcp`,
            signup: `${base}/account/signup`,
            login: `${base}/account/login`,
          },
          plans: planOffers(prices, t),
        };
      }
      return reply.page("home", {
        plans: planColumns(prices, t),
        signup: format(t.home.signup, { days: TRIAL_DAYS }),
        mcpUrl: `${base}/mcp`,
      });
    },
  );
};

export default dashboardHomeRoutes;
