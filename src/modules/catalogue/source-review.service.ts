/**
 * Review of the crosswalk's unsure links (`winedata review-links`): a record the crosswalk was not sure
 * about was kept apart as its own wine, with the wine it might be as a candidate. Confirming merges the
 * record's wine into the candidate (its id then answers 301 to the candidate, its records move there);
 * rejecting keeps them apart for good (the candidate is not proposed again).
 */
import type { Kysely } from "kysely";
import type { Database, SourceName } from "../../db/types.ts";
import * as repo from "./sources.repository.ts";

/** A pending candidate: the record, the wine it is now, and the wine it might be. */
export interface PendingLink {
  source: SourceName;
  key: string;
  recordWineId: number;
  recordWine: string | null;
  candidateId: number;
  candidateWine: string | null;
  score: number;
  reason: string;
}

/** Every pending candidate, oldest first. */
export async function pendingLinks(db: Kysely<Database>): Promise<PendingLink[]> {
  const rows = await repo.pendingCandidates(db);
  return rows.map((r) => ({
    source: r.source,
    key: r.key,
    recordWineId: Number(r.record_wine_id),
    recordWine: r.record_wine,
    candidateId: Number(r.candidate_id),
    candidateWine: r.candidate_wine,
    score: Number(r.score),
    reason: r.reason,
  }));
}

/** Outcome of {@link decideLink}. */
export type LinkDecision =
  | { status: "confirmed"; wineId: number; merged: number | null }
  | { status: "rejected"; wineId: number }
  | { status: "not_found" };

/**
 * Confirms or rejects the pending candidate of record `source`/`key`. Confirming moves the record to
 * the candidate wine and merges the record's own wine into it when no other source keeps that wine
 * apart (an X-Wines or LWIN record of its own); the catalogue version moves.
 */
export async function decideLink(
  db: Kysely<Database>,
  source: SourceName,
  key: string,
  decision: "confirm" | "reject",
  now: () => Date,
): Promise<LinkDecision> {
  const at = now().toISOString();
  return db.transaction().execute(async (trx) => {
    const decided = await repo.decideCandidate(
      trx,
      source,
      key,
      decision === "confirm" ? "confirmed" : "rejected",
      at,
    );
    if (!decided) return { status: "not_found" } as const;
    if (decision === "reject") return { status: "rejected", wineId: decided.wineId } as const;
    const record = await repo.storedRecord(trx, source, key);
    if (!record || record.wineId === decided.wineId)
      return { status: "confirmed", wineId: decided.wineId, merged: null } as const;
    await repo.upsertRecords(trx, [
      {
        source,
        key,
        wine_id: decided.wineId,
        status: record.status,
        fingerprint: record.fingerprint,
        updated_at: at,
      },
    ]);
    const others = (await repo.liveSourcesOf(trx, [record.wineId])).get(record.wineId) ?? new Set();
    const keepsApart = [...others].some((s) => s !== "off");
    const merged = !keepsApart && (await repo.retireWine(trx, record.wineId, "merged", decided.wineId, at));
    await repo.touchWines(trx, [decided.wineId], at);
    await repo.bumpCatalogueVersion(trx);
    return { status: "confirmed", wineId: decided.wineId, merged: merged ? record.wineId : null } as const;
  });
}
