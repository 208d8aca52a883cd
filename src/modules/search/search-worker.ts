/**
 * Worker thread holding the wine search index, so that building it and searching it (a common word
 * at 300,000 wines: bench/results/search-latency-after.md, the in-process rows) never
 * hold the request thread. One thread serves a search for its whole life: each catalogue version is
 * a build (`gen`, increasing); the index of the last finished build answers, the previous one until
 * then. Messages in: `{ gen, page }` (wines of build `gen`, ascending ids), `{ gen, end: true }` (no
 * more wines: finish; the first build is warmed up first, search-warm-up.ts), `{ id, q, limit }` (a
 * search). Messages out: `{ gen, ready: true }` once build `gen` answers, `{ gen, error }` if it
 * failed, `{ id, ids, total, gen }` for each search (`gen`: the build that answered; -1 and no ids
 * when none is ready), `{ id, error }` if the search threw. See {@link SearchThread}.
 */
import { parentPort } from "node:worker_threads";
import { warmUp } from "./search-warm-up.ts";
import { type IndexedWine, WineIndexBuilder } from "./wine-index.ts";
import { IndexSearcher } from "./wine-ranking.ts";

export type SearchRequest =
  | { gen: number; page: IndexedWine[] }
  | { gen: number; end: true }
  | { id: number; q: string; limit: number };

export type SearchReply =
  | { gen: number; ready: true }
  | { gen: number; error: string }
  | { id: number; ids: number[]; total: number; gen: number }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("search-worker runs in a worker thread");

/** The build under way (a newer `gen` drops an older unfinished one), and the newest started. */
let building: { gen: number; builder: WineIndexBuilder } | null = null;
let started = 0;
let current: { gen: number; searcher: IndexSearcher } | null = null;
let warmedUp = false;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function search(id: number, q: string, limit: number): void {
  if (current === null) {
    port?.postMessage({ id, ids: [], total: 0, gen: -1 } satisfies SearchReply);
    return;
  }
  try {
    const { ids, total } = current.searcher.searchWithTotal(q, limit);
    port?.postMessage({ id, ids, total, gen: current.gen } satisfies SearchReply);
  } catch (err) {
    port?.postMessage({ id, error: message(err) } satisfies SearchReply);
  }
}

async function finish(gen: number, builder: WineIndexBuilder): Promise<void> {
  const searcher = new IndexSearcher(builder.finish());
  if (!warmedUp) {
    await warmUp(searcher);
    warmedUp = true;
  }
  if (current !== null && current.gen > gen) return;
  current = { gen, searcher };
  port?.postMessage({ gen, ready: true } satisfies SearchReply);
}

port.on("message", (request: SearchRequest) => {
  if ("id" in request) return search(request.id, request.q, request.limit);
  const { gen } = request;
  if (gen > started) {
    started = gen;
    building = { gen, builder: new WineIndexBuilder() };
  }
  if (building === null || building.gen !== gen) return; // an older build, replaced or failed
  const { builder } = building;
  try {
    if ("page" in request) {
      for (const wine of request.page) builder.add(wine);
      return;
    }
    building = null;
    finish(gen, builder).catch((err: unknown) =>
      port.postMessage({ gen, error: message(err) } satisfies SearchReply),
    );
  } catch (err) {
    building = null;
    port.postMessage({ gen, error: message(err) } satisfies SearchReply);
  }
});
