/**
 * Serialized answers of the catalogue GET routes, kept in memory until the catalogue changes.
 *
 * Catalogue data changes only on import, which moves the catalogue version; generated texts, once
 * stored, do not change. So a route with `config: { cache: true }` has its 200 answer stored as
 * serialized bytes under (route, path parameters, validated query without `lang`, response language)
 * and answered from memory afterwards, skipping the handler and the serializer:
 * - the whole cache is dropped when the catalogue version moves (`app.catalogueVersion`: at once for
 *   an import in this process, within a second for one by another process);
 * - only 200 answers are stored, and a handler calls `request.doNotCache()` for a 200 that is not final
 *   (a wine's English texts served while its translation is being generated); 404 `generating` and
 *   every error are never stored, so they keep re-checking;
 * - per-request headers stay per request: authentication and rate-limit headers are set before (on
 *   `onRequest`), Content-Language and Vary before too (plugins/language.ts, which this plugin's
 *   hooks follow), and pagination `links` are rebuilt from each request's scheme, host and query
 *   string;
 * - at most `budgetBytes` of bodies and keys (roughly least recently used dropped first); once full,
 *   an answer is stored only when its key was asked for before (a doorkeeper of recent misses), so a
 *   uniform random stream of keys over a catalogue far larger than the cache (a shop syncing every
 *   wine) does not replace an entry and make garbage at every request.
 *
 * Conditional requests (RFC 9110 §13.1.2, §15.4.5) on the same routes, whether the cache is on or not:
 * - a final 200 carries a strong `ETag` (http/conditional.ts: catalogue version, language and the
 *   bytes sent), computed once when the answer is stored; for a page, once per distinct link base
 *   and URL, since its `links` are part of the bytes; and `Cache-Control: private, max-age=N` with N
 *   from the route's `config.maxAge` (default `MAX_AGE_S.catalogue`);
 * - a GET whose `If-None-Match` matches that tag (weak comparison, lists, `*`) is answered
 *   `304 Not Modified` without a body, with ETag, Cache-Control and Vary; from memory before the
 *   handler when the answer is stored, else after the handler from the answer it made. A 304 gives
 *   back its count toward the daily budget (`request.refundDailyCount`, plugins/auth.ts); it counted
 *   toward the minute limit like any request;
 * - a 200 that is not final (`request.doNotCache()`), a 404 `generating` and every error carry
 *   `Cache-Control: no-store` and no ETag: nothing may be reused or revalidated.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import { cacheControl, entityTag, MAX_AGE_S, NO_STORE, noneMatchFails } from "../http/conditional.ts";
import { pageLinks } from "../http/pagination.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Store this route's 200 answers until the catalogue changes, and answer conditional GETs. */
    cache?: boolean;
    /** `max-age` of this cacheable route's final 200 answers, in seconds (default `MAX_AGE_S.catalogue`). */
    maxAge?: number;
  }
  interface FastifyRequest {
    /**
     * Set before the handler of a cacheable route: the cache key and the catalogue version the answer
     * is made under (its ETag's version); null = not final, not to be stored (or not such a route).
     */
    cacheSlot: { key: string; version: number } | null;
    /** Marks a 200 answer as not final: it is sent but not stored (e.g. a fallback language). */
    doNotCache(): void;
  }
}

/** A body as sent and its entity tag. */
interface Tagged {
  body: Buffer;
  tag: string;
}

/** A page's body as last sent: for that link base and URL, with the byte range of its `links` object. */
interface SentPage extends Tagged {
  origin: string;
  url: string;
  /** Where the links object (`{…}` after `"links":`) starts and ends in `body`, in bytes. */
  linksStart: number;
  linksEnd: number;
}

/** A stored answer: the body, or for a page the body last sent, whose `links` object is per request. */
interface Entry {
  /** The body and its tag; null for a page. */
  body: Tagged | null;
  /**
   * For paginated answers: the page, and the body last sent (repeated requests from the same link base
   * and URL reuse it; another one gets a copy with its own links, which replaces it).
   */
  page: { page: number; lastPage: number; last: SentPage } | null;
  bytes: number;
  /** Answered from since stored or since last spared by the eviction. */
  used: boolean;
}

/** Rough bookkeeping cost of an entry besides its body and key. */
const ENTRY_OVERHEAD_BYTES = 200;

/** The cache key of a request: route, path parameters, query (sorted, without lang) and language. */
function keyOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  let key = `${request.lang} ${request.routeOptions.url}`;
  for (const value of Object.values(request.params as Record<string, string>)) key += ` ${value}`;
  key += " ?";
  for (const name of Object.keys(query).sort()) {
    if (name !== "lang") key += `&${name}=${String(query[name])}`;
  }
  return key;
}

/** A 30-bit FNV-1a hash of `key` (a small integer: a Set of them allocates nothing per key). */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 2;
}

/**
 * Entries within a byte budget, for one catalogue version; past the budget the oldest entry not used
 * since it was stored goes first (the "second chance" approximation of least recently used, which
 * costs a flag per hit instead of re-ordering the map). Once full, a new key is admitted on its second
 * miss ({@link admits}). Exported for its tests.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Hashes of keys missed once while the cache was full; at most as many as there are entries, then
   * forgotten all at once (so a key gets in when asked for again within about a cache's worth of misses).
   */
  private readonly missed = new Set<number>();
  version = -1;

  constructor(private readonly budgetBytes: number) {}

  /**
   * Whether an answer of about `bytes` bytes under `key` is worth storing: while there is room, or
   * when the key is stored already or was missed before since the doorkeeper was last cleared; else
   * the miss is remembered and the answer is not stored.
   */
  admits(key: string, bytes: number): boolean {
    if (this.bytes + bytes <= this.budgetBytes || this.entries.has(key)) return true;
    const hash = keyHash(key);
    if (this.missed.delete(hash)) return true;
    if (this.missed.size >= this.entries.size) this.missed.clear();
    this.missed.add(hash);
    return false;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.used = true;
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.bytes > this.budgetBytes / 16) return; // one huge answer must not flush the rest
    const old = this.entries.get(key);
    if (old !== undefined) this.bytes -= old.bytes;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    // Second chance: the oldest entry goes unless it was used since it was stored or last spared.
    for (const [oldest, candidate] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      if (candidate.used) {
        candidate.used = false;
        this.entries.set(oldest, candidate);
      } else {
        this.bytes -= candidate.bytes;
      }
    }
  }

  /** Drops everything when `version` differs from the one the entries were made at. */
  follow(version: number): void {
    if (version === this.version) return;
    this.entries.clear();
    this.missed.clear();
    this.bytes = 0;
    this.version = version;
  }
}

/**
 * `text` as UTF-8 bytes in a buffer of their own. `Buffer.from` takes a short string's bytes from a
 * shared 8 KiB slab, which a stored answer would keep alive whole (with the garbage beside it): the
 * cache would hold two or three times its budget (external memory 270 MB with a 64 MB budget, cold
 * wine details at 300,000 wines; bench/results/load-memory.md).
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The body of `entry` for `request`, made under catalogue `version`, with its tag. */
function bodyOf(request: FastifyRequest, entry: Entry, version: number): Tagged {
  if (entry.body !== null) return entry.body;
  const page = entry.page as NonNullable<Entry["page"]>;
  const { last } = page;
  const origin = request.linkBase;
  if (last.origin !== origin || last.url !== request.url) {
    // The bytes around the old links, with this request's links between them.
    const links = JSON.stringify(pageLinks(request, page.page, page.lastPage));
    const linksEnd = last.linksStart + Buffer.byteLength(links);
    const body = Buffer.allocUnsafeSlow(linksEnd + last.body.length - last.linksEnd);
    last.body.copy(body, 0, 0, last.linksStart);
    body.write(links, last.linksStart);
    last.body.copy(body, linksEnd, last.linksEnd);
    const tag = entityTag(version, request.lang, body);
    page.last = { origin, url: request.url, body, tag, linksStart: last.linksStart, linksEnd };
  }
  return page.last;
}

/**
 * Whether a 304 keeps the 200's payload: on a HEAD route Fastify's HEAD hook, which runs after this
 * plugin's, sends no body and sets Content-Length to the payload's length, the 200's, as RFC 9110
 * §8.6 allows in a 304; without one it would say 0 (or fail on a null). A GET's 304 has no payload.
 */
const keepsPayload = (request: FastifyRequest) => request.method === "HEAD";

/**
 * Sends `304 Not Modified` (no body; ETag, Cache-Control and Vary as the 200 would have them, set by
 * the caller and the language plugin) once the request's daily budget count is given back.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, body: Buffer): Promise<unknown> {
  return request.refundDailyCount().then(() => {
    reply.removeHeader("content-type");
    return reply.code(304).send(keepsPayload(request) ? body : undefined);
  });
}

/** ETag and Cache-Control of a final 200 of this route. */
function validators(request: FastifyRequest, reply: FastifyReply, tag: string): void {
  reply.header("etag", tag);
  reply.header("cache-control", cacheControl(request.routeOptions.config.maxAge ?? MAX_AGE_S.catalogue));
}

/** Answers from a stored entry: 304 when `If-None-Match` matches its tag, else its bytes. */
function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, version: number): unknown {
  const { body, tag } = bodyOf(request, entry, version);
  validators(request, reply, tag);
  if (noneMatchFails(request.headers["if-none-match"], tag)) return notModified(request, reply, body);
  reply.header("content-type", "application/json; charset=utf-8");
  return reply.send(body);
}

/**
 * The entry for a serialized 200 `payload` made under catalogue `version`, or null when it cannot be
 * stored faithfully; its tag is the tag of `payload` as sent to this request.
 */
function entryOf(request: FastifyRequest, key: string, payload: string, version: number): Entry | null {
  const answered = request.answeredPage;
  const sent = ownBytes(payload);
  const tag = entityTag(version, request.lang, sent);
  let page: Entry["page"] = null;
  if (answered) {
    const links = JSON.stringify(pageLinks(request, answered.page, answered.lastPage));
    const at = payload.lastIndexOf(`"links":${links}`);
    if (at < 0) return null; // serialized differently from JSON.stringify: keep it uncached
    const linksStart = Buffer.byteLength(payload.slice(0, at + '"links":'.length));
    const linksEnd = linksStart + Buffer.byteLength(links);
    page = {
      ...answered,
      last: { origin: request.linkBase, url: request.url, body: sent, tag, linksStart, linksEnd },
    };
  }
  // A page's body with another request's links differs from this one by their length only.
  return {
    body: page === null ? { body: sent, tag } : null,
    page,
    bytes: sent.length + 2 * key.length + tag.length + ENTRY_OVERHEAD_BYTES,
    used: false,
  };
}

/**
 * Documents the validators of a cacheable route in its OpenAPI responses (`onRoute`, before the
 * schemas are compiled and @fastify/swagger reads them): ETag and Cache-Control of the 200, and the
 * 304 without a body.
 */
function documentValidators(route: RouteOptions): void {
  const config = route.config as FastifyContextConfig | undefined;
  const response = route.schema?.response as Record<string, object> | undefined;
  if (config?.cache !== true || route.schema === undefined || response?.[200] === undefined) return;
  const maxAge = config.maxAge ?? MAX_AGE_S.catalogue;
  const headers = {
    ETag: {
      type: "string",
      description:
        "Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match",
    },
    "Cache-Control": {
      type: "string",
      description: `private, max-age=${maxAge}; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated`,
    },
  };
  route.schema.response = {
    ...response,
    200: { ...response[200], headers },
    304: {
      type: "null",
      description:
        "Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget.",
      headers,
    },
  };
}

export interface ResponseCacheOptions {
  /** Budget in bytes (`RESPONSE_CACHE_MB`); 0 turns the cache off. */
  budgetBytes: number;
}

export default fp<ResponseCacheOptions>(
  async (app: FastifyInstance, { budgetBytes }) => {
    app.decorateRequest("cacheSlot", null);
    app.decorateRequest("doNotCache", function (this: FastifyRequest) {
      this.cacheSlot = null;
    });
    app.addHook("onRoute", documentValidators);
    const cache = budgetBytes > 0 ? new ResponseCache(budgetBytes) : null;

    // Callback-style hooks: a hit costs no promise (the async forms showed in the profile of a warm detail).
    app.addHook("preHandler", (request, reply, done) => {
      if (request.routeOptions.config.cache !== true) return done();
      // Never throws: from the promise below, a throw would be an unhandled rejection.
      const lookup = (version: number) => {
        try {
          const key = keyOf(request);
          if (cache !== null) {
            cache.follow(version);
            const entry = cache.get(key);
            if (entry !== undefined) return send(request, reply, entry, version);
          }
          request.cacheSlot = { key, version };
        } catch (err) {
          return done(err as Error);
        }
        done();
      };
      const version = app.catalogueVersion.current();
      if (typeof version === "number") lookup(version);
      else version.then(lookup, done);
    });

    app.addHook("onSend", (request, reply, payload, done) => {
      if (request.routeOptions.config.cache !== true) return done(null, payload);
      const slot = request.cacheSlot;
      request.cacheSlot = null;
      // A 304 or a 200 from memory: its headers are set.
      if (reply.statusCode === 304 || reply.hasHeader("etag")) return done(null, payload);
      if (slot === null || reply.statusCode !== 200 || typeof payload !== "string") {
        reply.header("cache-control", NO_STORE);
        return done(null, payload);
      }
      // Not stored when an import happened meanwhile.
      const storable =
        cache !== null && slot.version === cache.version && cache.admits(slot.key, payload.length);
      const stored = storable ? entryOf(request, slot.key, payload, slot.version) : null;
      if (stored !== null) cache?.set(slot.key, stored);
      const tag =
        stored === null
          ? entityTag(slot.version, request.lang, payload)
          : bodyOf(request, stored, slot.version).tag;
      validators(request, reply, tag);
      if (!noneMatchFails(request.headers["if-none-match"], tag)) return done(null, payload);
      request.refundDailyCount().then(() => {
        reply.code(304);
        reply.removeHeader("content-type");
        done(null, keepsPayload(request) ? payload : null);
      });
    });
  },
  { name: "response-cache", dependencies: ["db", "link-base", "language", "catalogue-version", "auth"] },
);
