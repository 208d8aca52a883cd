/**
 * Short-lived in-process cache of API keys with their accounts, so that authenticating a request
 * needs no database read on the hot path.
 *
 * - An entry is the key row and its account row as read together, kept for `ttlMs` (setting
 *   `AUTH_CACHE_MS`, default 5 s) from the read; subscription state, expiry and abilities are still
 *   evaluated per request against the clock, so only changes to the rows wait for the reload.
 * - One cache per app: the auth plugin creates it and exposes it as `app.keyCache`. Changes made in
 *   this process go through the services that write and then invalidate (`revokeKey` in
 *   api-keys.service.ts calls {@link KeyCache.forgetKey}, `updateAccount` in accounts.service.ts
 *   calls {@link KeyCache.forgetAccount}) and drop the entries at once; changes by another process
 *   (the CLI) are seen within `ttlMs`.
 * - Unknown prefixes are not cached (a key created by the CLI works at once, and made-up keys cannot
 *   fill the cache); at most `maxEntries` keys, the oldest read dropped first.
 * - {@link verifies} remembers the presented key that last matched the stored SHA-256, for the life
 *   of the entry, so a repeated request compares strings (in constant time) instead of hashing
 *   again: on a cached wine detail the hash was a large share of the work (the load benchmark,
 *   `npm run bench`, showed it). The key is held in memory only, never logged or
 *   returned, and dropped with the entry; the header it came from stays in memory at least as long.
 */

import type { AccountRow, ApiKeyRow } from "../../db/types.ts";
import type { AccountForgetter } from "../accounts/accounts.service.ts";
import { type KeyForgetter, keyMatches } from "./api-keys.service.ts";
import type { KeyCacheBus, KeyCacheChange } from "./key-cache-bus.ts";

/** A cached key: its row, its account and its abilities parsed once. */
export interface CachedKey {
  key: ApiKeyRow;
  account: AccountRow;
  abilities: readonly string[];
  /** The stored SHA-256 of the key, as bytes. */
  hash: Buffer;
  /** Milliseconds (monotonic) when the rows were read. */
  readAt: number;
  /** Last `last_used_at` written or read, epoch milliseconds; null = never used. */
  lastUsedMs: number | null;
  /** The presented key that last matched `hash`; null until one did. */
  verified: string | null;
}

/** Constant-time equality of two strings of the same length (false at once for different lengths). */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** True when `presented` is the key of `entry`: the key that matched before, or one whose SHA-256 matches now. */
export function verifies(entry: CachedKey, presented: string): boolean {
  if (entry.verified !== null && sameString(entry.verified, presented)) return true;
  if (!keyMatches(presented, entry.hash)) return false;
  entry.verified = presented;
  return true;
}

/** Keys by prefix with their accounts, for at most `ttlMs` each. */
export class KeyCache implements KeyForgetter, AccountForgetter {
  private readonly entries = new Map<string, CachedKey>();
  private bus: KeyCacheBus | null = null;

  /**
   * @param ttlMs how long an entry is trusted, in milliseconds; 0 disables the cache.
   * @param maxEntries most keys held.
   * @param now monotonic milliseconds (tests).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The entry of `prefix` when read less than `ttlMs` ago. */
  get(prefix: string): CachedKey | undefined {
    const entry = this.entries.get(prefix);
    if (entry === undefined) return undefined;
    if (this.now() - entry.readAt < this.ttlMs) return entry;
    this.entries.delete(prefix);
    return undefined;
  }

  /** Remembers the rows just read for `key.prefix` and returns the entry. */
  set(key: ApiKeyRow, account: AccountRow): CachedKey {
    const entry: CachedKey = {
      key,
      account,
      abilities: JSON.parse(key.abilities) as string[],
      hash: Buffer.from(key.secret_hash, "hex"),
      readAt: this.now(),
      lastUsedMs: key.last_used_at === null ? null : Date.parse(key.last_used_at),
      verified: null,
    };
    if (this.ttlMs <= 0) return entry;
    this.entries.delete(key.prefix);
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key.prefix, entry);
    return entry;
  }

  /** Sends every later change made in this process to the other processes through `bus`. */
  connect(bus: KeyCacheBus): void {
    this.bus = bus;
  }

  /**
   * Drops the entry of key `prefix`, if any (the key was revoked, or its expiry or limits changed),
   * here and, through the connected bus, in the other processes.
   */
  forgetKey(prefix: string): void {
    this.apply({ key: prefix });
    this.bus?.publish({ key: prefix });
  }

  /**
   * Drops the entries of every key of account `accountId` (its plan or subscription state changed),
   * here and, through the connected bus, in the other processes.
   */
  forgetAccount(accountId: number): void {
    this.apply({ account: accountId });
    this.bus?.publish({ account: accountId });
  }

  /** Drops what `change` names in this process only (a change heard from another process). */
  apply(change: KeyCacheChange): void {
    if ("key" in change) {
      this.entries.delete(change.key);
      return;
    }
    for (const [prefix, entry] of this.entries) {
      if (entry.account.id === change.account) this.entries.delete(prefix);
    }
  }

  /** Empties the cache and closes the bus (the app closed). */
  async close(): Promise<void> {
    this.entries.clear();
    await this.bus?.close();
    this.bus = null;
  }
}
