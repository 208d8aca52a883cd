/**
 * Types of the Wine Data Service API, generated from its /openapi.json by openapi-typescript.
 * Do not edit: run `npm run generate:client`; a test fails when this file is stale.
 */

export interface paths {
    "/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check that the key works */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            authenticated_as: {
                                user_id: number;
                                user_name: string;
                                user_email: string;
                            };
                            api_key: {
                                name: string;
                                prefix: string;
                                abilities: string[];
                                rate_limit_per_minute: number;
                            };
                            timestamp: string;
                        };
                    };
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paginated list of wines with filters */
        get: {
            parameters: {
                query?: {
                    /** @description Page number */
                    page?: number;
                    /** @description Items per page (max 100) */
                    per_page?: number;
                    /** @description Wine colour */
                    color?: "red" | "white" | "rose";
                    sub_type?: "still" | "sparkling";
                    producer_id?: number;
                    region_id?: number;
                    /**
                     * @description The wine with this LWIN7 (7 digits): 0 or 1 items. Combines with the other filters.
                     * @example 1011247
                     */
                    lwin?: string;
                    /**
                     * @description The wine whose bottle has this barcode: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14, check digit verified (a wrong one is a 422). Combines with the other filters.
                     * @example 04006381333931
                     */
                    gtin?: string;
                    /**
                     * @description RFC 3339 time with offset (2026-11-27T10:00:00Z). Lists the wines changed at or after it, retired and merged ones included (status, merged_into), in (updated_at, id) order, paged by cursor: follow links.next (page is ignored). Not combinable with the other filters.
                     * @example 2026-11-27T10:00:00Z
                     */
                    updated_since?: string;
                    /** @description Opaque position in the updated_since feed, from links.next; only with updated_since */
                    cursor?: string;
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                display_name: string;
                                /**
                                 * @description Wine colour
                                 * @enum {unknown}
                                 */
                                color: "red" | "white" | "rose";
                                /** @enum {unknown} */
                                type: "wine" | "dessert" | "fortified";
                                /** @enum {unknown} */
                                sub_type: "still" | "sparkling";
                                residual_sugar: string | null;
                                producer: {
                                    id: number;
                                    name: string;
                                    title: string | null;
                                    display_name: string;
                                };
                                region: {
                                    id: number;
                                    name: string;
                                    /** @description ISO 3166-1 alpha-2, upper case */
                                    country: string;
                                    /** @enum {unknown} */
                                    language: "de" | "en" | "fr" | "it";
                                };
                                /** @description The wine's keys in its sources (live records only); null or [] where a source has none */
                                identifiers: {
                                    lwin: string | null;
                                    /** @description Barcodes of the wine's bottles (Open Food Facts) as GTIN-14 (zero-padded), ascending */
                                    gtin: string[];
                                    xwines: number | null;
                                };
                                /**
                                 * Format: date-time
                                 * @description When the wine's facts or identifiers last changed (RFC 3339, UTC)
                                 * @example 2026-11-28T09:30:00.000Z
                                 */
                                updated_at: string;
                                /**
                                 * @description active: in the catalogue. Only the updated_since feed lists the others: retired (its source withdrew it; its URL answers 410) and merged (one wine with merged_into; its URL answers 301).
                                 * @enum {unknown}
                                 */
                                status: "active" | "retired" | "merged";
                                merged_into: number | null;
                            }[];
                            meta: {
                                current_page: number;
                                last_page: number;
                                per_page: number;
                                total: number;
                                from: number | null;
                                to: number | null;
                            };
                            links: {
                                first: string;
                                last: string;
                                prev: string | null;
                                next: string | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wines/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search wines by name or producer (typo-tolerant, as-you-type) */
        get: {
            parameters: {
                query: {
                    /**
                     * @description Wine name, producer or both; at least 3 characters
                     * @example barolo
                     */
                    q: string;
                    limit?: number;
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                display_name: string;
                                /**
                                 * @description Wine colour
                                 * @enum {unknown}
                                 */
                                color: "red" | "white" | "rose";
                                residual_sugar: string | null;
                                producer_name: string;
                                producer_title: string | null;
                                producer_display_name: string;
                            }[];
                            meta: {
                                /** @description The search text, as given */
                                query: string;
                                /** @description Number of wines in data (at most limit) */
                                count: number;
                                /** @description How many wines match the query in all: the number of results there would be without limit, ranked by the same rules (count <= total_matches). A wine matches under the rules of the results: the wines matching the most query words count (a word no wine has is ignored), typo-tolerant matches only when no wine matches without typos, and the last word also matches the words it starts. E.g. q=Brut: every wine with the word Brut (or a word starting with brut) in its producer or wine name; 0 when nothing matches. */
                                total_matches: number;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
                /** @description Error with a machine code */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wines/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Wine detail (not wrapped in data) */
        get: {
            parameters: {
                query?: {
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /**
                     * @description Integer id
                     * @example 100001
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            display_name: string;
                            name: string;
                            /**
                             * @description Wine colour
                             * @enum {unknown}
                             */
                            color: "red" | "white" | "rose";
                            /** @enum {unknown} */
                            type: "wine" | "dessert" | "fortified";
                            /** @enum {unknown} */
                            sub_type: "still" | "sparkling";
                            producer: {
                                id: number;
                                name: string;
                                title: string | null;
                                display_name: string;
                            };
                            region: {
                                id: number;
                                name: string;
                                /** @description ISO 3166-1 alpha-2, lower case (as the original service) */
                                country: string;
                            };
                            residual_sugar: string | null;
                            grapes: {
                                id: number;
                                name: string;
                            }[];
                            description: {
                                text: string;
                                text_long: string;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                            };
                            tasting_notes: {
                                text: string;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                            };
                            pairing: {
                                text: string;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                            };
                            /** @description 0 none … 10 very high */
                            flavor_profile: {
                                sweetness: number;
                                acidity: number;
                                tannins: number;
                                alcohol: number;
                                body: number;
                                finish: number;
                            };
                            abv: number | null;
                            /** @description Vintages listed for this wine, newest first */
                            vintages: number[];
                            /** @description The wine's keys in its sources (live records only); null or [] where a source has none */
                            identifiers: {
                                lwin: string | null;
                                /** @description Barcodes of the wine's bottles (Open Food Facts) as GTIN-14 (zero-padded), ascending */
                                gtin: string[];
                                xwines: number | null;
                            };
                            /**
                             * Format: date-time
                             * @description When the wine's facts or identifiers last changed (RFC 3339, UTC)
                             * @example 2026-11-28T09:30:00.000Z
                             */
                            updated_at: string;
                            /**
                             * @description source: body, acidity and flavour profile are the wine's own (X-Wines); typical: they are what is typical of its appellation and style (a wine known from LWIN or Open Food Facts only), and its texts say so
                             * @enum {unknown}
                             */
                            facts_basis: "source" | "typical";
                            /** @description The sources the wine comes from (GET /v1/sources) */
                            sources: ("xwines" | "lwin" | "off")[];
                        };
                    };
                };
                /** @description The wine was merged into another: Location is that wine's URL (same query) */
                301: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @description The surviving wine's URL, as Location */
                            location: string;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/producers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paginated list of producers */
        get: {
            parameters: {
                query?: {
                    /** @description Page number */
                    page?: number;
                    /** @description Items per page (max 100) */
                    per_page?: number;
                    /** @description Name search, at least 2 characters */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                name: string;
                                title: string | null;
                            }[];
                            meta: {
                                current_page: number;
                                last_page: number;
                                per_page: number;
                                total: number;
                                from: number | null;
                                to: number | null;
                            };
                            links: {
                                first: string;
                                last: string;
                                prev: string | null;
                                next: string | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/producers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Producer detail, optionally with its wines */
        get: {
            parameters: {
                query?: {
                    include_wines?: "1" | "true" | "0" | "false";
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /**
                     * @description Integer id
                     * @example 10001
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                name: string;
                                title: string | null;
                                display_name: string;
                                wines_count: number;
                                /** @description At most 50; only with include_wines */
                                wines?: {
                                    id: number;
                                    display_name: string;
                                    vintage: number | null;
                                    /**
                                     * @description Wine colour
                                     * @enum {unknown}
                                     */
                                    color: "red" | "white" | "rose";
                                    producer_id: number;
                                    residual_sugar: string | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paginated list of regions, names in the response language */
        get: {
            parameters: {
                query?: {
                    /** @description Page number */
                    page?: number;
                    /** @description Items per page (max 100) */
                    per_page?: number;
                    /** @description Country code, any case */
                    country?: string;
                    /** @description Name search in any language */
                    search?: string;
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                /** @description In the response language */
                                name: string;
                                /** @description ISO 3166-1 alpha-2, upper case */
                                country: string;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                            }[];
                            meta: {
                                current_page: number;
                                last_page: number;
                                per_page: number;
                                total: number;
                                from: number | null;
                                to: number | null;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                            };
                            links: {
                                first: string;
                                last: string;
                                prev: string | null;
                                next: string | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/regions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Region detail, optionally with its wines */
        get: {
            parameters: {
                query?: {
                    include_wines?: "1" | "true" | "0" | "false";
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /**
                     * @description Integer id
                     * @example 1001
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                /** @description In the response language */
                                name: string;
                                /** @description ISO 3166-1 alpha-2, upper case */
                                country: string;
                                /** @enum {unknown} */
                                language: "de" | "en" | "fr" | "it";
                                wines_count: number;
                                /** @description At most 50; only with include_wines */
                                wines?: {
                                    id: number;
                                    display_name: string;
                                    /**
                                     * @description Wine colour
                                     * @enum {unknown}
                                     */
                                    color: "red" | "white" | "rose";
                                    producer_id: number;
                                    region_id: number;
                                    residual_sugar: string | null;
                                    producer: {
                                        id: number;
                                        name: string;
                                        title: string | null;
                                    };
                                }[];
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/grapes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paginated list of grape varieties, names in the response language */
        get: {
            parameters: {
                query?: {
                    /** @description Page number */
                    page?: number;
                    /** @description Items per page (max 100) */
                    per_page?: number;
                    /** @description Name or synonym search */
                    search?: string;
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                name: string;
                                /**
                                 * @description Colour of the berry skins
                                 * @enum {unknown}
                                 */
                                color: "red" | "white";
                            }[];
                            meta: {
                                current_page: number;
                                last_page: number;
                                per_page: number;
                                total: number;
                                from: number | null;
                                to: number | null;
                            };
                            links: {
                                first: string;
                                last: string;
                                prev: string | null;
                                next: string | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/grapes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Grape variety detail */
        get: {
            parameters: {
                query?: {
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /**
                     * @description Integer id
                     * @example 1
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                name: string;
                                /**
                                 * @description Colour of the berry skins
                                 * @enum {unknown}
                                 */
                                color: "red" | "white";
                                synonyms: string[];
                                wines_count: number;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/region-insights/{regionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Region insight text */
        get: {
            parameters: {
                query?: {
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /** @example 1001 */
                    regionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            region_id: number;
                            /** @enum {unknown} */
                            lang: "de" | "en" | "fr" | "it";
                            summary: string;
                            climate_and_terroir: string;
                            signature_styles: string[];
                            key_grapes: {
                                id: number;
                                name: string;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Content missing; generating tells whether it is being generated (retry after ~30 s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            generating: boolean;
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/drinking-periods/{wineId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drinking window of a wine */
        get: {
            parameters: {
                query?: {
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path: {
                    /** @example 100001 */
                    wineId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            wine_id: number;
                            /** @enum {unknown} */
                            lang: "de" | "en" | "fr" | "it";
                            /** @description Start of the window, years after the vintage */
                            from: number;
                            /** @description End of the window, years after the vintage */
                            to: number;
                            statement: string;
                            young: string;
                            ripe: string;
                            storage: string;
                        };
                    };
                };
                /** @description The wine was merged into another: Location is that wine's URL (same query) */
                301: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @description The surviving wine's URL, as Location */
                            location: string;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Content missing; generating tells whether it is being generated (retry after ~30 s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            generating: boolean;
                        };
                    };
                };
                /** @description Error with a machine code */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photo/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enterprise: match a label photo to wines */
        post: {
            parameters: {
                query?: {
                    /** @description Language; overrides Accept-Language (de, en, fr, it). */
                    lang?: "de" | "en" | "fr" | "it";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Base64 image; a data:image/...;base64, prefix is allowed */
                        photo: string;
                        /**
                         * @description Candidates per label
                         * @default 10
                         */
                        max_results: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            message: "ok" | "no_label_detected";
                            detected_labels: {
                                producer_name: string;
                                wine_name: string;
                                vintage: number | null;
                                /** @description red, white, rose, or empty when unknown */
                                color: string;
                                region_name: string;
                                country: string;
                            }[];
                            candidates: {
                                id: number;
                                display_name: string;
                                /**
                                 * @description Wine colour
                                 * @enum {unknown}
                                 */
                                color: "red" | "white" | "rose";
                                /** @enum {unknown} */
                                type: "wine" | "dessert" | "fortified";
                                /** @enum {unknown} */
                                sub_type: "still" | "sparkling";
                                residual_sugar: string | null;
                                producer: {
                                    id: number;
                                    name: string;
                                    title: string | null;
                                };
                                region: {
                                    id: number;
                                    name: string;
                                    country: string;
                                };
                                /** @description Probability (0–1) that this is the wine on the label, given the other candidates: it reflects the candidate's margin over the next one (an addition to the original interface) */
                                confidence: number;
                            }[];
                            /** @description True when the label does not single out one wine: the best candidate's confidence is below 0.6, e.g. several wines share the words read (two namesakes the label cannot tell apart get 0.5 each). False when there are no candidates. An addition to the original interface. */
                            ambiguous: boolean;
                        };
                    };
                };
                /** @description Error with a machine code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
                /** @description Error with a machine code */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalogue's sources: licence, attribution, last release imported */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description xwines: X-Wines; lwin: the LWIN database (Liv-ex); off: Open Food Facts
                                 * @enum {unknown}
                                 */
                                name: "xwines" | "lwin" | "off";
                                /** @description The source's name as its publisher writes it */
                                title: string;
                                homepage: string;
                                licence: {
                                    name: string;
                                    url: string;
                                    /** @description Further terms: a licence for contents, share-alike, the citation asked for */
                                    terms: string[];
                                };
                                /** @description Show this wherever the source's data is shown or passed on */
                                attribution: string;
                                /** @description What the source gives the catalogue */
                                contributes: string;
                                release: string | null;
                                imported_at: string | null;
                                /** @description The source's live records in the catalogue */
                                records: number;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match matched the ETag (RFC 9110 §13.1.2). No body; ETag, Cache-Control and Vary as on the 200. Counts toward the per-minute limit, not the daily budget. */
                304: {
                    headers: {
                        /** @description Strong entity tag of this answer (catalogue version, language, bytes); send it in If-None-Match */
                        ETag?: string;
                        /** @description private, max-age=3600; no-store (and no ETag) on a 200 that is not final, such as a wine's English texts while its translation is generated */
                        "Cache-Control"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Error with a machine code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Error with a machine code */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            errors?: {
                                [key: string]: string[];
                            };
                        };
                    };
                };
                /** @description Per-minute limit (rate_limited) or daily budget (quota_exceeded) used up */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            code: string;
                            /** @description Seconds until a request may succeed (as Retry-After) */
                            retry_after: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
