/**
 * The catalogue version as this process sees it, for everything that keeps catalogue data in memory
 * (the response cache, the wine list positions, the search index, the label matcher): one watcher per
 * app, decorated as `app.catalogueVersion`.
 *
 * The version (`catalogue_version.version`, moved by every import) is read at most once per
 * `recheckMs` (default 1 s), so an import by another process (the CLI, another service process) is
 * seen within that time; a writer in this process calls `app.catalogueVersion.changed()` after its
 * transaction so the next use reads it at once.
 *
 * While the database does not answer, the last version read stays in use (the caches keep serving
 * what they hold: no import can commit to a database nobody reaches) and is read again after
 * `recheckMs`; only a process that never read it fails.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { catalogueVersion } from "../modules/catalogue/catalogue.repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The catalogue version of this app (see {@link CatalogueVersionWatch}). */
    catalogueVersion: CatalogueVersionWatch;
  }
}

/** The current catalogue version, re-read at most once per `recheckMs`. */
export class CatalogueVersionWatch {
  private version = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<number> | null = null;
  /** Counts {@link changed} calls: a read started before one must not count as fresh. */
  private changes = 0;

  /**
   * @param read reads the stored version (`catalogueVersion(db)` of the catalogue repository).
   * @param recheckMs shortest time between two reads, in milliseconds.
   */
  constructor(
    private readonly read: () => Promise<number>,
    private readonly recheckMs = 1000,
  ) {}

  /**
   * The version (imports so far); a number when known recently, else a promise of one.
   * @throws (the promise rejects with) the read's error when it fails and no version was ever read,
   *   or when it fails for another reason than an outage (see `isDatabaseUnavailable`).
   */
  current(): number | Promise<number> {
    if (performance.now() - this.checkedAt < this.recheckMs) return this.version;
    const changes = this.changes;
    this.pending ??= this.read()
      .then(
        (version) => {
          this.version = version;
          if (changes === this.changes) this.checkedAt = performance.now();
          return version;
        },
        (err: unknown) => {
          if (this.version < 0 || !isDatabaseUnavailable(err)) throw err;
          // The database is away: keep the last version, try again after recheckMs.
          if (changes === this.changes) this.checkedAt = performance.now();
          return this.version;
        },
      )
      .finally(() => {
        if (changes === this.changes) this.pending = null;
      });
    return this.pending;
  }

  /** Forces a read at the next {@link current}: call it after writing the catalogue in this process. */
  changed(): void {
    this.changes++;
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.pending = null;
  }
}

/** Options of the plugin. */
export interface CatalogueVersionOptions {
  /** Shortest time between two reads of the stored version, in milliseconds (default 1000). */
  recheckMs?: number;
}

export default fp<CatalogueVersionOptions>(
  async (app: FastifyInstance, { recheckMs }) => {
    app.decorate("catalogueVersion", new CatalogueVersionWatch(() => catalogueVersion(app.db), recheckMs));
  },
  { name: "catalogue-version", dependencies: ["db"] },
);
