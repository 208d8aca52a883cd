/**
 * Redis for tests: the server they may use (`TEST_REDIS_URL`, default the machine's), whether it
 * answers, and the keys a test wrote under its own prefix. Each call opens and closes its own
 * connection, which never retries.
 */
import { Redis } from "ioredis";

/** The Redis tests write under a prefix of their own. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Runs `use` on a new connection to `url`, closed afterwards. */
async function withRedis<T>(url: string, use: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return await use(client);
  } finally {
    client.disconnect();
  }
}

/** null when Redis at `url` answers PING, else why not (a test's skip reason). */
export async function redisUnreachable(url: string): Promise<string | null> {
  try {
    await withRedis(url, (client) => client.ping());
    return null;
  } catch (err) {
    return `Redis not reachable at ${url}: ${(err as Error).message}`;
  }
}

/** The keys under `prefix` on the Redis at `url`. */
export function keysUnder(url: string, prefix: string): Promise<string[]> {
  return withRedis(url, (client) => client.keys(`${prefix}*`));
}

/** Deletes the keys under `prefix` on the Redis at `url`. */
export function dropKeys(url: string, prefix: string): Promise<void> {
  return withRedis(url, async (client) => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  });
}
