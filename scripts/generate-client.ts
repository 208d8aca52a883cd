/**
 * `npm run generate:client`: regenerates packages/client/src/openapi-types.ts, the types of the
 * TypeScript SDK, from the service's own OpenAPI document (the app built on an empty in-memory
 * database, `/openapi.json` asked with `inject`; no server, no network).
 *
 * The document's paths carry the default base path (`/v1/wines`); the SDK's paths are relative to
 * the base URL a caller gives (`https://host/v1`), so the base path is taken off them.
 * test/client-sdk.test.ts compares the committed file with `clientTypes()` and fails when it is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { typesFromOpenApi } from "../packages/client/scripts/openapi-to-types.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";

/** Path of the generated file. */
export const CLIENT_TYPES_FILE = fileURLToPath(
  new URL("../packages/client/src/openapi-types.ts", import.meta.url),
);

/**
 * The OpenAPI document as the service serves it with default settings, its paths made relative to
 * the base path (`/v1/wines` → `/wines`).
 */
export async function openApiDocument(): Promise<{ paths: Record<string, unknown> }> {
  // Fixed settings, whatever the environment says: the document must not depend on who runs this.
  const config = loadConfig({ DATABASE_URL: "sqlite::memory:", LOG_LEVEL: "silent", GENERATION: "off" });
  const app = await buildApp(config);
  try {
    const res = await app.inject({ url: "/openapi.json" });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    const document = res.json() as { paths: Record<string, unknown> };
    const paths: Record<string, unknown> = {};
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith(`${config.basePath}/`)) throw new Error(`${path} is outside ${config.basePath}`);
      paths[path.slice(config.basePath.length)] = item;
    }
    return { ...document, paths };
  } finally {
    await app.close();
  }
}

/** The source `packages/client/src/openapi-types.ts` should have. */
export async function clientTypes(): Promise<string> {
  return typesFromOpenApi(await openApiDocument());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fresh = await clientTypes();
  const old = (() => {
    try {
      return readFileSync(CLIENT_TYPES_FILE, "utf8");
    } catch {
      return "";
    }
  })();
  if (old === fresh) {
    console.log(`${CLIENT_TYPES_FILE}: up to date`);
  } else {
    writeFileSync(CLIENT_TYPES_FILE, fresh);
    console.log(`${CLIENT_TYPES_FILE}: written`);
  }
}
