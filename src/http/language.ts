/**
 * Language negotiation (docs/decisions.md "Languages"): the `lang` query parameter, then Accept-Language
 * with q-values and region subtags (`de-CH;q=0.9` → de; unsupported entries skipped), then English.
 */
import { LANGUAGES, type Language } from "../domain/vocabulary.ts";

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Best supported language of an Accept-Language header, or null. Entries with q=0 are refused. */
export function fromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { lang: Language; q: number; order: number } | null = null;
  header.split(",").forEach((part, order) => {
    const [tag, ...params] = part.trim().split(";");
    const primary = tag?.trim().toLowerCase().split("-")[0] ?? "";
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLanguage(primary) || !Number.isFinite(q) || q <= 0) return;
    if (!best || q > best.q) best = { lang: primary, q, order };
  });
  return (best as { lang: Language } | null)?.lang ?? null;
}

/** The response language: `lang` (already validated by the route schema) > Accept-Language > en. */
export function pickLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  if (lang && isLanguage(lang)) return lang;
  return fromAcceptLanguage(acceptLanguage) ?? "en";
}
