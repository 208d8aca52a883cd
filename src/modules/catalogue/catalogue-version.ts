/**
 * The catalogue version as a process sees it, for caches of catalogue data: read from
 * `catalogue_version` at most once per `recheckMs` (default 1 s, so an import by another process —
 * the CLI — is seen within that time), and at once after an import made in this process
 * ({@link catalogueChanged}, called by `writeCatalogue` after its transaction).
 *
 * While the database does not answer, the last version read stays in use (the caches keep serving
 * what they hold: no import can commit to a database nobody reaches) and is read again after
 * `recheckMs`; only a process that never read it fails.
 */
import { isDatabaseUnavailable } from "../../db/unavailable.ts";

const live = new Set<CatalogueVersionWatch>();

/** Makes every watch of this process read the version again at its next use. */
export function catalogueChanged(): void {
  for (const watch of live) watch.stale();
}

/** The current catalogue version, re-read at most once per `recheckMs`. */
export class CatalogueVersionWatch {
  private version = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<number> | null = null;
  /** Counts {@link stale} calls: a read started before one must not count as fresh. */
  private changes = 0;

  /**
   * @param read reads the stored version (`catalogueVersion(db)` of the catalogue repository).
   * @param recheckMs shortest time between two reads, in milliseconds.
   * @param now monotonic milliseconds (tests).
   */
  constructor(
    private readonly read: () => Promise<number>,
    private readonly recheckMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {
    live.add(this);
  }

  /**
   * The version (imports so far); a number when known recently, else a promise of one.
   * @throws (the promise rejects with) the read's error when it fails and no version was ever read,
   *   or when it fails for another reason than an outage (see `isDatabaseUnavailable`).
   */
  current(): number | Promise<number> {
    if (this.now() - this.checkedAt < this.recheckMs) return this.version;
    const changes = this.changes;
    this.pending ??= this.read()
      .then(
        (version) => {
          this.version = version;
          if (changes === this.changes) this.checkedAt = this.now();
          return version;
        },
        (err: unknown) => {
          if (this.version < 0 || !isDatabaseUnavailable(err)) throw err;
          // The database is away: keep the last version, try again after recheckMs.
          if (changes === this.changes) this.checkedAt = this.now();
          return this.version;
        },
      )
      .finally(() => {
        if (changes === this.changes) this.pending = null;
      });
    return this.pending;
  }

  /** Forces a read at the next {@link current}. */
  stale(): void {
    this.changes++;
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.pending = null;
  }

  /** Stops receiving {@link catalogueChanged} (the app closed). */
  close(): void {
    live.delete(this);
  }
}
