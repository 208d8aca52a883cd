/**
 * The set-ups `bench/load.ts` and `bench/load-backends.ts` measure (`BENCH_SETUP`):
 * - `embedded` (default): one `winedata serve` process on a SQLite copy of the catalogue, rate limits
 *   in its memory: bench/results/load.{json,md};
 * - `postgres`: the same one process on a PostgreSQL copy of the same catalogue (`BENCH_POSTGRES_URL`),
 *   rate limits in its memory: the embedded set-up with only the database changed;
 * - `cluster`: `winedata serve --processes BENCH_WORKERS` (default 2) on PostgreSQL (`BENCH_POSTGRES_URL`,
 *   default postgres://postgres@127.0.0.1:5432/postgres) with the rate limits in Redis
 *   (`BENCH_REDIS_URL`, default redis://127.0.0.1:6379, keys under a per-run prefix deleted at the end):
 *   bench/results/load-cluster.{json,md}.
 *
 * Both catalogues are built once by the compiled CLI (`winedata import --synthetic N --seed S`, then
 * `winedata generate --lang en --what texts,insights`: every wine's English texts and region insights
 * stored, so no request generates any; an Enterprise account and a key that never throttles), each step
 * under `/usr/bin/time` (wall time and peak RSS), and cached: the SQLite file in the OS temp folder, the PostgreSQL database on its server, each keyed
 * by N, seed and a hash of the generator's source. Each run serves a fresh copy (a file copy, or
 * `CREATE DATABASE … TEMPLATE`), dropped afterwards. The request material is read from the SQLite
 * file, which the same seed makes identical to the PostgreSQL catalogue (checked by wine count).
 *
 * `BENCH_DB=path` (embedded only): a prebuilt SQLite catalogue instead (e.g. one with every wine's
 * English texts stored, so no request generates any); each run serves a copy, in which an Enterprise
 * account and a key that never throttles are made.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dropKeys } from "../test/redis.ts";
import { adminQuery } from "../test/shared-backend.ts";

/** How the catalogue was built (cached beside it). */
export interface CacheMeta {
  key: string;
  import_ms: number;
  /** Peak RSS of the import command, MB (0: not measured). */
  import_peak_mb?: number;
  import_output: string;
  /** `generate --lang en --what texts,insights`: wall time (ms) and peak RSS (MB). */
  insights_ms: number;
  generate_peak_mb?: number;
  /** SQLite: the file's size; PostgreSQL: `pg_database_size`. */
  db_bytes: number;
}

/** One set-up, prepared: the service's command and settings, and what to remove afterwards. */
export interface BenchSetup {
  name: "embedded" | "postgres" | "cluster";
  /** HTTP processes of the service (the ceiling gets as many). */
  processes: number;
  /** One line saying what runs, for the report. */
  description: string;
  meta: CacheMeta;
  /** A SQLite copy of the catalogue to read request material from. */
  materialPath: string;
  /** `winedata` arguments and settings of the service. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Drops the run's copy (and Redis keys). */
  cleanup(): Promise<void>;
}

const N = Number(process.env.N ?? 300_000);
const SEED = Number(process.env.SEED ?? 1);
/**
 * What makes a cached catalogue: the synthetic generator, the schema, and the code that writes it (the
 * catalogue module, the database layer, the import and generate commands), so that a change to the
 * import builds the catalogue again and the report gives that import's time.
 */
const sourceHash = (() => {
  const hash = createHash("sha256");
  const files = [
    ...readdirSync("src/modules/catalogue")
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .sort()
      .map((f) => `src/modules/catalogue/${f}`),
    "src/domain/wine/appellation-rules.ts",
    "src/db/database.ts",
    "src/cli/catalogue-commands.ts",
    "src/cli/command-support.ts",
  ];
  for (const file of files) hash.update(readFileSync(file));
  return hash.update(readdirSync("src/db/migrations").join("\n")).digest("hex").slice(0, 10);
})();

/** Runs the compiled CLI on `databaseUrl`; returns its stdout. */
const cli = (databaseUrl: string, args: string[]) =>
  execFileSync(process.execPath, ["dist/cli.js", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });

/** Makes an Enterprise account and a key that never throttles in `databaseUrl`; returns the key. */
function benchKey(databaseUrl: string): string {
  const email = ["--email", "load@bench.example"];
  cli(databaseUrl, ["accounts", "create", "--name", "Load", ...email, "--plan", "enterprise"]);
  const created = cli(
    databaseUrl,
    ["keys", "create", ...email, "--name", "load"].concat(["--rate-limit", "1000000000", "--json"]),
  );
  return (JSON.parse(created) as { key: string }).key;
}

/**
 * Runs the compiled CLI on `databaseUrl` under `/usr/bin/time`: its stdout, wall time (ms) and peak
 * RSS (MB, the kernel's maximum resident set size of the command).
 */
function timedCli(databaseUrl: string, args: string[]): { output: string; ms: number; peakMb: number } {
  const t = performance.now();
  const run = spawnSync("/usr/bin/time", ["-f", "peak-rss-kb %M", process.execPath, "dist/cli.js", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Math.round(performance.now() - t);
  if (run.status !== 0) throw new Error(`winedata ${args.join(" ")} failed: ${run.stderr}`);
  const kb = Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { output: run.stdout.trim(), ms, peakMb: Math.round(kb / 1024) };
}

/**
 * Imports the synthetic catalogue into `databaseUrl`, generates every wine's English texts and the
 * region insights, makes the bench key.
 */
function build(databaseUrl: string, size: () => number): CacheMeta {
  const imported = timedCli(databaseUrl, ["import", "--synthetic", String(N), "--seed", String(SEED)]);
  const dbBytes = size();
  console.log(imported.output, `\n(${imported.ms} ms wall, peak RSS ${imported.peakMb} MB)`);
  const generated = timedCli(databaseUrl, ["generate", "--lang", "en", "--what", "texts,insights"]);
  console.log(generated.output, `\n(${generated.ms} ms wall, peak RSS ${generated.peakMb} MB)`);
  return {
    key: benchKey(databaseUrl),
    import_ms: imported.ms,
    import_peak_mb: imported.peakMb,
    import_output: imported.output,
    insights_ms: generated.ms,
    generate_peak_mb: generated.peakMb,
    db_bytes: dbBytes,
  };
}

/** The cached SQLite catalogue (built when missing): its path and how it was built. */
function sqliteCatalogue(): { path: string; meta: CacheMeta } {
  const path = join(tmpdir(), `wds-load-${N}-seed${SEED}-texts-${sourceHash}.db`);
  const metaFile = `${path}.json`;
  if (!existsSync(path) || !existsSync(metaFile)) {
    const building = `${path}.building`;
    for (const suffix of ["", "-wal", "-shm"]) rmSync(building + suffix, { force: true });
    console.log(`Building the ${N}-wine SQLite catalogue (cached as ${path}) …`);
    const meta = build(`sqlite:${building}`, () => statSync(building).size);
    renameSync(building, path);
    writeFileSync(metaFile, JSON.stringify(meta));
  }
  return { path, meta: JSON.parse(readFileSync(metaFile, "utf8")) as CacheMeta };
}

/** The cached PostgreSQL catalogue (built when missing): its database name and how it was built. */
async function postgresCatalogue(admin: string): Promise<{ name: string; meta: CacheMeta }> {
  const name = `wds_bench_${N}_seed${SEED}_texts_${sourceHash}`;
  const metaFile = join(tmpdir(), `${name}.json`);
  const urlOf = (db: string) => admin.replace(/\/[^/]*$/, `/${db}`);
  const exists =
    (await adminQuery(admin, `select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  if (!exists || !existsSync(metaFile)) {
    const building = `${name}_building`;
    await adminQuery(admin, `drop database if exists ${building} with (force)`);
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
    await adminQuery(admin, `create database ${building}`);
    console.log(`Building the ${N}-wine PostgreSQL catalogue (cached as database ${name}) …`);
    // The size is read once the import's connections are closed.
    const meta = build(urlOf(building), () => 0);
    const { rows } = await adminQuery(admin, `select pg_database_size('${building}') as bytes`);
    meta.db_bytes = Number(rows[0]?.bytes);
    await adminQuery(admin, `alter database ${building} rename to ${name}`);
    writeFileSync(metaFile, JSON.stringify(meta));
  }
  return { name, meta: JSON.parse(readFileSync(metaFile, "utf8")) as CacheMeta };
}

/** Prepares the set-up named by `BENCH_SETUP` for one run. */
export async function prepareSetup(
  dir: string,
  name = process.env.BENCH_SETUP ?? "embedded",
): Promise<BenchSetup> {
  const materialPath = join(dir, "load.db");
  const prebuilt = process.env.BENCH_DB;
  if (prebuilt !== undefined && prebuilt !== "") {
    if (name !== "embedded") throw new Error("BENCH_DB needs BENCH_SETUP=embedded");
    copyFileSync(prebuilt, materialPath);
    return {
      name,
      processes: 1,
      description: `one process, SQLite (a copy of ${prebuilt}), rate limits in process memory`,
      meta: {
        key: benchKey(`sqlite:${materialPath}`),
        import_ms: 0,
        import_output: `prebuilt: ${prebuilt}`,
        insights_ms: 0,
        db_bytes: statSync(materialPath).size,
      },
      materialPath,
      args: ["serve"],
      env: { DATABASE_URL: `sqlite:${materialPath}` },
      cleanup: async () => {},
    };
  }
  const sqlite = sqliteCatalogue();
  copyFileSync(sqlite.path, materialPath);
  if (name === "embedded") {
    return {
      name,
      processes: 1,
      description: "one process, SQLite, rate limits in process memory",
      meta: sqlite.meta,
      materialPath,
      args: ["serve"],
      env: { DATABASE_URL: `sqlite:${materialPath}` },
      cleanup: async () => {},
    };
  }
  if (name !== "cluster" && name !== "postgres") {
    throw new Error(`BENCH_SETUP must be embedded, postgres or cluster, got "${name}"`);
  }
  const admin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const cached = await postgresCatalogue(admin);
  const run = `wds_bench_run_${process.pid}`;
  await adminQuery(admin, `drop database if exists ${run} with (force)`);
  await adminQuery(admin, `create database ${run} template ${cached.name}`);
  const url = admin.replace(/\/[^/]*$/, `/${run}`);
  const n = Number((await adminQuery(url, "select count(*) as n from wines")).rows[0]?.n);
  if (n !== N) throw new Error(`the PostgreSQL catalogue holds ${n} wines, not ${N}`);
  const dropRun = () => adminQuery(admin, `drop database if exists ${run} with (force)`);
  if (name === "postgres") {
    return {
      name,
      processes: 1,
      description: "one process, PostgreSQL, rate limits in process memory",
      meta: cached.meta,
      materialPath,
      args: ["serve"],
      env: { DATABASE_URL: url },
      cleanup: async () => {
        await dropRun();
      },
    };
  }
  const workers = Number(process.env.BENCH_WORKERS ?? 2);
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const keyPrefix = `wds-bench:${process.pid}:`;
  return {
    name,
    processes: workers,
    description: `\`serve --processes ${workers}\` (node:cluster), PostgreSQL, rate limits in Redis`,
    meta: cached.meta,
    materialPath,
    args: ["serve", "--processes", String(workers)],
    env: { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix, GENERATION: "thread" },
    async cleanup() {
      await dropRun();
      await dropKeys(redisUrl, keyPrefix);
    },
  };
}

/** The pids of `pid` and all its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  const children = (p: number): number[] => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((task) =>
        readFileSync(`/proc/${p}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i] as number));
  return all;
}

/**
 * Resident memory (and the sum of each process's peak) of `pid` and its child processes, in MB,
 * from /proc: for a cluster, the primary and its workers together.
 */
export function treeRss(pid: number): { rss_mb: number; peak_mb: number } {
  let rss = 0;
  let peak = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      rss += kb("VmRSS");
      peak += kb("VmHWM");
    } catch {
      // ended meanwhile
    }
  }
  return { rss_mb: Math.round(rss / 1024), peak_mb: Math.round(peak / 1024) };
}

/** User + system CPU time of process `pid` in microseconds (Linux /proc; clock ticks of 10 ms); 0 once it ended. */
export function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** {@link cpuMicros} of `pid` and its child processes together (a cluster's primary and workers). */
export const treeCpuMicros = (pid: number): number =>
  processTree(pid).reduce((sum, p) => sum + cpuMicros(p), 0);

/**
 * The ceiling: a bare `node:http` server answering a constant body of `bytes` bytes on `port`, in
 * `processes` processes sharing the port (node:cluster) like the service's workers; its script is
 * written to `dir`. With `spinUs`, each request first spins that many µs (bench/queueing-floor.ts).
 * With `server: "fastify"`, the same body from one route of a bare Fastify instance (the service's
 * framework without a plugin or hook of ours): the framework's own floor. Resolves once every process
 * listens.
 */
export async function startCeiling(
  dir: string,
  port: number,
  bytes: number,
  processes: number,
  spinUs = 0,
  server: "node:http" | "fastify" = "node:http",
): Promise<ChildProcess> {
  const spin =
    spinUs > 0 ? `const end = performance.now() + ${spinUs / 1000}; while (performance.now() < end);` : "";
  const code = `const cluster = require("node:cluster");
    if (cluster.isPrimary && ${processes} > 1) {
      let up = 0;
      for (let i = 0; i < ${processes}; i++) cluster.fork().on("listening", () => { if (++up === ${processes}) console.log("ceiling up"); });
      process.on("SIGTERM", () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
    } else {
      const body = Buffer.from("x".repeat(${bytes}));
      const up = () => { if (cluster.isPrimary) console.log("ceiling up"); };
      ${
        server === "fastify"
          ? `const app = require(${JSON.stringify(createRequire(import.meta.url).resolve("fastify"))})({ logger: false });
      app.get("/", (req, reply) => { ${spin} reply.type("application/json; charset=utf-8").send(body); });
      app.listen({ port: ${port}, host: "127.0.0.1" }).then(up);`
          : `require("node:http").createServer((req, res) => {
        ${spin}
        res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
        res.end(body);
      }).listen(${port}, "127.0.0.1", up);`
      }
    }`;
  // A file, not `-e`: node:cluster forks workers from the primary's script.
  const script = join(dir, "ceiling.cjs");
  writeFileSync(script, code);
  const ceiling = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => ceiling.stdout?.once("data", resolve));
  return ceiling;
}

/**
 * Starts the compiled service of `setup` on `port` as it is run in production (package.json's serve
 * settings and node options: support.ts `serviceStart`, then `nodeArgs`), and waits for its first 200
 * on /health. Resolves to the process and its cold start (spawn → that answer, ms). A bench that
 * fails half-way does not leave it running (a cluster's workers follow its primary).
 */
export async function startService(
  setup: BenchSetup,
  port: number,
  nodeArgs: string[] = [],
): Promise<{ server: ChildProcess; coldStartMs: number; stop: () => void }> {
  const start = serviceStart();
  const started = performance.now();
  const server = spawn(process.execPath, [...nodeArgs, ...start.nodeArgs, "dist/cli.js", ...setup.args], {
    env: {
      ...process.env,
      ...start.env,
      ...setup.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => server.kill("SIGTERM");
  process.once("exit", stop);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) break;
    } catch {}
    if (i > 3000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 5));
  }
  return { server, coldStartMs: Math.round(performance.now() - started), stop };
}

/**
 * How the service is started, as package.json's `serve` script says (what `npm start` and the
 * Dockerfile run: `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --min-semi-space-size=16
 * dist/cli.js serve`): its
 * environment settings and its node options, so that a benchmark measures the service as it is run;
 * SERVER_NODE_ARGS adds more node options after them.
 */
export function serviceStart(): { env: Record<string, string>; nodeArgs: string[] } {
  const scripts = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts;
  const serve = /^((?:[A-Z_]+=\S+ )*)node((?: --\S+)*) dist\/cli\.js serve$/.exec(scripts.serve ?? "");
  if (!serve)
    throw new Error(`package.json's serve script is not "[NAME=value …] node [options] dist/cli.js serve"`);
  const words = (text: string | undefined) => (text ?? "").split(" ").filter(Boolean);
  const env = Object.fromEntries(words(serve[1]).map((word) => word.split("=", 2) as [string, string]));
  return { env, nodeArgs: [...words(serve[2]), ...words(process.env.SERVER_NODE_ARGS)] };
}

/** A temporary folder for one run. */
export const runFolder = (): string => mkdtempSync(join(tmpdir(), "wds-load-run-"));
