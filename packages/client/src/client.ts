/**
 * `createWineDataClient`: the typed client. openapi-fetch makes the HTTP requests from the generated
 * `paths`; this layer adds the service's client rules: the Bearer key, the language, retries of 429
 * and 503 after `Retry-After`, waiting for texts being generated, typed errors and iteration over
 * paginated lists.
 */
import createClient from "openapi-fetch";
import { WineDataError } from "./errors.ts";
import { type GeneratingOptions, untilGenerated } from "./generating.ts";
import type { paths } from "./openapi-types.ts";
import { type RetryOptions, retryingFetch } from "./retry.ts";
import type {
  DrinkingPeriod,
  GrapeDetail,
  GrapeListItem,
  GrapeListPage,
  GrapeListQuery,
  Lang,
  Page,
  PhotoAnalysis,
  PingResponse,
  ProducerDetail,
  ProducerListItem,
  ProducerListPage,
  ProducerListQuery,
  RegionDetail,
  RegionInsight,
  RegionListItem,
  RegionListPage,
  RegionListQuery,
  SourceItem,
  WineDetail,
  WineListItem,
  WineListPage,
  WineListQuery,
  WineSearchResponse,
} from "./types.ts";

/** Settings of a client. */
export interface WineDataClientOptions {
  /**
   * The service's URL, with or without the API's `/v1` and a trailing slash: `https://wine.example.com`,
   * `https://wine.example.com/`, `https://wine.example.com/v1` and `https://wine.example.com/v1/` all
   * reach `https://wine.example.com/v1` ({@link apiRoot}).
   */
  baseUrl: string;
  /** The API key (`wds_…`), sent as `Authorization: Bearer <key>`; never put into errors or logs. */
  apiKey: string;
  /** Language of every answer (`Accept-Language`); a call's own `lang` overrides it. Default: the service's (en). */
  lang?: Lang;
  /** Retries of 429 and 503 answers (defaults: 3 attempts, waits up to 60 s). */
  retry?: RetryOptions;
  /** Waiting for texts being generated (defaults: up to 120 s, asking at most every 30 s); false: never wait. */
  generating?: GeneratingOptions | false;
  /** The fetch to use (default: the global one), e.g. to record or proxy requests. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Options of one call of a localized endpoint. */
export interface LangOption {
  /** Language of this answer (the `lang` query parameter; beats the client's `lang`). */
  lang?: Lang;
}

/** Options of a producer or region detail. */
export interface DetailOptions extends LangOption {
  /** Add up to 50 of its wines and `wines_count`. */
  includeWines?: boolean;
}

/** The path of the API version this client speaks, below the service's URL. */
const API_VERSION_PATH = "/v1";

/**
 * The versioned root of the API for `baseUrl`, without a trailing slash: `/v1` is added unless the
 * URL's path already ends with it. `https://host`, `https://host/`, `https://host/v1` and
 * `https://host/v1/` give `https://host/v1`; a path prefix is kept (`https://host/wine` gives
 * `https://host/wine/v1`, for a service with `BASE_PATH=/wine/v1`). A relative URL works the same way.
 */
export function apiRoot(baseUrl: string): string {
  const root = baseUrl.replace(/\/+$/, "");
  // A URL of a host alone ("https://v1") has no path, whatever its host is called.
  const hostOnly = /^[a-z][a-z\d+.-]*:\/\/[^/]*$/i.test(root);
  return !hostOnly && root.endsWith(API_VERSION_PATH) ? root : `${root}${API_VERSION_PATH}`;
}

/** Number of items a list iterator asks for per page (the service's maximum). */
const ITERATOR_PER_PAGE = 100;

/**
 * Throws the answer's `WineDataError` unless it is a 2xx with a body; else the body.
 * @throws WineDataError
 */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new WineDataError(response, error);
  return data;
}

/**
 * Every item of a paginated list, page after page: asks `fetchPage(1)`, then the page the previous
 * answer's `links.next` names, until `links.next` is null. Pages are fetched as the loop consumes
 * them; a failed page throws its `WineDataError` out of the loop.
 */
export async function* eachItem<T>(fetchPage: (page: number) => Promise<Page<T>>): AsyncGenerator<T> {
  let page: number | null = 1;
  while (page !== null) {
    const envelope: Page<T> = await fetchPage(page);
    yield* envelope.data;
    const next = envelope.links.next;
    page = next === null ? null : Number(new URL(next).searchParams.get("page"));
  }
}

const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? "true" : "false");

/**
 * A client of the Wine Data Service. Every method resolves to the service's answer (typed from its
 * OpenAPI document) or rejects with a `WineDataError` (`status`, `code`, `message`, `fieldErrors`);
 * a network failure rejects with fetch's own error (a `TypeError`), not retried.
 *
 * @example
 * const client = createWineDataClient({ baseUrl: "http://localhost:8080", apiKey: process.env.WDS_KEY! });
 * for await (const wine of client.wines.list({ color: "red" })) console.log(wine.display_name);
 */
export function createWineDataClient(options: WineDataClientOptions) {
  const baseFetch = options.fetch ?? ((request: Request) => fetch(request));
  const api = createClient<paths>({
    baseUrl: apiRoot(options.baseUrl),
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      ...(options.lang ? { "accept-language": options.lang } : {}),
    },
    fetch: retryingFetch(baseFetch, options.retry),
  });
  const generating = options.generating ?? {};
  const lang = (call: LangOption) => ({ lang: call.lang });

  const client = {
    /** `GET /ping`: the key's name, prefix, abilities and per-minute limit, and its owner. */
    ping: (): Promise<PingResponse> => unwrap(api.GET("/ping")),

    wines: {
      /** `GET /wines`: one page (default page 1, 15 per page, at most 100). */
      page: (query: WineListQuery = {}, call: LangOption = {}): Promise<WineListPage> =>
        unwrap(
          api.GET("/wines", {
            params: { query: { page: 1, per_page: 15, ...query, ...lang(call) } },
          }),
        ),
      /** Every wine matching the filters, in id order, fetched 100 a page as the loop goes. */
      list: (
        filters: Omit<WineListQuery, "page" | "per_page" | "updated_since" | "cursor"> = {},
        call: LangOption = {},
      ) =>
        eachItem<WineListItem>((page) =>
          client.wines.page({ ...filters, page, per_page: ITERATOR_PER_PAGE }, call),
        ),
      /**
       * The wine with the LWIN7 `lwin` (7 digits) or the barcode `gtin` (GTIN-8, -12, -13 or -14, any
       * of its forms; both given: the wine both name) as a list item with its `identifiers`, or null
       * when no wine has it.
       * @throws WineDataError 422 `validation_failed` for a malformed code (or a wrong check digit).
       */
      findByCode: async (
        code: { lwin: string; gtin?: string } | { lwin?: string; gtin: string },
        call: LangOption = {},
      ): Promise<WineListItem | null> =>
        (await client.wines.page({ lwin: code.lwin, gtin: code.gtin, per_page: 1 }, call)).data[0] ?? null,
      /**
       * Every wine changed at or after `since` (a Date, or an RFC 3339 time with offset), in
       * (updated_at, id) order, wines retired (`status: "retired"`) or merged (`"merged"`,
       * `merged_into`) included: the `updated_since` feed, 100 a page, following its cursor. A wine
       * changed while the loop runs comes again later with its new `updated_at`; to resume later,
       * start from the largest `updated_at` seen.
       */
      changes: async function* (since: Date | string, call: LangOption = {}): AsyncGenerator<WineListItem> {
        const updatedSince = typeof since === "string" ? since : since.toISOString();
        let cursor: string | undefined;
        do {
          const envelope: WineListPage = await client.wines.page(
            { updated_since: updatedSince, cursor, per_page: ITERATOR_PER_PAGE },
            call,
          );
          yield* envelope.data;
          const next = envelope.links.next;
          cursor = next === null ? undefined : (new URL(next).searchParams.get("cursor") ?? undefined);
        } while (cursor !== undefined);
      },
      /**
       * `GET /wines/search`: wines by name and/or producer, best first. `q`: at least 3 characters;
       * `limit`: 1..100, default 20.
       */
      search: (
        q: string,
        { limit = 20, ...call }: LangOption & { limit?: number } = {},
      ): Promise<WineSearchResponse> =>
        unwrap(api.GET("/wines/search", { params: { query: { q, limit, ...lang(call) } } })),
      /**
       * `GET /wines/{id}`. When the texts are not written in the chosen language yet the service
       * answers in English and writes them; the client asks again (see `generating`) until
       * `description.language` is the chosen one, and after the deadline returns the English answer.
       */
      get: (id: number, call: LangOption = {}): Promise<WineDetail> => {
        const want = call.lang ?? options.lang ?? "en";
        return untilGenerated(
          () => unwrap(api.GET("/wines/{id}", { params: { path: { id: String(id) }, query: lang(call) } })),
          (wine) => wine.description.language === want,
          generating,
        );
      },
    },

    producers: {
      /** `GET /producers`: one page; `search` at least 2 characters. */
      page: (query: ProducerListQuery = {}): Promise<ProducerListPage> =>
        unwrap(api.GET("/producers", { params: { query: { page: 1, per_page: 15, ...query } } })),
      /** Every producer matching `search` (all when absent). */
      list: (filters: Omit<ProducerListQuery, "page" | "per_page"> = {}) =>
        eachItem<ProducerListItem>((page) =>
          client.producers.page({ ...filters, page, per_page: ITERATOR_PER_PAGE }),
        ),
      /** `GET /producers/{id}` (the `data` of the answer). */
      get: async (id: number, { includeWines }: DetailOptions = {}): Promise<ProducerDetail> =>
        (
          await unwrap(
            api.GET("/producers/{id}", {
              params: { path: { id: String(id) }, query: { include_wines: bool(includeWines) } },
            }),
          )
        ).data,
    },

    regions: {
      /** `GET /regions`: one page; names in the chosen language. */
      page: (query: RegionListQuery = {}, call: LangOption = {}): Promise<RegionListPage> =>
        unwrap(
          api.GET("/regions", { params: { query: { page: 1, per_page: 15, ...query, ...lang(call) } } }),
        ),
      /** Every region matching the filters. */
      list: (filters: Omit<RegionListQuery, "page" | "per_page"> = {}, call: LangOption = {}) =>
        eachItem<RegionListItem>((page) =>
          client.regions.page({ ...filters, page, per_page: ITERATOR_PER_PAGE }, call),
        ),
      /** `GET /regions/{id}` (the `data` of the answer). */
      get: async (id: number, { includeWines, ...call }: DetailOptions = {}): Promise<RegionDetail> =>
        (
          await unwrap(
            api.GET("/regions/{id}", {
              params: {
                path: { id: String(id) },
                query: { include_wines: bool(includeWines), ...lang(call) },
              },
            }),
          )
        ).data,
    },

    grapes: {
      /** `GET /grapes`: one page; `search` by name or synonym. */
      page: (query: GrapeListQuery = {}, call: LangOption = {}): Promise<GrapeListPage> =>
        unwrap(api.GET("/grapes", { params: { query: { page: 1, per_page: 15, ...query, ...lang(call) } } })),
      /** Every grape matching the filters. */
      list: (filters: Omit<GrapeListQuery, "page" | "per_page"> = {}, call: LangOption = {}) =>
        eachItem<GrapeListItem>((page) =>
          client.grapes.page({ ...filters, page, per_page: ITERATOR_PER_PAGE }, call),
        ),
      /** `GET /grapes/{id}` (the `data` of the answer). */
      get: async (id: number, call: LangOption = {}): Promise<GrapeDetail> =>
        (await unwrap(api.GET("/grapes/{id}", { params: { path: { id: String(id) }, query: lang(call) } })))
          .data,
    },

    regionInsights: {
      /**
       * `GET /region-insights/{regionId}`, waiting while it is being generated (see `generating`).
       * @throws WineDataError 404 `not_found` (unknown region), `generating` (deadline passed).
       */
      get: (regionId: number, call: LangOption = {}): Promise<RegionInsight> =>
        untilGenerated(
          () =>
            unwrap(
              api.GET("/region-insights/{regionId}", {
                params: { path: { regionId: String(regionId) }, query: lang(call) },
              }),
            ),
          () => true,
          generating,
        ),
    },

    drinkingPeriods: {
      /**
       * `GET /drinking-periods/{wineId}`: `from`/`to` in years after the vintage; waits while it is
       * being generated (see `generating`).
       * @throws WineDataError 404 `not_found` (unknown wine), `generating` (deadline passed).
       */
      get: (wineId: number, call: LangOption = {}): Promise<DrinkingPeriod> =>
        untilGenerated(
          () =>
            unwrap(
              api.GET("/drinking-periods/{wineId}", {
                params: { path: { wineId: String(wineId) }, query: lang(call) },
              }),
            ),
          () => true,
          generating,
        ),
    },

    sources: {
      /** `GET /sources`: each source of the catalogue with its licence, attribution and last import. */
      list: async (): Promise<SourceItem[]> => (await unwrap(api.GET("/sources"))).data,
    },

    photos: {
      /**
       * `POST /photo/analyze` (Enterprise): wines matching the label in `photo` (base64, a
       * `data:image/…;base64,` prefix allowed); `maxResults` candidates per label, 1..50, default 10.
       * @throws WineDataError 403 `forbidden` without Enterprise, 422 `invalid_image`.
       */
      analyze: (
        photo: string,
        { maxResults = 10, ...call }: LangOption & { maxResults?: number } = {},
      ): Promise<PhotoAnalysis> =>
        unwrap(
          api.POST("/photo/analyze", {
            params: { query: lang(call) },
            body: { photo, max_results: maxResults },
          }),
        ),
    },
  };
  return client;
}

/** A client made by {@link createWineDataClient}. */
export type WineDataClient = ReturnType<typeof createWineDataClient>;
