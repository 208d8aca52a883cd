/**
 * The settings of the customer side, read by config.ts `loadConfig`: how customers pay
 * (`BILLING_PROVIDER`, `STRIPE_*`), the prices shown (`PRICE_*`) and how the dashboard's mails leave
 * (`SMTP_URL`, `MAIL_FROM`). A bad value throws a ConfigError naming the variable.
 */
import { ConfigError } from "./config-error.ts";
import { ENV_SCHEMA } from "./config-schema.ts";

/** Variables read by this file, as text (a raw `process.env` or config-env.ts's values). */
type Env = Readonly<Partial<Record<string, string | number | boolean>>>;

/** `env[name]` when it is non-empty text, else undefined. */
function textOf(env: Env, name: string): string | undefined {
  const value = env[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * How customers pay (`BILLING_PROVIDER`, default `manual`):
 * - `manual`: an operator sets plans and states with `winedata accounts set-plan` / `set-state`; an
 *   upgrade asked for in the dashboard is recorded for the operator;
 * - `stripe`: Stripe Checkout and subscriptions, followed through signed webhooks at
 *   `/billing/webhook`. `STRIPE_SECRET_KEY` (`sk_…`), `STRIPE_WEBHOOK_SECRET` (`whsec_…`, the
 *   endpoint's signing secret), `STRIPE_PRICE_STANDARD` and `STRIPE_PRICE_ENTERPRISE` (monthly price
 *   ids, `price_…`), and optionally `STRIPE_API_URL` (another Stripe-compatible server, e.g.
 *   `http://127.0.0.1:12111` for a local mock; default Stripe's own API).
 */
export type BillingSetting =
  | { kind: "manual" }
  | {
      kind: "stripe";
      secretKey: string;
      webhookSecret: string;
      prices: { standard: string; enterprise: string };
      apiUrl: URL | null;
    };

/**
 * Mail (`SMTP_URL`, `MAIL_FROM`): with `SMTP_URL` (`smtp://user:password@host:587`, STARTTLS when
 * the server offers it, or `smtps://…:465`) mails go to that server through nodemailer; without
 * it (the embedded default) they are written to the service's log instead (in development with their
 * links, to follow them; in production only recipient and subject). `MAIL_FROM` is the sender, default
 * `Wine Data Service <no-reply@localhost>`.
 */
export interface MailSetting {
  smtpUrl: string | null;
  from: string;
}

/** A price: `amount` in the currency's major unit (49.5 = 49.50), `currency` an ISO 4217 code. */
export interface Price {
  amount: number;
  currency: string;
}

/** The monthly price of each paid plan. */
export interface Prices {
  standard: Price;
  enterprise: Price;
}

/**
 * Parses one price setting: an amount and an ISO 4217 currency code known to the runtime's `Intl`,
 * e.g. `49 EUR`, `19.90 CHF`, `5000 JPY`; at most as many decimals as the currency has (EUR 2, JPY 0).
 * @throws ConfigError naming `name` for anything else.
 */
export function parsePrice(name: string, raw: string): Price {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,3}))?\s+([A-Z]{3})\s*$/.exec(raw);
  const currency = match?.[3] ?? "";
  const decimals = match?.[2]?.length ?? 0;
  const known = Intl.supportedValuesOf("currency").includes(currency);
  const digits = known
    ? (new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2)
    : 0;
  if (match === null || !known || decimals > digits) {
    throw new ConfigError(
      `${name} must be an amount and an ISO 4217 currency code such as "49 EUR" or "19.90 CHF", got "${raw}".`,
    );
  }
  return { amount: Number(`${match[1]}.${match[2] ?? "0"}`), currency };
}

/** The prices without `PRICE_*` (ours, a product decision: the schema's defaults, 49 and 299 EUR a month). */
export const DEFAULT_PRICES: Prices = {
  standard: parsePrice("PRICE_STANDARD", ENV_SCHEMA.properties.PRICE_STANDARD.default),
  enterprise: parsePrice("PRICE_ENTERPRISE", ENV_SCHEMA.properties.PRICE_ENTERPRISE.default),
};

/**
 * `PRICE_STANDARD` and `PRICE_ENTERPRISE` (monthly; unset or empty: {@link DEFAULT_PRICES}).
 * @throws ConfigError naming the variable (see {@link parsePrice}).
 */
export function parsePrices(env: Env): Prices {
  const one = (name: string, fallback: Price) => {
    const raw = textOf(env, name);
    return raw === undefined ? fallback : parsePrice(name, raw);
  };
  return {
    standard: one("PRICE_STANDARD", DEFAULT_PRICES.standard),
    enterprise: one("PRICE_ENTERPRISE", DEFAULT_PRICES.enterprise),
  };
}

/** `BILLING_PROVIDER` and, for `stripe`, its `STRIPE_*` settings (not echoed: they are secrets). */
export function parseBilling(env: Env): BillingSetting {
  const kind = textOf(env, "BILLING_PROVIDER") ?? ENV_SCHEMA.properties.BILLING_PROVIDER.default;
  if (kind === "manual") return { kind };
  if (kind !== "stripe") throw new ConfigError(`BILLING_PROVIDER must be manual or stripe, got "${kind}".`);
  const need = (name: string, prefix: string): string => {
    const value = textOf(env, name) ?? "";
    if (!value.startsWith(prefix)) {
      throw new ConfigError(`BILLING_PROVIDER=stripe needs ${name} (starting with ${prefix}).`);
    }
    return value;
  };
  let apiUrl: URL | null = null;
  const stripeApiUrl = textOf(env, "STRIPE_API_URL");
  if (stripeApiUrl !== undefined) {
    try {
      apiUrl = new URL(stripeApiUrl);
    } catch {
      throw new ConfigError("STRIPE_API_URL must be a URL like https://api.stripe.com.");
    }
    if (apiUrl.protocol !== "http:" && apiUrl.protocol !== "https:") {
      throw new ConfigError("STRIPE_API_URL must be an http(s) URL.");
    }
  }
  return {
    kind,
    secretKey: need("STRIPE_SECRET_KEY", "sk_"),
    webhookSecret: need("STRIPE_WEBHOOK_SECRET", "whsec_"),
    prices: {
      standard: need("STRIPE_PRICE_STANDARD", "price_"),
      enterprise: need("STRIPE_PRICE_ENTERPRISE", "price_"),
    },
    apiUrl,
  };
}

/** `SMTP_URL` and `MAIL_FROM`, checked (the URL, which may hold a password, is never echoed). */
export function parseMail(env: Env): MailSetting {
  const from = textOf(env, "MAIL_FROM") ?? ENV_SCHEMA.properties.MAIL_FROM.default;
  if (/[\r\n]/.test(from) || !/@/.test(from)) {
    throw new ConfigError('MAIL_FROM must be an address like "Wine Data Service <api@example.com>".');
  }
  const raw = textOf(env, "SMTP_URL");
  if (raw === undefined) return { smtpUrl: null, from };
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") {
    throw new ConfigError(
      "SMTP_URL must be a URL like smtp://user:password@mail.example.com:587 or smtps://…",
    );
  }
  return { smtpUrl: raw, from };
}
