/**
 * The databases the fuzzed service runs on: a copy of the catalogue template (SQLite) or a fresh
 * PostgreSQL database with the catalogue imported, each with the accounts and keys the generated
 * requests present, and real ids read from the catalogue for valid path parameters.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openDatabase } from "../../src/db/database.ts";
import type { Plan } from "../../src/db/types.ts";
import { createAccount, updateAccount } from "../../src/modules/accounts/accounts.service.ts";
import { issueKey, keyPrefix, revokeKey } from "../../src/modules/api-keys/api-keys.service.ts";
import { catalogueTemplate, postgresCatalogue } from "../helpers.ts";

/** The keys the generator may present, by what they are allowed to do. */
export interface FuzzKeys {
  /** Enterprise, every ability, 1,000,000 requests a minute: answers are not all 429. */
  enterprise: string;
  /** Enterprise with `wines:read` only: 403 on the other routes. */
  winesOnly: string;
  /** Trial plan: 403 on the photo route, 60 a minute and 1,000 a day. */
  trial: string;
  /** An account in state `expired`: 403 subscription_inactive. */
  expired: string;
  /** Revoked: 401. */
  revoked: string;
}

/** Real ids of the catalogue, per table, for valid path parameters. */
export interface CatalogueIds {
  wines: number[];
  producers: number[];
  regions: number[];
  grapes: number[];
}

/** A database ready for the service: its `DATABASE_URL`, keys, ids, and how to remove it. */
export interface FuzzDatabase {
  url: string;
  keys: FuzzKeys;
  ids: CatalogueIds;
  /** Removes the file or drops the database. */
  drop(): Promise<void>;
}

async function newKey(db: Db, plan: Plan, label: string, abilities?: string[]): Promise<string> {
  const now = new Date();
  const account = await createAccount(db.kysely, {
    name: `Fuzz ${label}`,
    email: `fuzz-${label}@example.com`,
    plan,
    now,
  });
  const rateLimitPerMinute = plan === "enterprise" ? 1_000_000 : undefined;
  const { key } = await issueKey(db.kysely, { account, name: label, abilities, rateLimitPerMinute, now });
  // No key cache to tell: the service starts on this database afterwards, in another process.
  if (label === "expired") await updateAccount(db.kysely, account.id, { status: "expired" });
  if (label === "revoked") await revokeKey(db.kysely, keyPrefix(key) ?? "", now);
  return key;
}

/** Creates the accounts and keys of {@link FuzzKeys} and reads catalogue ids, on an open database. */
async function seed(db: Db): Promise<{ keys: FuzzKeys; ids: CatalogueIds }> {
  const keys: FuzzKeys = {
    enterprise: await newKey(db, "enterprise", "enterprise"),
    winesOnly: await newKey(db, "enterprise", "wines-only", ["wines:read"]),
    trial: await newKey(db, "trial", "trial"),
    expired: await newKey(db, "standard", "expired"),
    revoked: await newKey(db, "enterprise", "revoked"),
  };
  const column = async (table: "wines" | "producers" | "regions" | "grapes") => {
    const rows = await db.kysely.selectFrom(table).select("id").orderBy("id").limit(40).execute();
    return rows.map((r) => r.id);
  };
  const ids: CatalogueIds = {
    wines: await column("wines"),
    producers: await column("producers"),
    regions: await column("regions"),
    grapes: await column("grapes"),
  };
  return { keys, ids };
}

/** A copy of the SQLite catalogue template in a temporary folder, seeded. */
export async function prepareSqlite(): Promise<FuzzDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "wds-fuzz-"));
  const path = join(dir, "fuzz.db");
  copyFileSync(await catalogueTemplate(), path);
  const db = openDatabase({ kind: "sqlite", path });
  try {
    const { keys, ids } = await seed(db);
    return {
      url: `sqlite:${path}`,
      keys,
      ids,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh PostgreSQL database on the server of `admin` (a connection URL) with the bundled
 * catalogue imported, seeded; or the reason it could not be made (no server answering).
 */
export async function preparePostgres(admin: string): Promise<FuzzDatabase | { skip: string }> {
  const made = await postgresCatalogue(`wds_fuzz_${process.pid}`, admin);
  if ("skip" in made) return made;
  const db = openDatabase({ kind: "postgres", url: made.url });
  try {
    const { keys, ids } = await seed(db);
    return { url: made.url, keys, ids, drop: made.drop };
  } finally {
    await db.destroy();
  }
}
