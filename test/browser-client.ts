/**
 * A minimal cookie-keeping HTTP client for the dashboard's HTTP tests: it follows no redirects (the
 * tests assert them), keeps the cookies the service sets and sends each only to the paths its `Path`
 * matches, like a browser (RFC 6265 §5.1.4; expiry is ignored), reads the CSRF token from a page's
 * form and posts forms as application/x-www-form-urlencoded, asking for HTML like a browser.
 */

/** One answer: status, headers, body text and the redirect target, if any. */
export interface PageAnswer {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
}

/** The value of the first `_csrf` hidden field of `html`. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no CSRF token on the page");
  return match[1];
}

/** The visible text of `html` with tags removed and spaces collapsed (for assertions on wording). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when the request path `path` is within cookie path `cookiePath` (RFC 6265 §5.1.4). */
function pathMatches(path: string, cookiePath: string): boolean {
  if (path === cookiePath) return true;
  if (!path.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || path[cookiePath.length] === "/";
}

/** A browser without JavaScript: cookies, forms, no automatic redirects. */
export class FormClient {
  /** The cookies by name (a cookie set here without a known path is sent to every path). */
  readonly cookies = new Map<string, string>();
  /** The `Path` of each cookie the service set. */
  private readonly paths = new Map<string, string>();

  constructor(
    private readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private async send(path: string, init: RequestInit): Promise<PageAnswer> {
    const requestPath = new URL(path, this.origin).pathname;
    const cookie = [...this.cookies]
      .filter(([k]) => pathMatches(requestPath, this.paths.get(k) ?? "/"))
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    const res = await fetch(`${this.origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: { accept: "text/html", ...this.headers, ...(cookie ? { cookie } : {}), ...init.headers },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      // The service sets a Path on every cookie; "/" only stands in should one come without.
      const pathAttribute = attributes.find((a) => /^\s*path=/i.test(a)) ?? "";
      const cookiePath = /^\s*path=(\S+)/i.exec(pathAttribute)?.[1] ?? "/";
      if (expired) {
        this.cookies.delete(name);
        this.paths.delete(name);
      } else {
        this.cookies.set(name, value);
        this.paths.set(name, cookiePath);
      }
    }
    return {
      status: res.status,
      headers: res.headers,
      html: await res.text(),
      location: res.headers.get("location"),
    };
  }

  /** GET `path`. */
  get(path: string): Promise<PageAnswer> {
    return this.send(path, { method: "GET" });
  }

  /** POSTs `fields` (repeated names as arrays) to `path`, with the CSRF token of `page` unless `csrf` is given. */
  post(path: string, fields: Record<string, string | string[]>, csrf: string | null): Promise<PageAnswer> {
    const body = new URLSearchParams();
    if (csrf !== null) body.append("_csrf", csrf);
    for (const [name, value] of Object.entries(fields)) {
      for (const v of [value].flat()) body.append(name, v);
    }
    return this.send(path, {
      method: "POST",
      body: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }

  /** Opens `formPage`, then posts `fields` with that page's CSRF token to `action` (default: the same path). */
  async submit(
    formPage: string,
    fields: Record<string, string | string[]>,
    action = formPage,
  ): Promise<PageAnswer> {
    const page = await this.get(formPage);
    return this.post(action, fields, csrfOf(page.html));
  }
}
