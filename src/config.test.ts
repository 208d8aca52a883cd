/**
 * The configuration schema: docs/operations.md holds the table it generates, `loadConfig` applies its
 * defaults and rejects a bad value naming the variable, and the deprecated names (`WORKERS`,
 * `WORKER_IDLE_MS`, `OCR_THREADS`, `serve --workers`) still work, with a warning naming the new one;
 * the last two over real `winedata` processes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { failing } from "../test/cli-run.ts";
import { freePort } from "../test/raw-http.ts";
import { formatLines, ServiceProcess } from "../test/service-process.ts";
import { ConfigError, DEFAULT_PRICES, ENV_SCHEMA, loadConfig } from "./config.ts";
import { configTable, TABLE_END, TABLE_START } from "./config-table.ts";

const dir = mkdtempSync(join(tmpdir(), "wds-config-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("docs/operations.md holds the configuration table the schema generates", () => {
  const doc = readFileSync(new URL("../docs/operations.md", import.meta.url), "utf8");
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  assert.ok(start >= 0 && end > start, `docs/operations.md lacks ${TABLE_START} … ${TABLE_END}`);
  const written = doc.slice(start + TABLE_START.length, end).trim();
  assert.ok(
    written === configTable(),
    "The configuration table in docs/operations.md differs from src/config-schema.ts: run `npm run docs:config`.",
  );
  // Every variable is a row, and every deprecated name is listed beside its new one.
  for (const name of Object.keys(ENV_SCHEMA.properties))
    assert.match(written, new RegExp(`^\\| \`${name}\``, "m"));
  assert.match(written, /`GENERATION` \(alias, deprecated: `WORKERS`\)/);
  assert.match(written, /`GENERATION_IDLE_MS` \(alias, deprecated: `WORKER_IDLE_MS`\)/);
  assert.match(written, /`OCR_PROCESSES` \(alias, deprecated: `OCR_THREADS`\)/);
});

test("an empty environment gives the schema's defaults", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8080);
  assert.equal(config.host, "0.0.0.0");
  assert.deepEqual(config.database, { kind: "sqlite", path: "./var/wine.db" });
  assert.equal(config.basePath, "/v1");
  assert.equal(config.logLevel, "info");
  assert.equal(config.trustProxy, false);
  assert.equal(config.development, true);
  assert.equal(config.generation, "thread");
  assert.equal(config.generationIdleMs, 30_000);
  assert.equal(config.ocrProcesses, 1);
  assert.equal(config.responseCacheBytes, 64 * 1024 * 1024);
  assert.equal(config.bodyLimitBytes, 10 * 1024 * 1024);
  assert.deepEqual(config.timeouts, { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 65_000 });
  assert.deepEqual(config.prices, DEFAULT_PRICES);
  assert.deepEqual(config.prices.standard, { amount: 49, currency: "EUR" });
  assert.equal(config.metricsPort, null);
  assert.equal(config.redis, null);
  assert.deepEqual(config.deprecations, []);
  // An empty value is "unset", except where empty means something (no prefix at all).
  assert.equal(loadConfig({ PORT: "", GENERATION: "" }).port, 8080);
  assert.equal(loadConfig({ BASE_PATH: "" }).basePath, "");
});

test("a bad value throws a ConfigError naming the variable and what it accepts", () => {
  for (const [env, message] of [
    [{ OCR_PROCESSES: "0" }, 'OCR_PROCESSES must be an integer from 1 to 16, got "0".'],
    [{ GENERATION: "many" }, 'GENERATION must be thread, inline or off, got "many".'],
    [{ TRACE_REQUEST_IDS: "yes" }, 'TRACE_REQUEST_IDS must be true or false, got "yes".'],
    [
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got "loud".',
    ],
    [{ BASE_PATH: "v1" }, 'BASE_PATH must be empty, or a path such as /v1 or /public/v1, got "v1".'],
    // The value of an old name is reported under the name that was set.
    [{ WORKER_IDLE_MS: "5" }, 'WORKER_IDLE_MS must be an integer from 10 to 3600000, got "5".'],
  ] as const) {
    assert.throws(() => loadConfig(env), new ConfigError(message), JSON.stringify(env));
  }
});

test("the old names are read when the new ones are not set, with one warning each; the new name wins", () => {
  const old = loadConfig({ WORKERS: "false", WORKER_IDLE_MS: "500", OCR_THREADS: "3" });
  assert.equal(old.generation, "off");
  assert.equal(old.generationIdleMs, 500);
  assert.equal(old.ocrProcesses, 3);
  assert.deepEqual(old.deprecations, [
    "OCR_THREADS is deprecated: set OCR_PROCESSES instead (OCR_THREADS will stop working in the next release).",
    "WORKERS is deprecated: set GENERATION instead (WORKERS will stop working in the next release).",
    "WORKER_IDLE_MS is deprecated: set GENERATION_IDLE_MS instead (WORKER_IDLE_MS will stop working in the next release).",
  ]);
  const both = loadConfig({ GENERATION: "inline", WORKERS: "off" });
  assert.equal(both.generation, "inline");
  assert.deepEqual(both.deprecations, [
    "WORKERS is deprecated and ignored since GENERATION is set: remove it.",
  ]);
});

test("a service started with WORKERS and OCR_THREADS logs one warning naming each new name", {
  timeout: 120_000,
}, async () => {
  const service = new ServiceProcess(await freePort(), {
    DATABASE_URL: `sqlite:${join(dir, "alias.db")}`,
    GENERATION: "",
    WORKERS: "off",
    OCR_THREADS: "2",
  });
  try {
    await service.start();
  } finally {
    await service.stop();
  }
  const lines = service.linesSince(0);
  const warnings = lines.filter((l) => /is deprecated: set/.test(l.text));
  assert.equal(warnings.length, 2, formatLines(lines));
  assert.match(
    warnings.map((l) => l.text).join("\n"),
    /"OCR_THREADS is deprecated: set OCR_PROCESSES instead/,
  );
  assert.match(warnings.map((l) => l.text).join("\n"), /"WORKERS is deprecated: set GENERATION instead/);
  assert.ok(
    warnings.every((l) => JSON.parse(l.text).level === 40),
    "logged as warnings",
  );
});

test("serve: a bad setting exits 2 naming it; --workers is a deprecated name of --processes", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "flags.db")}` };
  const bad = await failing(["serve"], { ...env, OCR_PROCESSES: "17" });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^OCR_PROCESSES must be an integer from 1 to 16, got "17"\./);

  const processes = await failing(["serve", "--processes", "0"], env);
  assert.equal(processes.code, 2);
  assert.match(processes.stderr, /^--processes must be an integer from 1 to 64\./);
  assert.doesNotMatch(processes.stderr, /deprecated/);

  const workers = await failing(["serve", "--workers", "0"], env);
  assert.equal(workers.code, 2);
  assert.match(
    workers.stderr,
    /^--workers is deprecated: use --processes .*\n--workers must be an integer from 1 to 64\./,
  );
});
