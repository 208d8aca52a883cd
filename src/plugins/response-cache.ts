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
 * - at most `budgetBytes` of bodies and keys (roughly least recently used dropped first).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pageLinks } from "../http/pagination.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Store this route's 200 answers until the catalogue changes. */
    cache?: boolean;
  }
  interface FastifyRequest {
    /** Where this answer is to be stored; null = not to be stored. */
    cacheSlot: { key: string; version: number } | null;
    /** Marks a 200 answer as not final: it is sent but not stored (e.g. a fallback language). */
    doNotCache(): void;
  }
}

/** A stored answer: the body, or for a page the body around its `links` object. */
interface Entry {
  body: Buffer | null;
  /** For paginated answers: the body up to `"links":`, the rest after the links object, the page. */
  page: {
    head: string;
    tail: string;
    page: number;
    lastPage: number;
    /** The last request's link base and URL, and its body: repeated requests skip the links. */
    last: { origin: string; url: string; body: Buffer } | null;
  } | null;
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

/**
 * Entries within a byte budget, for one catalogue version; past the budget the oldest entry not used
 * since it was stored goes first (the "second chance" approximation of least recently used, which
 * costs a flag per hit instead of re-ordering the map).
 */
class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  version = -1;

  constructor(private readonly budgetBytes: number) {}

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
    this.bytes = 0;
    this.version = version;
  }
}

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.header("content-type", "application/json; charset=utf-8");
  if (entry.body !== null) return reply.send(entry.body);
  const page = entry.page as NonNullable<Entry["page"]>;
  const origin = request.linkBase;
  if (page.last?.origin !== origin || page.last.url !== request.url) {
    const links = JSON.stringify(pageLinks(request, page.page, page.lastPage));
    page.last = { origin, url: request.url, body: Buffer.from(page.head + links + page.tail) };
  }
  return reply.send(page.last.body);
}

/** The entry for a serialized 200 `payload`, or null when it cannot be stored faithfully. */
function entryOf(request: FastifyRequest, key: string, payload: string): Entry | null {
  const answered = request.answeredPage;
  let page: Entry["page"] = null;
  if (answered) {
    const links = `"links":${JSON.stringify(pageLinks(request, answered.page, answered.lastPage))}`;
    const at = payload.lastIndexOf(links);
    if (at < 0) return null; // serialized differently from JSON.stringify: keep it uncached
    const head = payload.slice(0, at + '"links":'.length);
    page = { head, tail: payload.slice(at + links.length), ...answered, last: null };
  }
  const body = page === null ? Buffer.from(payload) : null;
  // A page: head and tail (V8 keeps a string in one byte a character when every character is below
  // U+0100, else in two) and the last body with its links (UTF-8 bytes).
  const charBytes = /[\u0100-\uffff]/.test(payload) ? 2 : 1;
  const size = body === null ? payload.length * charBytes + Buffer.byteLength(payload) : body.length;
  return {
    body,
    page,
    bytes: size + 2 * key.length + ENTRY_OVERHEAD_BYTES,
    used: false,
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
    if (budgetBytes <= 0) return;
    const cache = new ResponseCache(budgetBytes);

    // Callback-style hooks: a hit costs no promise (the async forms showed in the profile of a warm detail).
    app.addHook("preHandler", (request, reply, done) => {
      if (request.routeOptions.config.cache !== true) return done();
      // Never throws: from the promise below, a throw would be an unhandled rejection.
      const lookup = (version: number) => {
        try {
          cache.follow(version);
          const key = keyOf(request);
          const entry = cache.get(key);
          if (entry !== undefined) return send(request, reply, entry);
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
      // Undefined on routes of plugins registered before this one (the /docs pages).
      const slot = request.cacheSlot as FastifyRequest["cacheSlot"] | undefined;
      if (slot && reply.statusCode === 200 && typeof payload === "string") {
        request.cacheSlot = null;
        // Not when an import happened meanwhile.
        const entry = slot.version === cache.version ? entryOf(request, slot.key, payload) : null;
        if (entry !== null) cache.set(slot.key, entry);
      }
      done(null, payload);
    });
  },
  { name: "response-cache", dependencies: ["db", "link-base", "language", "catalogue-version"] },
);
