/**
 * The persisted queue of generation jobs: one row per (kind, resource, language), enforced by a
 * unique constraint, so concurrent requests and several processes never create two.
 * Status: pending → running → done, or back to pending with a later `run_after` (retry with
 * backoff), or failed after `max_attempts`.
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database, JobKind, JobRow, JobStatus } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";

/** Attempts before a job is marked failed. */
export const MAX_ATTEMPTS = 4;

/** The table holding each job kind's output, and its resource column. */
const OUTPUT = {
  wine_text: { table: "wine_texts", column: "wine_id" },
  drinking_period: { table: "drinking_periods", column: "wine_id" },
  region_insight: { table: "region_insights", column: "region_id" },
} as const satisfies Record<JobKind, { table: keyof Database; column: string }>;

/** Every job kind (the metrics report each, 0 until the first). */
export const JOB_KINDS = Object.keys(OUTPUT) as JobKind[];

/**
 * Makes sure a job exists for (kind, resource, lang) and returns it. A job that is `done` although
 * its content is missing (content deleted) is put back to pending, in the same statement that checks
 * the content is still missing: a caller that saw no content just before a worker stored it and
 * completed the job does not queue it a second time. With `refresh`, a `done` job is put back to
 * pending although its content exists (stored content that is out of date: it is generated again
 * and replaced); a pending, running or failed job is left as it is.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  kind: JobKind,
  resourceId: number,
  lang: Language,
  now: Date,
  refresh = false,
): Promise<JobRow> {
  const iso = now.toISOString();
  await db
    .insertInto("generation_jobs")
    .values({
      kind,
      resource_id: resourceId,
      lang,
      status: "pending",
      attempts: 0,
      max_attempts: MAX_ATTEMPTS,
      run_after: iso,
      locked_by: null,
      locked_at: null,
      last_error: null,
      created_at: iso,
      updated_at: iso,
    })
    .onConflict((oc) => oc.columns(["kind", "resource_id", "lang"]).doNothing())
    .execute();
  await db
    .updateTable("generation_jobs")
    .set({ status: "pending", attempts: 0, run_after: iso, updated_at: iso })
    .where("kind", "=", kind)
    .where("resource_id", "=", resourceId)
    .where("lang", "=", lang)
    .where("status", "=", "done")
    .where(({ not, exists, selectFrom, lit }) => {
      if (refresh) return lit(true);
      const { table, column } = OUTPUT[kind];
      return not(
        exists(
          selectFrom(table)
            .select(sql<number>`1`.as("one"))
            .where(sql.ref(`${table}.${column}`), "=", resourceId)
            .where(sql.ref(`${table}.lang`), "=", lang),
        ),
      );
    })
    .execute();
  return db
    .selectFrom("generation_jobs")
    .selectAll()
    .where("kind", "=", kind)
    .where("resource_id", "=", resourceId)
    .where("lang", "=", lang)
    .executeTakeFirstOrThrow();
}

/**
 * Takes the oldest due pending job for `workerId`, atomically (the conditional UPDATE only succeeds
 * for one claimant), or returns undefined when none is due.
 */
export async function claimJob(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
): Promise<JobRow | undefined> {
  const iso = now.toISOString();
  const candidate = await db
    .selectFrom("generation_jobs")
    .select("id")
    .where("status", "=", "pending")
    .where("run_after", "<=", iso)
    .orderBy("run_after")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  return db
    .updateTable("generation_jobs")
    .set({
      status: "running",
      locked_by: workerId,
      locked_at: iso,
      attempts: sql<number>`attempts + 1`,
      updated_at: iso,
    })
    .where("id", "=", candidate.id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks job `id` done and unlocks it (its content is stored), if `workerId` still holds it.
 * @returns false when it does not: its lease ran out and another worker took the job over (that
 *   worker completes it), so nothing changed.
 */
export async function completeJob(
  db: Kysely<Database>,
  id: number,
  workerId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("generation_jobs")
    .set({
      status: "done",
      locked_by: null,
      locked_at: null,
      last_error: null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a failed attempt of job `id` and unlocks it, if `workerId` still holds it: `status`
 * "pending" runs it again from `runAfter`, "failed" ends it (the worker decides which:
 * job-runner.ts). `error` is stored cut to 500 characters; callers pass the error's message only
 * (no stack).
 * @returns false when `workerId` no longer holds the job (another worker took it over): nothing changed.
 */
export async function failJob(
  db: Kysely<Database>,
  id: number,
  workerId: string,
  status: "pending" | "failed",
  runAfter: Date,
  error: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("generation_jobs")
    .set({
      status,
      run_after: runAfter.toISOString(),
      locked_by: null,
      locked_at: null,
      last_error: error.slice(0, 500),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives back a job that `workerId` could not finish because the database stopped answering (not
 * because generation failed): pending again, due at `now`, and the attempt its claim counted is
 * returned, so an outage never uses up a job's retries. Does nothing when the job is no longer this
 * worker's (its lease ran out and another took it).
 */
export async function releaseJob(
  db: Kysely<Database>,
  job: Pick<JobRow, "id" | "attempts">,
  workerId: string,
  now: Date,
): Promise<void> {
  const iso = now.toISOString();
  await db
    .updateTable("generation_jobs")
    .set({
      status: "pending",
      attempts: Math.max(0, job.attempts - 1),
      run_after: iso,
      locked_by: null,
      locked_at: null,
      updated_at: iso,
    })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .execute();
}

/** Heartbeat of a running job: renews its lock so that no other worker takes it over. */
export async function renewJobLock(
  db: Kysely<Database>,
  id: number,
  workerId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("generation_jobs")
    .set({ locked_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("locked_by", "=", workerId)
    .execute();
}

/** Jobs left `running` with a lock older than `staleBefore`: their process died. */
const staleSince = (staleBefore: Date) => (eb: ExpressionBuilder<Database, "generation_jobs">) =>
  eb.and([eb("status", "=", "running"), eb("locked_at", "<", staleBefore.toISOString())]);

/**
 * True when a worker has something to do at `now`: a pending job that is due, or a running job whose
 * lock is older than `staleBefore` (its process died). One indexed read (`generation_jobs_queue_idx`).
 */
export async function hasDueJob(db: Kysely<Database>, now: Date, staleBefore: Date): Promise<boolean> {
  const due = await db
    .selectFrom("generation_jobs")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("run_after", "<=", now.toISOString())]),
        staleSince(staleBefore)(eb),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return due !== undefined;
}

/** `last_error` of a job failed by {@link releaseStaleJobs}. */
export const STOPPED_ON_EVERY_ATTEMPT = "the process generating it stopped on every attempt";

/**
 * Puts back jobs left `running` by a process that died (locked before `staleBefore`): pending, due
 * at once (`run_after` is not moved). The attempt the dead process's claim counted stays counted
 * (unlike {@link releaseJob} after an outage), so the next claim is the job's attempt 2 or later;
 * a job whose attempts are used up is failed instead ({@link STOPPED_ON_EVERY_ATTEMPT}), so a job that
 * takes its process down (a generator crash, memory) is not run, and does not stop a process, forever.
 * @returns how many were put back, and the kind of each job failed.
 */
export async function releaseStaleJobs(
  db: Kysely<Database>,
  staleBefore: Date,
  now: Date = new Date(),
): Promise<{ released: number; failed: JobKind[] }> {
  const unlocked = { locked_by: null, locked_at: null };
  const failed = await db
    .updateTable("generation_jobs")
    .set({
      ...unlocked,
      status: "failed",
      last_error: STOPPED_ON_EVERY_ATTEMPT,
      updated_at: now.toISOString(),
    })
    .where(staleSince(staleBefore))
    .whereRef("attempts", ">=", "max_attempts")
    .returning("kind")
    .execute();
  const released = await db
    .updateTable("generation_jobs")
    .set({ ...unlocked, status: "pending" })
    .where(staleSince(staleBefore))
    .executeTakeFirst();
  return { released: Number(released.numUpdatedRows), failed: failed.map((row) => row.kind) };
}

/** The job of (kind, resource, lang), whatever its status, or undefined. */
export function findJob(db: Kysely<Database>, kind: JobKind, resourceId: number, lang: Language) {
  return db
    .selectFrom("generation_jobs")
    .selectAll()
    .where("kind", "=", kind)
    .where("resource_id", "=", resourceId)
    .where("lang", "=", lang)
    .executeTakeFirst();
}

/** How many generation jobs are in each status (statuses without a job are left out). */
export async function countJobsByStatus(db: Kysely<Database>): Promise<{ status: JobStatus; n: number }[]> {
  const rows = await db
    .selectFrom("generation_jobs")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
