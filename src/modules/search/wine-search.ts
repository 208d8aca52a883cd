/**
 * Typo-tolerant wine search behind one small interface, so that another engine (PostgreSQL
 * pg_trgm, an external search server) can replace the in-memory index without touching the routes.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { catalogueVersion } from "../catalogue/catalogue.repository.ts";
import { loadIndexedWines } from "./search.repository.ts";
import { buildWineIndex } from "./wine-index.ts";
import { IndexSearcher } from "./wine-ranking.ts";

/** Ranked wine search. */
export interface WineSearch {
  /**
   * Ids of the wines best matching the free text `q`, best first, at most `limit` (1–100);
   * [] when nothing matches. Rules and ranking: see `wine-ranking.ts` and `query-terms.ts`.
   */
  search(q: string, limit: number): Promise<number[]>;
}

/** Options of {@link InMemoryWineSearch}. */
export interface InMemoryWineSearchOptions {
  /** Shortest time between two reads of the catalogue version, in milliseconds (default 1000). */
  recheckMs?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

/**
 * {@link WineSearch} over an in-memory index of the database's wines, built lazily on the first
 * search. Before a search it reads `catalogue_version` (at most once per `recheckMs`); when an import
 * (in this or any other process) has moved it, the index is rebuilt and the search waits for it.
 * Concurrent searches share one build.
 */
export class InMemoryWineSearch implements WineSearch {
  private searcher: IndexSearcher | null = null;
  private builtAt = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<IndexSearcher> | null = null;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: InMemoryWineSearchOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  async search(q: string, limit: number): Promise<number[]> {
    return (await this.current()).search(q, limit);
  }

  /** The up-to-date searcher: rebuilt when the catalogue version moved since the last build. */
  private async current(): Promise<IndexSearcher> {
    const now = this.now();
    if (this.searcher !== null && now - this.checkedAt < this.recheckMs) return this.searcher;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<IndexSearcher> {
    const version = await catalogueVersion(this.db);
    this.checkedAt = this.now();
    if (this.searcher !== null && version === this.builtAt) return this.searcher;
    const wines = await loadIndexedWines(this.db);
    this.searcher = new IndexSearcher(buildWineIndex(wines));
    this.builtAt = version;
    return this.searcher;
  }
}

const searches = new WeakMap<Kysely<Database>, WineSearch>();

/** The shared {@link WineSearch} of a database handle (one in-memory index per Kysely instance). */
export function wineSearchFor(db: Kysely<Database>): WineSearch {
  let search = searches.get(db);
  if (search === undefined) {
    search = new InMemoryWineSearch(db);
    searches.set(db, search);
  }
  return search;
}
