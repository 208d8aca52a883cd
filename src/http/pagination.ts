/**
 * The Laravel paginator's envelope: `data`, `meta` {current_page, last_page, per_page, total, from,
 * to} and absolute `links` that keep every other query parameter.
 */
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { MAX_INT } from "./schemas.ts";

export interface PageRequest {
  page: number;
  perPage: number;
}

/** Row offset of a page. */
export const offsetOf = ({ page, perPage }: PageRequest) => (page - 1) * perPage;

/**
 * Absolute URL of the request with `page` set to `page`: the request's checked `linkBase` (see the
 * link-base plugin), its path as received, and its query with `page` replaced. Never throws.
 */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = request.url;
  const at = url.indexOf("?");
  const query = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  query.set("page", String(page));
  return `${request.linkBase}${at < 0 ? url : url.slice(0, at)}?${query}`;
}

/**
 * Absolute URL of the request (linkBase, path as received) with the query parameters of `changes`
 * set, or removed where null; the others kept in order. Never throws.
 */
export function requestUrlWith(request: FastifyRequest, changes: Record<string, string | null>): string {
  const url = request.url;
  const at = url.indexOf("?");
  const query = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  const search = query.toString();
  return `${request.linkBase}${at < 0 ? url : url.slice(0, at)}${search === "" ? "" : `?${search}`}`;
}

/** The `links` of page `page` of `lastPage`, absolute URLs built from `request`. */
export function pageLinks(request: FastifyRequest, page: number, lastPage: number) {
  return {
    first: pageUrl(request, 1),
    last: pageUrl(request, lastPage),
    prev: page > 1 ? pageUrl(request, Math.min(page - 1, lastPage)) : null,
    next: page < lastPage ? pageUrl(request, page + 1) : null,
  };
}

/**
 * Builds the envelope for one page of `total` items, and notes the page on the request
 * (`request.answeredPage`, for the response cache, which rebuilds the links of a stored page).
 */
export function pageEnvelope<T>(
  request: FastifyRequest,
  { page, perPage }: PageRequest,
  total: number,
  data: T[],
) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  request.answeredPage = { page, lastPage };
  return {
    data,
    meta: {
      current_page: page,
      last_page: lastPage,
      per_page: perPage,
      total,
      from,
      to: from === null ? null : from + data.length - 1,
    },
    links: pageLinks(request, page, lastPage),
  };
}

/** Parses a path id; anything but a positive integer up to 2^31-1 is null (the route answers 404). */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_INT ? id : null;
}

/**
 * Laravel trims input before validating `min:N`: a text of fewer than `min` characters once trimmed
 * is refused like a short one.
 * @throws AppError validation_failed naming `field`.
 */
export function requireTrimmed(field: string, value: string | undefined, min: number): void {
  if (value !== undefined && value.trim().length < min) {
    throw AppError.validation(field, `The ${field} field must be at least ${min} characters.`);
  }
}
