/**
 * The Kysely database type: one interface per table. Nullable columns are `T | null`.
 * Times are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`), which sort and compare as text
 * on both SQLite and PostgreSQL. JSON columns hold JSON text.
 */
import type { Generated, Insertable, Selectable } from "kysely";
import type { Color, SubType, WineType } from "../domain/vocabulary.ts";

/** The SQL engines the service runs on. */
export type Dialect = "sqlite" | "postgres";

export interface RegionTable {
  id: number;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  name_de: string;
  name_en: string;
  name_fr: string;
  name_it: string;
  /** Folded names of all languages, for search. */
  search_text: string;
}

export interface ProducerTable {
  id: number;
  name: string;
  title: string | null;
  display_name: string;
  website: string | null;
  search_text: string;
}

export interface GrapeTable {
  id: number;
  name: string;
  name_de: string;
  name_fr: string;
  name_it: string;
  color: "red" | "white";
  /** JSON array of strings. */
  synonyms: string;
  search_text: string;
}

export interface WineTable {
  id: number;
  name: string;
  display_name: string;
  color: Color;
  type: WineType;
  sub_type: SubType;
  producer_id: number;
  region_id: number;
  residual_sugar: string | null;
  abv: number | null;
  body: string;
  acidity: string;
  elaboration: string;
  /** JSON array of X-Wines food categories. */
  foods: string;
  /** JSON array of years, newest first. */
  vintages: string;
  /**
   * The current vintage: the one the wine is shown with, decided at import from its style (content/generators/
   * wine-style.ts `currentVintage`): null for non-vintage wines; release rules respected.
   */
  vintage: number | null;
  flavor_sweetness: number;
  flavor_acidity: number;
  flavor_tannins: number;
  flavor_alcohol: number;
  flavor_body: number;
  flavor_finish: number;
  /** When the wine's facts or identifiers last changed (ISO 8601 UTC). */
  updated_at: Generated<string>;
  /**
   * `source`: body, acidity and flavour profile are the wine's own (X-Wines); `typical`: they are what
   * is typical of its appellation and style (a wine known only from LWIN or Open Food Facts).
   */
  facts_basis: Generated<FactsBasis>;
}

/** Where a wine's body, acidity and flavour profile come from (see WineTable.facts_basis). */
export type FactsBasis = "source" | "typical";

/** The catalogue's sources (docs/catalogue-sources.md). */
export type SourceName = "xwines" | "lwin" | "off";

/** One record of a source and the wine it is (the crosswalk). */
export interface WineSourceTable {
  source: SourceName;
  /** The record's key in its source: X-Wines WineID, LWIN7 (7 digits), GTIN-14 (14 digits). */
  key: string;
  wine_id: number;
  /** `live` while the source has it; `retired` once the source deleted or combined it. */
  status: "live" | "retired";
  /** Hash of the record's content as imported last; an unchanged record is not written again. */
  fingerprint: string;
  updated_at: string;
}

/** A wine taken out of the catalogue: retired by its sources (410) or merged into another (301). */
export interface RetiredWineTable {
  id: number;
  status: "retired" | "merged";
  /** The surviving wine of a merge; null when retired. */
  merged_into: number | null;
  updated_at: string;
  /**
   * JSON of its `wines` row when it left, with `grapes` (names in order) added; the `updated_since`
   * feed shows its list-item facts (display_name, color, type, sub_type, residual_sugar,
   * producer_id, region_id) with its status.
   */
  snapshot: string;
}

/** A record the crosswalk was unsure about, and a wine it might be (`winedata review-links`). */
export interface LinkCandidateTable {
  source: SourceName;
  key: string;
  wine_id: number;
  /** The crosswalk's score, 0..1. */
  score: number;
  /** Why it was not linked, e.g. "producer matches, wine name differs". */
  reason: string;
  status: "pending" | "confirmed" | "rejected";
  created_at: string;
  decided_at: string | null;
}

/** The next id the service allocates per kind; starts at 10,000,001 and only counts up. */
export interface IdCounterTable {
  kind: "wine" | "producer" | "region";
  next_id: number;
}

/** The last release of each source imported. */
export interface CatalogueSourceTable {
  source: SourceName;
  /** The file's name (and date, where the source dates its releases). */
  release: string | null;
  imported_at: string | null;
  /** Live records of the source in the catalogue. */
  records: number;
}

export interface WineGrapeTable {
  wine_id: number;
  grape_id: number;
  position: number;
}

export interface WineTextTable {
  wine_id: number;
  lang: string;
  description: string;
  description_long: string;
  tasting_notes: string;
  pairing: string;
  generator: string;
  created_at: string;
}

export interface RegionInsightTable {
  id: Generated<number>;
  region_id: number;
  lang: string;
  summary: string;
  climate_and_terroir: string;
  /** JSON array of strings. */
  signature_styles: string;
  /** JSON array of {id, name}. */
  key_grapes: string;
  generator: string;
  created_at: string;
}

export interface DrinkingPeriodTable {
  id: Generated<number>;
  wine_id: number;
  lang: string;
  from_years: number;
  to_years: number;
  statement: string;
  young: string;
  ripe: string;
  storage: string;
  generator: string;
  created_at: string;
}

export type JobKind = "wine_text" | "region_insight" | "drinking_period";
export type JobStatus = "pending" | "running" | "done" | "failed";

export interface GenerationJobTable {
  id: Generated<number>;
  kind: JobKind;
  resource_id: number;
  lang: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  /** Not picked before this time (backoff). */
  run_after: string;
  locked_by: string | null;
  locked_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** The plans, cheapest first (their limits: modules/accounts/plans.ts `PLANS`). */
export const PLAN_NAMES = ["trial", "standard", "enterprise"] as const;
/** A plan's name. */
export type Plan = (typeof PLAN_NAMES)[number];
/** The states of an account's subscription (docs/decisions.md "Accounts, plans and subscription states"). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "expired"] as const;
/** A subscription state. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface AccountTable {
  id: Generated<number>;
  name: string;
  email: string;
  plan: Plan;
  status: SubscriptionStatus;
  trial_ends_at: string | null;
  /** End of the paid period (active, past_due, canceled). */
  current_period_end: string | null;
  /** When a renewal payment failed (past_due); the grace period runs from here. */
  past_due_since: string | null;
  /** Requests per UTC day; null = the plan's default. */
  daily_limit: number | null;
  created_at: string;
  /** argon2id PHC string of the dashboard password; null: no dashboard log-in (created by an operator). */
  password_hash: string | null;
  /** A paid plan asked for on the `manual` billing provider, until an operator sets it. */
  requested_plan: Plan | null;
  /** The payment provider's customer id (Stripe `cus_…`). */
  billing_customer_id: string | null;
  /** The payment provider's subscription id (Stripe `sub_…`). */
  billing_subscription_id: string | null;
  /** Creation time of the last subscription event applied (older deliveries are ignored). */
  billing_event_at: string | null;
  /** When the owner proved the email address (a mailed link); null: not yet (a new trial's sign-up). */
  email_verified_at: string | null;
}

/** What a mailed single-use link is for. */
export type AccountTokenPurpose = "verify_email" | "reset_password" | "change_email";

/** A single-use link sent by mail (accounts/account-tokens.service.ts). */
export interface AccountTokenTable {
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  id: string;
  account_id: number;
  purpose: AccountTokenPurpose;
  /** The address the mail went to (for `change_email`: the new address). */
  email: string;
  created_at: string;
  expires_at: string;
  /** When the link was followed; a used token never works again. */
  used_at: string | null;
}

/** A security event (accounts/audit.service.ts). */
export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  /** The account concerned; null when there is none (a failed log-in for an unknown email). */
  account_id: number | null;
  /** What happened, e.g. `login.failed` (the list: accounts/audit.service.ts AUDIT_EVENTS). */
  event: string;
  /** The client address (behind a trusted proxy: the forwarded one); null from the command line. */
  address: string | null;
  /** The client's User-Agent, at most 300 characters. */
  user_agent: string | null;
  /** More facts as JSON (e.g. a key's prefix, a plan), never a secret. */
  detail: string | null;
}

/** A random secret made once and shared by every process of the service (e.g. the CSRF HMAC key). */
export interface ServiceSecretTable {
  name: string;
  value: string;
}

/** A dashboard log-in. */
export interface SessionTable {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  id: string;
  account_id: number;
  created_at: string;
  /** Last request seen, written at most every few minutes. */
  last_seen_at: string;
  /** The session ends here (idle end, never later than the absolute end). */
  expires_at: string;
  /** One-time message for the next page, AES-256-GCM with a key derived from the token; null: none. */
  flash: string | null;
}

/** A webhook event of the payment provider that was applied (idempotency). */
export interface BillingEventTable {
  /** The provider's event id (Stripe `evt_…`). */
  id: string;
  type: string;
  received_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** Public part `wds_<8 chars>`, unique. */
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  secret_hash: string;
  /** JSON array of abilities; `["*"]` means all. */
  abilities: string;
  rate_limit_per_minute: number;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
}

/** One row (`id` = 1): `version` counts catalogue imports; search indexes rebuild when it moves. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
  /** A random UUID made once per database (by its migration); null only in a row written without it. */
  catalogue_id: string | null;
}

export interface Database {
  regions: RegionTable;
  producers: ProducerTable;
  grapes: GrapeTable;
  wines: WineTable;
  wine_grapes: WineGrapeTable;
  wine_texts: WineTextTable;
  region_insights: RegionInsightTable;
  drinking_periods: DrinkingPeriodTable;
  generation_jobs: GenerationJobTable;
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  catalogue_version: CatalogueVersionTable;
  sessions: SessionTable;
  billing_events: BillingEventTable;
  account_tokens: AccountTokenTable;
  audit_events: AuditEventTable;
  service_secrets: ServiceSecretTable;
  wine_sources: WineSourceTable;
  retired_wines: RetiredWineTable;
  link_candidates: LinkCandidateTable;
  id_counters: IdCounterTable;
  catalogue_sources: CatalogueSourceTable;
}

export type WineRow = Selectable<WineTable>;
export type NewWine = Insertable<WineTable>;
export type AccountRow = Selectable<AccountTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type JobRow = Selectable<GenerationJobTable>;
export type SessionRow = Selectable<SessionTable>;
export type AccountTokenRow = Selectable<AccountTokenTable>;
export type AuditEventRow = Selectable<AuditEventTable>;
