/**
 * Dashboard passwords: argon2id through @node-rs/argon2 (a maintained binding of the reference
 * Rust implementation), with OWASP's Password Storage Cheat Sheet minimum for argon2id: 19 MiB of
 * memory, 2 iterations, 1 lane. The PHC string stored (`$argon2id$v=19$m=19456,t=2,p=1$…`) carries
 * its own parameters and salt, so raising them later only affects new hashes.
 */
import type { Algorithm } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Shortest password accepted (NIST SP 800-63B asks for at least 8; we ask for 10). */
export const MIN_PASSWORD_LENGTH = 10;
/** Longest password accepted, in characters (NIST SP 800-63B: allow at least 64). */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * True when a new password's length, in characters (code points), is from
 * {@link MIN_PASSWORD_LENGTH} to {@link MAX_PASSWORD_LENGTH}.
 */
export function passwordLengthFits(password: string): boolean {
  const length = [...password].length;
  return length >= MIN_PASSWORD_LENGTH && length <= MAX_PASSWORD_LENGTH;
}

/** The binding, loaded with the first password checked (the API's own requests never need it). */
const argon2 = () => import("@node-rs/argon2");

/** The argon2id PHC string of `password` (about 20–40 ms of one core, off the event loop). */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * True when `password` matches the stored PHC string. With `stored` null (no such account, or an
 * account without a password) a dummy hash is verified instead and false returned, so an unknown
 * email costs the same time as a wrong password (no account enumeration by timing).
 */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummy ??= hashPassword("not a password of anyone");
    await (await argon2()).verify(await dummy, password);
    return false;
  }
  try {
    return await (await argon2()).verify(stored, password);
  } catch {
    return false;
  }
}
