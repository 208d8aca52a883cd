/**
 * Queries built and compiled once per Kysely instance (so once per database and dialect), then run
 * with each call's parameters. Kysely builds, freezes and compiles a query's operation tree on every
 * `execute()`; for the statements of a cold read at hundreds of thousands of wines that work (and its
 * garbage) was a large part of a request (bench/results/cold-profile.md).
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Stands for argument `index` while the query is compiled; replaced by the argument at each run. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query function `(db, ...args) => rows` whose query is `build(db, ...args)` compiled once per `db`.
 * `build` must use each argument only as a bound value (in `where`, `limit`, an `in` list of fixed
 * length …), never to choose the query's shape: it is called once with placeholders, not the values.
 * @param arity how many arguments follow `db`
 */
export function compiledOnce<DB, A extends unknown[], R>(
  arity: number,
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<R>>();
  const slots = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as A;
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (query === undefined) {
      query = build(db, ...slots).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/** {@link compiledOnce} for a statement of one row at most: `(db, ...args) => row or undefined`. */
export function compiledFirst<DB, A extends unknown[], R>(
  arity: number,
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R | undefined> {
  const query = compiledOnce(arity, build);
  return async (db, ...args) => (await query(db, ...args))[0];
}
