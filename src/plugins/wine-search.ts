/**
 * The wine search of the app, decorated as `app.wineSearch`: an in-memory index of every wine
 * (modules/search/wine-search.ts), built in the background once the service listens (not before:
 * a start must answer /health at once), rebuilt when the catalogue version moves, and stopped with
 * the app.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { InMemoryWineSearch } from "../modules/search/wine-search.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Ranked wine search over the current catalogue. */
    wineSearch: InMemoryWineSearch;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const search = new InMemoryWineSearch(app.catalogueDb, () => app.catalogueVersion.current());
    app.decorate("wineSearch", search);
    app.addHook("onListen", async () => {
      search.prepare().catch((err: unknown) => app.log.error({ err }, "building the search index failed"));
    });
    app.addHook("onClose", async () => search.close());
  },
  { name: "wine-search", dependencies: ["db", "catalogue-version"] },
);
