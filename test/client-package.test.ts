/**
 * The SDK as it is published: `npm run build` in packages/client compiles it (the package's own
 * TypeScript) to dist/ with type declarations, and the compiled ESM works against a real service.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { startTestService, type TestService } from "./helpers.ts";

const PACKAGE = fileURLToPath(new URL("../packages/client/", import.meta.url));
let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("the built package: exports from package.json exist, declarations included, the compiled client answers", async () => {
  const tsc = join(PACKAGE, "node_modules/typescript/bin/tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", join(PACKAGE, "tsconfig.json")]);
  const manifest = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
  const entry = manifest.exports["."];
  assert.ok(existsSync(join(PACKAGE, entry.types)), entry.types);
  const built = await import(pathToFileURL(join(PACKAGE, entry.default)).href);
  assert.equal(typeof built.createWineDataClient, "function");
  const client = built.createWineDataClient({ baseUrl: s.url(""), apiKey: s.key });
  const found = await client.wines.search("barolo", { limit: 3 });
  assert.ok(found.data.length > 0);
  await assert.rejects(client.wines.get(999_999_999), (e: unknown) => e instanceof built.WineDataError);
});
