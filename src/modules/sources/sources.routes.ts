/** GET /sources: the catalogue's sources, their licences and attribution, and their last import. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthErrors } from "../../http/schemas.ts";
import { SourcesResponse } from "./sources.schemas.ts";
import { listSources } from "./sources.service.ts";

const sourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/sources",
    {
      // A catalogue read like the wines' (an import changes it, which moves the catalogue version).
      config: { ability: "wines:read", cache: true },
      schema: {
        tags: ["sources"],
        summary: "The catalogue's sources: licence, attribution, last release imported",
        response: { 200: SourcesResponse, ...AuthErrors },
      },
    },
    async () => ({ data: await listSources(app.catalogueDb) }),
  );
};

export default sourceRoutes;
