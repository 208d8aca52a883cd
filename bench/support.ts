/**
 * What the benchmarks share: a fresh database with the bundled catalogue and an Enterprise key with
 * a rate limit high enough never to throttle, and the compiled service (`npm run build` first)
 * started on it on a loopback port.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serviceStart, treeRss } from "./load-setup.ts";

export interface BenchService {
  dir: string;
  dbPath: string;
  env: NodeJS.ProcessEnv;
  key: string;
  port: number;
  server: ChildProcess;
  /** Runs `winedata` (compiled) on the bench database and returns its stdout. */
  cli(args: string[]): string;
  /**
   * Resident memory of the server and its child processes (OCR) now (VmRSS), or the sum of their peaks
   * (VmHWM), in MB (Linux /proc).
   */
  memoryMb(field: "VmRSS" | "VmHWM"): number;
}

/** The 30 dev label photos (test/fixtures/labels/*.jpeg), in file-name order. */
export function devPhotos(): Buffer[] {
  const folder = new URL("../test/fixtures/labels/", import.meta.url);
  return readdirSync(folder)
    .filter((f) => f.endsWith(".jpeg"))
    .sort()
    .map((f) => readFileSync(new URL(f, folder)));
}

/**
 * Analyses one photo on the service at `base` with `key`; resolves to its time in ms, asking again
 * a second after each 503 (the matcher being built, the OCR queue full), at most 120 times.
 * @throws on any other status.
 */
export async function analyzeTimed(base: string, key: string, image: Buffer): Promise<number> {
  const started = performance.now();
  const body = JSON.stringify({ photo: image.toString("base64") });
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base}/v1/photo/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    });
    await res.arrayBuffer();
    if (res.ok) return Math.round(performance.now() - started);
    if (res.status !== 503 || attempt === 120) throw new Error(`photo answered ${res.status}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Creates an Enterprise account and a key on it whose rate limit never throttles a benchmark, through
 * `cli` (the compiled `winedata` on the bench database); returns the full key.
 */
export function createBenchKey(cli: (args: string[]) => string, name: string): string {
  cli(["accounts", "create", "--name", "Bench", "--email", "bench@example.com", "--plan", "enterprise"]);
  const created = cli([
    "keys",
    "create",
    "--email",
    "bench@example.com",
    "--name",
    name,
    "--rate-limit",
    "1000000000",
    "--json",
  ]);
  return JSON.parse(created).key as string;
}

/**
 * Starts the service on a new database filled by `winedata <importArgs>` (default: the bundled
 * catalogue) or copied from `prebuilt`; `serverEnv` adds settings of the service.
 */
export async function startBenchService(
  name: string,
  importArgs = ["import"],
  serverEnv: Record<string, string> = {},
  prebuilt?: string,
): Promise<BenchService> {
  const dir = mkdtempSync(join(tmpdir(), `wds-${name}-`));
  const dbPath = join(dir, `${name}.db`);
  const env = { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: "warn", NODE_ENV: "production" };
  const cli = (args: string[]) =>
    execFileSync(process.execPath, ["dist/cli.js", ...args], { env, encoding: "utf8" });
  // A prebuilt catalogue (a SQLite file made by the same import) saves the import's minutes.
  if (prebuilt) copyFileSync(prebuilt, dbPath);
  else cli(importArgs);
  const key = createBenchKey(cli, name);
  const port = 17_000 + Math.floor(Math.random() * 2000);
  const start = serviceStart();
  const server = spawn(process.execPath, [...start.nodeArgs, "dist/cli.js", "serve"], {
    env: { ...env, ...start.env, ...serverEnv, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "inherit",
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {}
    if (i > 400) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  // The service and its child processes (the OCR processes): what the machine gives them together.
  const memoryMb = (field: "VmRSS" | "VmHWM") => {
    const tree = treeRss(server.pid as number);
    return field === "VmRSS" ? tree.rss_mb : tree.peak_mb;
  };
  return { dir, dbPath, env, key, port, server, cli, memoryMb };
}
