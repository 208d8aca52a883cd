/**
 * The wine search of the app, decorated as `app.wineSearch`: an in-memory index of every wine
 * (modules/search/wine-search.ts), built and searched in a worker thread (search-thread.ts: no
 * search holds the request thread; at most 64 wait, more get 503), built once the service listens
 * (not before: a start must answer /health at once), rebuilt when the catalogue version moves, and
 * stopped with the app. A failing build is logged to the app's log (warn, once until one succeeds).
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
    const search = new InMemoryWineSearch(app.catalogueDb, () => app.catalogueVersion.current(), {
      log: app.log.child({ component: "search" }),
      thread: true,
    });
    app.decorate("wineSearch", search);
    app.addHook("onListen", async () => {
      // A failed build is logged by the search (once per outage) and tried again by itself.
      search.prepare().catch(() => {});
    });
    // Before the databases close (onClose): a build they cut short is the close, not a failure.
    app.addHook("preClose", async () => search.close());
  },
  { name: "wine-search", dependencies: ["db", "catalogue-version"] },
);
