/**
 * The latency a bare `node:http` server (the load benchmark's ceiling, load-setup.ts) shows on this
 * machine when each request costs it a given amount of CPU: the floor under the load benchmark's p99
 * at 50 connections (issue 19). The server spins for SPIN µs per request (a busy loop, no
 * allocation), then answers a constant body of BYTES bytes (default 9,000, about a 20-wine list
 * page); autocannon runs beside it on the same 2 cores, as in bench/load.ts, for SECONDS s (default 8)
 * at 4 and 50 connections.
 * Its CPU µs per request (user + system from /proc, like bench/load.ts's column) is what to compare
 * with a service row's: a service row whose CPU per request is X has at best this table's p99 at X.
 * Writes bench/results/queueing-floor.{json,md}. Run: npx tsx bench/queueing-floor.ts
 */
import { rmSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { runFolder, startCeiling, treeCpuMicros } from "./load-setup.ts";

const SPINS_US = [0, 100, 150, 200, 250, 300, 350, 400, 450];
const CONNECTIONS = [4, 50];
const SECONDS = Number(process.env.SECONDS ?? 8);
const BYTES = Number(process.env.BYTES ?? 9_000);
const PORT = 9_911;

const dir = runFolder();

interface FloorRow {
  spin_us: number;
  connections: number;
  requests_per_s: number;
  p50_ms: number;
  p90_ms: number;
  p97_5_ms: number;
  p99_ms: number;
  max_ms: number;
  cpu_us_per_request: number;
}

const rows: FloorRow[] = [];
try {
  for (const spin of SPINS_US) {
    const server = await startCeiling(dir, PORT, BYTES, 1, spin);
    try {
      for (const connections of CONNECTIONS) {
        const before = treeCpuMicros(server.pid as number);
        const r = await autocannon({ url: `http://127.0.0.1:${PORT}`, connections, duration: SECONDS });
        const row = {
          spin_us: spin,
          connections,
          requests_per_s: Math.round(r.requests.average),
          p50_ms: r.latency.p50,
          p90_ms: r.latency.p90,
          p97_5_ms: r.latency.p97_5,
          p99_ms: r.latency.p99,
          max_ms: r.latency.max,
          cpu_us_per_request: Math.round(
            (treeCpuMicros(server.pid as number) - before) / Math.max(1, r.requests.total),
          ),
        };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    } finally {
      server.kill("SIGTERM");
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const date = new Date().toISOString();
writeFileSync(
  new URL("results/queueing-floor.json", import.meta.url),
  `${JSON.stringify({ date, seconds: SECONDS, body_bytes: BYTES, rows }, null, 2)}\n`,
);
const md = [
  `# The latency floor of a bare node:http server by CPU per request (${date.slice(0, 10)})`,
  "",
  `A \`node:http\` server spinning a fixed time per request, then answering ${BYTES} constant bytes;`,
  `autocannon beside it on the same 2 cores, ${SECONDS} s per row (bench/queueing-floor.ts).`,
  "Compare a load-benchmark row by its CPU µs/request: at that cost, this is the best its p99 can be.",
  "",
  "| spin µs | connections | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | max ms | CPU µs/request |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.spin_us} | ${r.connections} | ${r.requests_per_s} | ${r.p50_ms} | ${r.p90_ms} | ${r.p97_5_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.cpu_us_per_request} |`,
  ),
  "",
].join("\n");
writeFileSync(new URL("results/queueing-floor.md", import.meta.url), md);
