/**
 * The in-memory state of the wine lists, decorated as `app.wineLists`: the list positions (every
 * wine's id, colour, sub-type and region, and its list item's columns: modules/wines/wine-positions.ts)
 * and the regions of list items (modules/wines/summary-regions.ts), both per catalogue version and
 * read from `app.catalogueDb`. The plugin owns their life cycle: the positions are read in the
 * background shortly after the service listens (not at once: that would slow the start-up's first
 * answers), so the first unfiltered list does not wait for a read of every wine; a list asked for
 * earlier starts the same read, and a failed read is retried by the next list. Closing the app cancels
 * a preload not yet started.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SummaryRegions } from "../modules/wines/summary-regions.ts";
import { WinePositions } from "../modules/wines/wine-positions.ts";
import { producerNamePages, summaryRegions, wineListPages } from "../modules/wines/wines.repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The wine lists' in-memory state (see the plugin's comment). */
    wineLists: { positions: WinePositions; regions: SummaryRegions };
  }
}

/** Delay after listening before the in-memory list positions are read, in milliseconds. */
const PRELOAD_DELAY_MS = 2_000;

export default fp(
  async (app: FastifyInstance) => {
    const positions = new WinePositions(
      () => wineListPages(app.catalogueDb),
      () => producerNamePages(app.catalogueDb),
    );
    const regions = new SummaryRegions((ids) => summaryRegions(app.catalogueDb, ids));
    app.decorate("wineLists", { positions, regions });
    let preload: NodeJS.Timeout | undefined;
    app.addHook("onListen", async () => {
      preload = setTimeout(() => {
        Promise.resolve(app.catalogueVersion.current())
          .then((at) => positions.prepare(at))
          .catch((err) => app.log.warn({ err }, "wine list positions not preloaded"));
      }, PRELOAD_DELAY_MS).unref();
    });
    app.addHook("onClose", async () => clearTimeout(preload));
  },
  { name: "wine-lists", dependencies: ["db", "catalogue-version"] },
);
