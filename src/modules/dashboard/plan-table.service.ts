/**
 * The plans side by side, as the front door and the plan page show them and the front door's JSON
 * index lists them: each plan's limits (accounts/plans.ts `PLANS`, docs/decisions.md "Accounts, plans and
 * subscription states"), the trial's length (`TRIAL_DAYS`) and the monthly prices of the settings
 * (`PRICE_STANDARD`, `PRICE_ENTERPRISE`: config.ts `parsePrices`). No HTTP here.
 */
import type { Price, Prices } from "../../config.ts";
import type { Plan } from "../../db/types.ts";
import { PLANS, TRIAL_DAYS } from "../accounts/plans.ts";
import { formatNumber } from "./dashboard.service.ts";
import type { Texts } from "./texts/en.ts";
import { format, type PageLanguage } from "./texts/texts.ts";

/** Every plan, cheapest first: the order of the columns. */
export const PLAN_ORDER: readonly Plan[] = ["trial", "standard", "enterprise"];

/**
 * `price` in `lang` with the currency's symbol (Intl), e.g. "€49" / "49 €", "CHF 19.90"; decimals
 * only when the amount has a fraction.
 */
export function formatPrice(price: Price, lang: PageLanguage): string {
  const whole = Number.isInteger(price.amount);
  return new Intl.NumberFormat(lang === "de" ? "de-DE" : "en-GB", {
    style: "currency",
    currency: price.currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(price.amount);
}

/** One plan as a column of the table, its texts in the page language. */
export interface PlanColumn {
  plan: Plan;
  /** The plan's name, e.g. "Standard". */
  name: string;
  /** "Free for 14 days", or the monthly price: "€49 / month". */
  price: string;
  /** The limits, in the order shown: requests per minute per key, per day, label recognition, keys. */
  limits: { label: string; value: string }[];
}

/** The columns of the plan table in the language of `t`, cheapest first. */
export function planColumns(prices: Prices, t: Texts): PlanColumn[] {
  const lang = t.lang as PageLanguage;
  const n = (x: number) => formatNumber(x, lang);
  return PLAN_ORDER.map((plan) => {
    const limits = PLANS[plan];
    return {
      plan,
      name: t.plans[plan],
      price:
        plan === "trial"
          ? format(t.offers.free, { days: TRIAL_DAYS })
          : format(t.offers.perMonth, { price: formatPrice(prices[plan], lang) }),
      limits: [
        {
          label: t.offers.perMinute,
          value:
            limits.maxPerMinute === null
              ? format(t.offers.perMinuteAny, { default: n(limits.defaultPerMinute) })
              : n(limits.maxPerMinute),
        },
        { label: t.offers.perDay, value: limits.perDay === null ? t.offers.unlimited : n(limits.perDay) },
        { label: t.offers.photo, value: limits.photo ? t.offers.included : t.offers.notIncluded },
        { label: t.offers.keys, value: n(limits.maxActiveKeys) },
      ],
    };
  });
}

/** One plan as the front door's JSON index lists it (`HomeIndex` in dashboard-home.schemas.ts). */
export interface PlanOffer {
  id: Plan;
  name: string;
  /** The monthly price; null for the trial (free). */
  price: { amount: number; currency: string; interval: "month" } | null;
  /** Length of the free trial in days; null for the paid plans. */
  trial_days: number | null;
  limits: {
    /** Requests per minute per key a new key gets. */
    requests_per_minute: number;
    /** The highest per-minute limit a key may be given; null = any. */
    requests_per_minute_max: number | null;
    /** Requests per UTC day per account; null = unlimited. */
    requests_per_day: number | null;
    /** `POST /v1/photo/analyze` (label recognition). */
    photo: boolean;
    /** Active (not revoked, not expired) API keys an account may hold. */
    active_keys_max: number;
  };
}

/** The plans for the JSON index, cheapest first, names in the language of `t`. */
export function planOffers(prices: Prices, t: Texts): PlanOffer[] {
  return PLAN_ORDER.map((plan) => {
    const limits = PLANS[plan];
    return {
      id: plan,
      name: t.plans[plan],
      price: plan === "trial" ? null : { ...prices[plan], interval: "month" as const },
      trial_days: plan === "trial" ? TRIAL_DAYS : null,
      limits: {
        requests_per_minute: limits.defaultPerMinute,
        requests_per_minute_max: limits.maxPerMinute,
        requests_per_day: limits.perDay,
        photo: limits.photo,
        active_keys_max: limits.maxActiveKeys,
      },
    };
  });
}
