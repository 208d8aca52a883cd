/**
 * Tells the other processes of a deployment that a key or an account changed, so their key caches
 * (key-cache.ts) drop it at once instead of after `AUTH_CACHE_MS`: a key revoked in the dashboard
 * answers 401 from the next request in every process.
 *
 * - With `REDIS_URL`: Redis pub/sub on the channel `<REDIS_KEY_PREFIX>key-cache` (one connection to
 *   publish, one to subscribe; both reconnect by themselves). The CLI publishes too.
 * - In `winedata serve --processes N` without Redis: messages through the cluster primary, which
 *   passes each to the other workers (cluster.ts).
 * - Otherwise (one process), nothing is sent.
 * A message lost while Redis is down is made up for by the cache lifetime (`AUTH_CACHE_MS`).
 */
import cluster from "node:cluster";
import type { Redis } from "ioredis";
import { REDIS_CONNECTION, type RedisSetting } from "../../config.ts";

/** What changed: the key with this public prefix, or every key of this account. */
export type KeyCacheChange = { key: string } | { account: number };

/** The `type` of the cluster IPC message carrying a {@link KeyCacheChange}. */
export const CLUSTER_MESSAGE = "wds:key-cache";

/** A way to send changes to, and hear them from, the other processes. */
export interface KeyCacheBus {
  publish(change: KeyCacheChange): void;
  close(): Promise<void>;
}

/** Parses a change received from another process; null for anything else. */
export function parseChange(raw: unknown): KeyCacheChange | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.key === "string" && /^wds_[a-z0-9]{8}$/.test(r.key)) return { key: r.key };
  if (typeof r.account === "number" && Number.isInteger(r.account)) return { account: r.account };
  return null;
}

/** Pub/sub through Redis. `onChange` is called for changes published by other processes. */
export class RedisKeyCacheBus implements KeyCacheBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis | null;
  private readonly channel: string;
  private readonly origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;

  /**
   * Connects to Redis; ioredis is loaded here, so a service without Redis never loads it.
   * @param onChange null: publish only (the CLI).
   */
  static async open(
    redis: RedisSetting,
    onChange: ((change: KeyCacheChange) => void) | null,
  ): Promise<RedisKeyCacheBus> {
    const { Redis } = await import("ioredis");
    return new RedisKeyCacheBus(Redis, redis, onChange);
  }

  private constructor(
    Client: typeof Redis,
    redis: RedisSetting,
    onChange: ((change: KeyCacheChange) => void) | null,
  ) {
    this.channel = `${redis.keyPrefix}key-cache`;
    this.publisher = new Client(redis.url, {
      ...REDIS_CONNECTION,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    this.publisher.on("error", () => {});
    this.subscriber = null;
    if (onChange !== null) {
      const subscriber = new Client(redis.url, REDIS_CONNECTION);
      subscriber.on("error", () => {});
      subscriber.subscribe(this.channel).catch(() => {});
      subscriber.on("message", (_channel: string, text: string) => {
        try {
          const message = JSON.parse(text) as { origin?: unknown; change?: unknown };
          const change = parseChange(message.change);
          if (message.origin !== this.origin && change !== null) onChange(change);
        } catch {
          // not ours
        }
      });
      this.subscriber = subscriber;
    }
  }

  /** Sends `change` without waiting (while Redis is down it is lost: the cache lifetime covers it). */
  publish(change: KeyCacheChange): void {
    this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, change })).catch(() => {});
  }

  /**
   * Sends `change` and waits until Redis took it, at most `timeoutMs` (the CLI, before it exits);
   * false when it did not (the services then notice within `AUTH_CACHE_MS`).
   */
  async publishAndWait(change: KeyCacheChange, timeoutMs = 3_000): Promise<boolean> {
    const send = async () => {
      if (this.publisher.status !== "ready") await new Promise((r) => this.publisher.once("ready", r));
      await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, change }));
      return true;
    };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), timeoutMs);
    });
    try {
      return await Promise.race([send(), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber?.disconnect();
  }
}

/** Messages through the cluster primary (a `serve --processes N` worker without Redis). */
export class ClusterKeyCacheBus implements KeyCacheBus {
  private readonly listener: (message: unknown) => void;

  constructor(onChange: (change: KeyCacheChange) => void) {
    this.listener = (message) => {
      const m = message as { type?: unknown; change?: unknown } | null;
      const change = m?.type === CLUSTER_MESSAGE ? parseChange(m.change) : null;
      if (change !== null) onChange(change);
    };
    process.on("message", this.listener);
  }

  /** True in a cluster worker. */
  static available(): boolean {
    return cluster.isWorker && typeof process.send === "function";
  }

  publish(change: KeyCacheChange): void {
    process.send?.({ type: CLUSTER_MESSAGE, change });
  }

  async close(): Promise<void> {
    process.off("message", this.listener);
  }
}
