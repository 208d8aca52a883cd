/**
 * A tour of @winedata/client against a running service: search, a wine in German through the
 * generating flow, a drinking period in Italian (404 generating, then 200), paging over 250 wines,
 * typed errors, and a 429 retried after its Retry-After. Every HTTP exchange is printed.
 *
 *   WDS_URL=http://127.0.0.1:8080/v1 WDS_KEY=wds_… WDS_LIMITED_KEY=wds_… npx tsx packages/client/examples/tour.ts
 *
 * WDS_LIMITED_KEY: a key with a limit of 1 request a minute (`winedata keys create … --rate-limit 1`),
 * for the 429; without it that step is skipped. Keys are never printed, only their prefix.
 */
import { createWineDataClient, WineDataError } from "../src/index.ts";

const baseUrl = process.env.WDS_URL ?? "http://127.0.0.1:8080/v1";
const apiKey = process.env.WDS_KEY;
if (!apiKey) throw new Error("Set WDS_KEY to an API key (and WDS_URL to the service's /v1 root).");
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`;

/** The global fetch, printing each exchange: method, path, status, Retry-After, a wine's text language. */
async function loggingFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  const url = new URL(request.url);
  const retry = response.headers.get("retry-after");
  const body = await response
    .clone()
    .json()
    .catch(() => ({}));
  const texts = body?.description?.language;
  console.log(
    `  ${clock()} ${request.method} ${url.pathname}${url.search} → ${response.status}` +
      (retry ? ` (Retry-After: ${retry})` : "") +
      (texts ? ` (texts in ${texts})` : ""),
  );
  return response;
}

const client = createWineDataClient({
  baseUrl,
  apiKey,
  fetch: loggingFetch,
  // The offline generator writes a text in well under a second: ask again every 500 ms, for 60 s at most.
  generating: { intervalMs: 500, timeoutMs: 60_000 },
});

console.log("1. ping");
const pong = await client.ping();
console.log(
  `   key ${pong.api_key.prefix}… "${pong.api_key.name}", ${pong.api_key.rate_limit_per_minute}/min`,
);

console.log("2. search 'barolo'");
const found = await client.wines.search("barolo", { limit: 5 });
for (const w of found.data) console.log(`   ${w.id} ${w.display_name} (${w.color})`);

const id = found.data[0]?.id ?? 100_001;
console.log(`3. wine ${id} in German (English until the German text is written)`);
const wine = await client.wines.get(id, { lang: "de" });
console.log(`   ${wine.display_name}, ${wine.region.name}; description in "${wine.description.language}":`);
console.log(`   ${wine.description.text.slice(0, 160)}…`);

console.log(`4. drinking period of wine ${id} in Italian (404 generating, then 200)`);
const period = await client.drinkingPeriods.get(id, { lang: "it" });
console.log(`   ${period.from}–${period.to} years after the vintage: ${period.statement.slice(0, 120)}…`);

console.log("5. the first 250 red wines, with the async iterator (100 a page)");
let count = 0;
let last = 0;
for await (const red of client.wines.list({ color: "red" })) {
  last = red.id;
  if (++count === 250) break;
}
console.log(`   ${count} wines, the last one ${last}`);

console.log("6. typed errors");
for (const attempt of [() => client.wines.get(999_999_999), () => client.wines.search("ab")]) {
  try {
    await attempt();
  } catch (error) {
    if (!(error instanceof WineDataError)) throw error;
    console.log(`   ${error.status} ${error.code}: ${error.message} ${JSON.stringify(error.fieldErrors)}`);
  }
}

const limitedKey = process.env.WDS_LIMITED_KEY;
if (limitedKey) {
  console.log(
    "7. a key limited to 1 request a minute: the second request gets a 429, retried after Retry-After",
  );
  const limited = createWineDataClient({
    baseUrl,
    apiKey: limitedKey,
    fetch: loggingFetch,
    retry: {
      maxAttempts: 3,
      maxWaitMs: 65_000,
      onRetry: (e) =>
        console.log(`  ${clock()} retry: ${e.status} on attempt ${e.attempt}, waiting ${e.waitMs} ms`),
    },
  });
  await limited.ping();
  const again = await limited.ping();
  console.log(`   succeeded after the wait: ${again.message}`);
}
console.log(`done in ${clock().trim()}`);
