/**
 * Packages that only some deployments or requests use are loaded at their first use, not at start
 * (src/modules/wines/README.md, "Modules loaded when first needed"; their memory: bench/results/load-memory.md
 * §5). A service on SQLite without Redis, Stripe or OpenAI that has answered wines, a list, a search
 * and a producer has loaded none of them; its first `/mcp` request then loads the MCP SDK (which
 * shows the recording works).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { catalogueCopyWithKey, postMcpInitialize } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { ServiceProcess } from "./service-process.ts";

/** Loaded only when first needed, with what needs them. */
const LATE_PACKAGES = [
  "sharp", // the first photo
  "@modelcontextprotocol/sdk", // the first /mcp request, `winedata mcp`
  "zod", // the same
  "stripe", // BILLING_PROVIDER=stripe
  "openai", // GENERATOR=openai, at its first request
  "pg", // the first PostgreSQL query
  "ioredis", // REDIS_URL
  "@node-rs/argon2", // the first password (dashboard)
  "csv-parse", // an import
  "cli-progress", // a progress bar of the CLI
];

const dir = mkdtempSync(join(tmpdir(), "wds-lazy-"));
const loadedFile = join(dir, "loaded.txt");
let service: ServiceProcess | null = null;
after(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The packages among `names` of which a module was loaded so far. */
function loadedPackages(names: string[]): string[] {
  const urls = readFileSync(loadedFile, "utf8");
  return names.filter((name) => urls.includes(`/node_modules/${name}/`));
}

test("a started service loads optional packages only when a request needs them", {
  timeout: 90_000,
}, async () => {
  const { path, key } = await catalogueCopyWithKey();
  service = new ServiceProcess(await freePort(), {
    DATABASE_URL: `sqlite:${path}`,
    NODE_OPTIONS: `--import=${new URL("./record-loads.mjs", import.meta.url).pathname}`,
    LOADED_MODULES_FILE: loadedFile,
  });
  await service.start();
  const base = `http://127.0.0.1:${service.port}`;
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
    return res.json();
  };
  const list = (await get("/v1/wines?per_page=5")) as { data: { id: number; producer: { id: number } }[] };
  const first = list.data[0];
  assert.ok(first);
  await get(`/v1/wines/${first.id}`);
  await get(`/v1/producers/${first.producer.id}`);
  await get("/v1/wines/search?q=merlot");
  assert.ok(
    readFileSync(loadedFile, "utf8").includes("/src/app.ts"),
    "the recorder saw the service's own modules",
  );
  assert.deepEqual(loadedPackages(LATE_PACKAGES), []);

  const mcp = await postMcpInitialize(base, { authorization: `Bearer ${key}` });
  assert.equal(mcp.status, 200, await mcp.clone().text());
  assert.deepEqual(loadedPackages(["@modelcontextprotocol/sdk", "zod", "sharp"]), [
    "@modelcontextprotocol/sdk",
    "zod",
  ]);
});
