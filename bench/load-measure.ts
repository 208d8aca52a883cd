/**
 * One row of a load benchmark (bench/load.ts, bench/load-backends.ts): autocannon against a server,
 * with the CPU time the server's processes spent meanwhile (from /proc).
 */
import { Agent, request } from "node:http";
import autocannon from "autocannon";
import { cpuMicros, treeCpuMicros, treeRss } from "./load-setup.ts";

/** What one row measured. */
export interface Row {
  endpoint: string;
  /** Connections autocannon kept open (each sends its next request once answered). */
  connections: number;
  /** Server RSS right after the row. */
  rss_mb: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  requests: number;
  /**
   * CPU time (user + system) of the measured server's processes per request answered, in µs: steadier
   * than req/s on a shared machine, and what bounds a process's req/s (10^6 ÷ this, per core used).
   */
  cpu_us_per_request: number;
  non_2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

/** A row to run: `path()` draws each request's path; `amount` requests, or `seconds` of load. */
export interface RowSpec {
  endpoint: string;
  url: string;
  path: () => string;
  connections: number;
  seconds: number;
  amount?: number | undefined;
  headers: Record<string, string>;
  /** The server's pid: its CPU time and RSS (with its child processes') are read from /proc. */
  pid: number;
  /**
   * More pids whose CPU time is counted apart (the database server's processes serving the
   * service), µs per request; read before and after the row, a process counted while it exists.
   */
  otherPids?: () => Promise<number[]>;
}

/** What a row's load generator reports: latencies in ms, requests answered, per second. */
interface Load {
  p50: number;
  p99: number;
  max: number;
  total: number;
  perSecond: number;
  non2xx: number;
  errors: number;
}

/**
 * One connection, one request at a time (node:http, keep-alive), each timed with the monotonic clock
 * to the microsecond: autocannon's latencies are whole milliseconds, too coarse for a service
 * answering in under one.
 */
async function sequential(spec: RowSpec, statuses: Record<string, number>): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(spec.url);
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  while (spec.amount ? times.length + errors < spec.amount : performance.now() < end) {
    const t = performance.now();
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          { agent, host: url.hostname, port: url.port, path: spec.path(), headers: spec.headers },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end();
      });
      times.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) non2xx++;
    } catch {
      errors++;
    }
  }
  agent.destroy();
  return {
    ...percentiles(times),
    total: times.length,
    perSecond: Math.round((times.length * 1000) / (performance.now() - started)),
    non2xx,
    errors,
  };
}

/** The median, 99th percentile and maximum of latencies `ms` (sorted in place), to the microsecond. */
export function percentiles(ms: number[]): { p50: number; p99: number; max: number } {
  const sorted = ms.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3));
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * Starts counting the CPU time of the processes `pids()` lists (the database server's); the function
 * returned gives the µs they spent since. A process that started meanwhile counts from 0; one that
 * ended is lost (rare: the pool keeps its connections).
 */
export async function otherCpuSince(pids: () => Promise<number[]>): Promise<() => Promise<number>> {
  const before = new Map((await pids()).map((pid) => [pid, cpuMicros(pid)]));
  return async () => (await pids()).reduce((sum, pid) => sum + cpuMicros(pid) - (before.get(pid) ?? 0), 0);
}

/** Many connections through autocannon (latencies in whole milliseconds). */
async function concurrent(spec: RowSpec, statuses: Record<string, number>): Promise<Load> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
        headers: spec.headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: spec.path() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    perSecond: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Runs one row and prints it as a JSON line: at 1 connection with {@link sequential} (latencies to
 * the microsecond), else with autocannon.
 */
export async function measure(spec: RowSpec): Promise<Row & { other_cpu_us_per_request?: number }> {
  const statuses: Record<string, number> = {};
  const otherCpu = spec.otherPids ? await otherCpuSince(spec.otherPids) : undefined;
  const cpuBefore = treeCpuMicros(spec.pid);
  const load = spec.connections === 1 ? await sequential(spec, statuses) : await concurrent(spec, statuses);
  const answered = Math.max(1, load.total);
  const otherMicros = (await otherCpu?.()) ?? 0;
  const row = {
    endpoint: spec.endpoint,
    connections: spec.connections,
    rss_mb: treeRss(spec.pid).rss_mb,
    requests_per_s: load.perSecond,
    p50_ms: load.p50,
    p99_ms: load.p99,
    max_ms: load.max,
    requests: load.total,
    cpu_us_per_request: Math.round((treeCpuMicros(spec.pid) - cpuBefore) / answered),
    ...(spec.otherPids ? { other_cpu_us_per_request: Math.round(otherMicros / answered) } : {}),
    non_2xx: load.non2xx,
    errors: load.errors,
    statuses,
  };
  console.log(JSON.stringify(row));
  return row;
}
