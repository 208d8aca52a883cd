/**
 * What `TRACE_REQUEST_IDS` costs: the service's CPU time per cached `GET /v1/wines/{id}` with the
 * per-request async context on (the default: last-resort error logs name their request) and off.
 * The CPU time of the server process (/proc/PID/stat, user + system) over a fixed number of requests
 * is much steadier on a shared 2-core machine than requests per second; both are reported.
 *
 * For each of PAIRS pairs (default 5, order alternating), starts the compiled service (`npm run build`
 * first) on a fresh copy of the bundled catalogue with the setting on and with it off, asks every
 * wine once (so later answers come from the response cache), then sends REQUESTS (default 60,000)
 * random wine details over 10 connections, ROUNDS times (default 3). Writes
 * bench/results/request-context.{json,md}.  Run: npm run bench:request-context
 */
import { rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import autocannon from "autocannon";
import { cpuMicros } from "./load-setup.ts";
import { startBenchService } from "./support.ts";

const PAIRS = Number(process.env.PAIRS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REQUESTS = Number(process.env.REQUESTS ?? 60_000);

interface Round {
  trace: boolean;
  cpu_us_per_request: number;
  requests_per_s: number;
}

async function measure(trace: boolean): Promise<Round[]> {
  const bench = await startBenchService("context", ["import"], { TRACE_REQUEST_IDS: String(trace) });
  const { key, port, server } = bench;
  const headers = { authorization: `Bearer ${key}` };
  const origin = `http://127.0.0.1:${port}`;
  const ids: number[] = [];
  for (let page = 1; ids.length % 100 === 0; page++) {
    const res = await fetch(`${origin}/v1/wines?per_page=100&page=${page}`, { headers });
    const body = (await res.json()) as { data: Array<{ id: number }> };
    if (body.data.length === 0) break;
    ids.push(...body.data.map((w) => w.id));
  }
  for (const id of ids) await (await fetch(`${origin}/v1/wines/${id}`, { headers })).text();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const before = cpuMicros(server.pid as number);
    const result = await autocannon({
      url: origin,
      connections: 10,
      amount: REQUESTS,
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/v1/wines/${ids[Math.floor(Math.random() * ids.length)]}`,
          }),
        },
      ],
    });
    const micros = cpuMicros(server.pid as number) - before;
    rounds.push({
      trace,
      cpu_us_per_request: Math.round((micros / result.requests.total) * 10) / 10,
      requests_per_s: Math.round(result.requests.total / result.duration),
    });
  }
  server.kill();
  rmSync(bench.dir, { recursive: true, force: true });
  return rounds;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const rounds: Round[] = [];
for (let pair = 0; pair < PAIRS; pair++) {
  for (const trace of pair % 2 === 0 ? [true, false] : [false, true]) rounds.push(...(await measure(trace)));
}
const of = (trace: boolean, field: "cpu_us_per_request" | "requests_per_s") =>
  median(rounds.filter((r) => r.trace === trace).map((r) => r[field]));
const summary = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}`,
  pairs: PAIRS,
  rounds_per_run: ROUNDS,
  requests_per_round: REQUESTS,
  median_cpu_us_per_request: { on: of(true, "cpu_us_per_request"), off: of(false, "cpu_us_per_request") },
  median_requests_per_s: { on: of(true, "requests_per_s"), off: of(false, "requests_per_s") },
  rounds,
};
writeFileSync("bench/results/request-context.json", `${JSON.stringify(summary, null, 2)}\n`);
const cost = summary.median_cpu_us_per_request.on / summary.median_cpu_us_per_request.off - 1;
const md = [
  `# TRACE_REQUEST_IDS: CPU per cached wine detail (${summary.date.slice(0, 10)})`,
  "",
  `${PAIRS} pairs of runs × ${ROUNDS} rounds × ${REQUESTS} requests, 10 connections, ${summary.machine}.`,
  "",
  "| TRACE_REQUEST_IDS | median CPU µs / request | median req/s |",
  "|---|---|---|",
  `| true | ${summary.median_cpu_us_per_request.on} | ${summary.median_requests_per_s.on} |`,
  `| false (default) | ${summary.median_cpu_us_per_request.off} | ${summary.median_requests_per_s.off} |`,
  "",
  `Per-request async context: ${(cost * 100).toFixed(1)} % more CPU per cached answer.`,
  "",
];
writeFileSync("bench/results/request-context.md", md.join("\n"));
console.log(md.join("\n"));
process.exit(0);
