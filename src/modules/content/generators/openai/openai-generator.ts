/**
 * Optional content generator backed by an OpenAI-compatible chat-completions endpoint (OpenAI itself
 * or any server speaking the same wire format). It is prompted with the same catalogue facts as the
 * offline generator (prompts.ts), its answers are validated (validate.ts), and on any failure — HTTP
 * error, timeout, refusal, truncated or invalid JSON, failed validation — it returns the fallback
 * generator's result for the same call. Unlike the offline generator, its output is not deterministic.
 */
import type OpenAI from "openai";
import type { Language } from "../../../../domain/vocabulary.ts";
import { decideRegion } from "../../../../domain/wine/region-profile.ts";
import type { RegionFacts, WineFacts } from "../../../../domain/wine/wine-facts.ts";
import { decideWine } from "../../../../domain/wine/wine-profile.ts";
import type {
  ContentGenerator,
  DrinkingPeriodContent,
  RegionInsightContent,
  WineTexts,
} from "../../content.types.ts";
import {
  type ChatMessage,
  drinkingPeriodMessages,
  regionInsightMessages,
  wineTextsMessages,
} from "./prompts.ts";
import {
  type Validated,
  validateDrinkingPeriod,
  validateRegionInsight,
  validateWineTexts,
} from "./validate.ts";

/** The three generator calls, as reported to `onFallback`. */
export type ContentKind = "wineTexts" | "drinkingPeriod" | "regionInsight";

/** Options of `createOpenAiGenerator`. */
export interface OpenAiGeneratorOptions {
  /** Base URL of the API including the version path, e.g. `http://127.0.0.1:8080/v1` or `https://api.openai.com/v1`. */
  baseUrl: string;
  /** API key, sent as `Authorization: Bearer <apiKey>`; never included in fallback reasons. */
  apiKey: string;
  /** Model name sent with every request, e.g. `gpt-4o-mini`. */
  model: string;
  /** Timeout per HTTP request in milliseconds (each retry gets its own); default 20_000. */
  timeoutMs?: number;
  /** Retries by the client on connection errors, timeouts, 408/409/429 and 5xx; default 1. */
  maxRetries?: number;
  /**
   * Called once per call that fell back to the fallback generator, with a short reason such as
   * "http 500", "timeout after 300 ms", "invalid JSON" or `missing key "pairing"`. For logging only;
   * exceptions thrown by it are ignored. The reason never contains the API key.
   */
  onFallback?: (kind: ContentKind, reason: string) => void;
}

/** Default per-request timeout in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 20_000;
/** Default number of client retries. */
export const DEFAULT_MAX_RETRIES = 1;
/** Sampling temperature of every request. */
export const TEMPERATURE = 0.4;

const MAX_REASON_LENGTH = 200;

/** Proper names of a wine (may be in any language); ignored by the language check. */
function wineNames(facts: WineFacts): string[] {
  return [
    facts.name,
    facts.producerName,
    ...Object.values(facts.region.names),
    ...facts.grapes.flatMap((g) => [g.name, ...Object.values(g.names)]),
  ];
}

/** Proper names of a region and its wines; ignored by the language check. */
function regionNames(facts: RegionFacts): string[] {
  return [...Object.values(facts.names), ...facts.wines.flatMap(wineNames)];
}

/** The region's key grapes as the offline generator computes them: top 5 by number of wines, names localized. */
function keyGrapesOf(facts: RegionFacts, lang: Language): RegionInsightContent["keyGrapes"] {
  return decideRegion(facts)
    .grapes.slice(0, 5)
    .map((e) => ({ id: e.grape.id, name: e.grape.names[lang] || e.grape.name }));
}

/** Short reason for a failed request; classifies the client's error types (most specific first). */
function errorReason(err: unknown, timeoutMs: number, sdk: typeof OpenAI): string {
  if (err instanceof sdk.APIConnectionTimeoutError) return `timeout after ${timeoutMs} ms`;
  if (err instanceof sdk.APIUserAbortError) return "request aborted";
  if (err instanceof sdk.APIConnectionError) return "connection error";
  if (err instanceof sdk.APIError) return err.status === undefined ? "API error" : `http ${err.status}`;
  if (err instanceof Error) return `request failed (${err.name})`;
  return "request failed";
}

/**
 * Creates a generator that asks the chat-completions endpoint at `options.baseUrl` for each text
 * (`response_format: json_object`, temperature 0.4) and falls back to `fallback` on any failure.
 * - `wineTexts(facts, lang)`: description, descriptionLong, tastingNotes, pairing written by the model.
 * - `drinkingPeriod(facts, lang)`: `{ from, to }` (years after the vintage) always from the offline
 *   rules (`drinkingWindow`); the model writes statement/young/ripe/storage and an answer whose
 *   `from`/`to` disagree is rejected.
 * - `regionInsight(facts, lang)`: `keyGrapes` computed from the facts (as offline); the model writes
 *   summary, climateAndTerroir and signatureStyles (2–5 strings).
 * The returned promises reject only if `fallback` itself rejects.
 */
export function createOpenAiGenerator(
  options: OpenAiGeneratorOptions,
  fallback: ContentGenerator,
): ContentGenerator {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The client package is loaded with the first request, so a process on the offline generator never
  // loads it.
  let sdk: Promise<{ OpenAI: typeof OpenAI; client: OpenAI }> | null = null;
  const connect = () =>
    (sdk ??= import("openai").then(({ default: OpenAI }) => ({
      OpenAI,
      client: new OpenAI({
        baseURL: options.baseUrl,
        apiKey: options.apiKey,
        timeout: timeoutMs,
        maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      }),
    })));

  function sanitize(reason: string): string {
    let text = reason;
    if (options.apiKey.length > 0) text = text.split(options.apiKey).join("***");
    return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text;
  }

  function report(kind: ContentKind, reason: string): void {
    if (!options.onFallback) return;
    try {
      options.onFallback(kind, sanitize(reason));
    } catch {
      // Logging must never break content generation.
    }
  }

  /** Sends the messages; returns the assistant's message content or a reason. */
  async function complete(messages: ChatMessage[]): Promise<Validated<string>> {
    let api: Awaited<ReturnType<typeof connect>> | undefined;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      api = await connect();
      completion = await api.client.chat.completions.create({
        model: options.model,
        messages,
        response_format: { type: "json_object" },
        temperature: TEMPERATURE,
      });
    } catch (err) {
      return {
        ok: false,
        reason: api === undefined ? "client package not loaded" : errorReason(err, timeoutMs, api.OpenAI),
      };
    }
    const choice = completion?.choices?.[0];
    if (!choice) return { ok: false, reason: "no choices in response" };
    if (choice.message?.refusal) return { ok: false, reason: "model refused" };
    if (choice.finish_reason === "length")
      return { ok: false, reason: "answer truncated (finish_reason length)" };
    if (choice.finish_reason === "content_filter") return { ok: false, reason: "content filter" };
    const content = choice.message?.content;
    if (typeof content !== "string" || content.trim().length === 0)
      return { ok: false, reason: "empty answer" };
    return { ok: true, value: content };
  }

  /** Runs one call: request, validate, or fall back (reporting the reason). */
  async function run<T>(
    kind: ContentKind,
    messages: ChatMessage[],
    validate: (content: string) => Validated<T>,
    fallbackCall: () => Promise<T>,
  ): Promise<T> {
    const answer = await complete(messages);
    const result = answer.ok ? validate(answer.value) : answer;
    if (result.ok) return result.value;
    report(kind, result.reason);
    return fallbackCall();
  }

  return {
    async wineTexts(wine: WineFacts, lang: Language): Promise<WineTexts> {
      const { facts } = decideWine(wine, new Date().getUTCFullYear());
      return run(
        "wineTexts",
        wineTextsMessages(facts, lang),
        (content) => validateWineTexts(content, lang, wineNames(facts)),
        () => fallback.wineTexts(facts, lang),
      );
    },
    async drinkingPeriod(wine: WineFacts, lang: Language): Promise<DrinkingPeriodContent> {
      const profile = decideWine(wine, new Date().getUTCFullYear());
      const { facts } = profile;
      // A grape spirit does not develop in bottle: its window is 0–0 (wine-profile.ts).
      const window = profile.window
        ? { from: profile.window.from, to: profile.window.to }
        : { from: 0, to: 0 };
      return run(
        "drinkingPeriod",
        drinkingPeriodMessages(facts, lang, window),
        (content) => validateDrinkingPeriod(content, lang, window, wineNames(facts)),
        () => fallback.drinkingPeriod(facts, lang),
      );
    },
    async regionInsight(facts: RegionFacts, lang: Language): Promise<RegionInsightContent> {
      const keyGrapes = keyGrapesOf(facts, lang);
      return run(
        "regionInsight",
        regionInsightMessages(facts, lang, keyGrapes),
        (content) => validateRegionInsight(content, lang, keyGrapes, regionNames(facts)),
        () => fallback.regionInsight(facts, lang),
      );
    },
  };
}
