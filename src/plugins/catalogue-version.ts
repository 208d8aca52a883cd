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
 *
 * The version is read from `app.catalogueDb`, the database the catalogue data is read from (the read
 * replica, when `DATABASE_READ_URL` is set), not from the primary. A replica applies the primary's
 * WAL in commit order, and an import moves the version in the same transaction as its rows, so a
 * version read there is never ahead of the rows read there afterwards. Read from the primary, the
 * version could move while the replica still serves the previous catalogue: the caches would fill
 * the new version's slots (answers, search index, list positions, label matcher) with old rows and
 * keep them until the next import. Read from the replica, they lag the primary by the replication
 * lag and then hold the new rows. (This needs one replica behind the URL: replicas behind one address
 * each at their own replay point would not keep the order.) After an import by this process,
 * `changed()` may still read the previous version from the replica; the re-reads every `recheckMs`
 * see the new one once it is replayed.
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

/**
 * How long a periodic re-read may hold a request before the last version known serves it, in
 * milliseconds. A read answers in well under this; a database that hangs would otherwise add a
 * whole statement time limit to the request's own statements (seen in the outage test as 2 × the
 * limit).
 */
const STALE_GRACE_MS = 100;

/** The current catalogue version, re-read at most once per `recheckMs`. */
export class CatalogueVersionWatch {
  private version = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<number> | null = null;
  /** Counts {@link changed} calls: a read started before one must not count as fresh. */
  private changes = 0;
  /** Set by {@link changed}: the next use waits for the read, however long it takes. */
  private mustRead = false;

  /**
   * @param read reads the stored version (`catalogueVersion(db)` of the catalogue repository).
   * @param recheckMs shortest time between two reads, in milliseconds.
   */
  constructor(
    private readonly read: () => Promise<number>,
    private readonly recheckMs = 1000,
  ) {}

  /**
   * The version (imports so far); a number when known recently, else a promise of one. A periodic
   * re-read that takes longer than {@link STALE_GRACE_MS} resolves with the last version known (the
   * read goes on); the first read and the one after {@link changed} are waited for.
   * @throws (the promise rejects with) the read's error when it fails and no version was ever read,
   *   or when it fails for another reason than an outage (see `isDatabaseUnavailable`).
   */
  current(): number | Promise<number> {
    if (performance.now() - this.checkedAt < this.recheckMs) return this.version;
    const pending = this.readOnce();
    if (this.version < 0 || this.mustRead) return pending;
    const last = this.version;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => resolve(last), STALE_GRACE_MS);
      pending.then(
        (version) => {
          clearTimeout(timer);
          resolve(version);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  /** Forces a read at the next {@link current}: call it after writing the catalogue in this process. */
  changed(): void {
    this.changes++;
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.pending = null;
    this.mustRead = true;
  }

  /** The read under way, or a new one. */
  private readOnce(): Promise<number> {
    const changes = this.changes;
    this.pending ??= this.read()
      .then(
        (version) => {
          this.version = version;
          if (changes === this.changes) {
            this.checkedAt = performance.now();
            this.mustRead = false;
          }
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
}

/** Options of the plugin. */
export interface CatalogueVersionOptions {
  /** Shortest time between two reads of the stored version, in milliseconds (default 1000). */
  recheckMs?: number;
}

export default fp<CatalogueVersionOptions>(
  async (app: FastifyInstance, { recheckMs }) => {
    app.decorate(
      "catalogueVersion",
      new CatalogueVersionWatch(() => catalogueVersion(app.catalogueDb), recheckMs),
    );
  },
  { name: "catalogue-version", dependencies: ["db"] },
);
