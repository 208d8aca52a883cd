/**
 * Secrets the service makes for itself: 256 random bits under a name, made by the first process
 * that needs them and read from the database by every other (cluster workers, other hosts on the
 * same PostgreSQL), so what one process signs another accepts. Rotating one: delete its row and
 * restart (signed values made before stop working: open forms show "expired", device cookies are
 * no longer recognised).
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { findServiceSecret, insertServiceSecretIfMissing } from "./service-secrets.repository.ts";

/** The secret `name` (base64url of 32 random bytes), made and stored if there is none yet. */
export async function serviceSecret(db: Kysely<Database>, name: string): Promise<string> {
  const found = await findServiceSecret(db, name);
  if (found !== undefined) return found;
  await insertServiceSecretIfMissing(db, name, randomBytes(32).toString("base64url"));
  const stored = await findServiceSecret(db, name);
  if (stored === undefined) throw new Error(`The service secret ${name} could not be stored.`);
  return stored;
}
