/**
 * One fuzz run: the property over generated cases against a service child process, with the
 * numbers a run reports (requests sent, statuses) and a failure report that quotes each request of
 * the counterexample as a shell command, the answers, and the service's log.
 */
import fc from "fast-check";
import { freePort, type RawResponse, send, serialize, shellCommand } from "../raw-http.ts";
import { formatLines, healthRequest, ServiceProcess } from "../service-process.ts";
import type { FuzzDatabase } from "./fuzz-database.ts";
import { type OpenApiDocument, type RouteSpec, routesOf } from "./openapi-routes.ts";
import { caseArb, type FuzzStep } from "./request-arbitraries.ts";
import { checkResponse } from "./response-checks.ts";

/** Settings of a run. */
export interface FuzzRunOptions {
  /** fast-check seed. */
  seed: number;
  /** Cases to generate (each sends 1–3 requests). */
  runs: number;
  /** Extra environment of the service. */
  env?: Record<string, string>;
  /** Longest time spent shrinking a failure, in ms (then the smallest failure so far is reported). */
  shrinkBudgetMs?: number;
}

/** What a run did, and its failure report when the property failed. */
export interface FuzzRunResult {
  cases: number;
  requests: number;
  statuses: Map<number, number>;
  routes: number;
  seconds: number;
  /** Service processes started (more than one when the service died and was restarted). */
  starts: number;
  failure: string | null;
}

/** Raised by the property with the full report of a failing case. */
class CaseFailure extends Error {
  override name = "CaseFailure";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cut = (text: string, n: number) =>
  text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;

/** A case's request and answer for the failure report. */
function describeStep(
  step: FuzzStep,
  i: number,
  port: number,
  response: RawResponse | null,
  problems: string[],
) {
  const json = JSON.stringify(serialize(step.request).toString("utf8"));
  const lines = [
    `--- request ${i + 1} (${step.repeat ? `repeats request 1 after a pause of ${step.delayMs} ms if that was a 200` : "new"}; generated for route ${step.route}) ---`,
    shellCommand(step.request, port),
    `as a JS string: ${cut(json, 400)}`,
  ];
  if (response === null) lines.push("→ not sent (the service was not running)");
  else
    lines.push(
      `→ ${response.status || "no answer"} in ${response.ms} ms${response.error ? ` (${response.error})` : ""}`,
      `  content-type: ${response.headers["content-type"] ?? "(none)"}`,
      `  body: ${cut(response.body, 600) || "(empty)"}`,
    );
  for (const p of problems) lines.push(`  PROBLEM: ${p}`);
  return lines.join("\n");
}

/** Whether a service log line is an error (pino level 50 and up) or anything on stderr. */
function isErrorLine(line: { stream: string; text: string }): boolean {
  if (line.text.startsWith("---")) return false;
  const level = /"level":(\d+)/.exec(line.text)?.[1];
  return level !== undefined ? Number(level) >= 50 : line.stream === "stderr";
}

/**
 * Starts the service on `db`, reads its OpenAPI document, and checks the property on `options.runs`
 * generated cases. The service is stopped at the end, whatever happened.
 */
export async function fuzzService(
  label: string,
  db: FuzzDatabase,
  options: FuzzRunOptions,
): Promise<FuzzRunResult> {
  const started = performance.now();
  const port = await freePort();
  const service = new ServiceProcess(port, { DATABASE_URL: db.url, ...options.env });
  await service.start();
  const result: FuzzRunResult = {
    cases: 0,
    requests: 0,
    statuses: new Map(),
    routes: 0,
    seconds: 0,
    starts: 0,
    failure: null,
  };
  try {
    const openapi = await send(port, { ...healthRequest(), target: "/openapi.json" });
    if (openapi.status !== 200)
      throw new Error(`GET /openapi.json answered ${openapi.status}: ${cut(openapi.body, 500)}`);
    const routes = routesOf(JSON.parse(openapi.body) as OpenApiDocument);
    result.routes = routes.length;
    const byLabel = new Map<string, RouteSpec>(routes.map((r) => [`${r.method} ${r.path}`, r]));
    let firstFailureAt: number | null = null;
    const shrinkBudget = options.shrinkBudgetMs ?? 60_000;

    const runCase = async (steps: FuzzStep[]): Promise<void> => {
      if (firstFailureAt !== null && performance.now() - firstFailureAt > shrinkBudget) return;
      result.cases++;
      const mark = service.mark();
      const parts: string[] = [];
      let failed = false;
      let any5xx = false;
      let firstStatus = 0;
      for (const [i, step] of steps.entries()) {
        if (step.delayMs > 0 && (!step.repeat || firstStatus === 200)) await sleep(step.delayMs);
        if (!service.alive()) {
          parts.push(describeStep(step, i, port, null, []));
          continue;
        }
        const response = await send(port, step.request);
        if (i === 0) firstStatus = response.status;
        result.requests++;
        result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
        any5xx ||= response.status >= 500;
        const problems = checkResponse(byLabel.get(step.route), step.request, response);
        failed ||= problems.length > 0;
        parts.push(describeStep(step, i, port, response, problems));
      }
      let healthy = true;
      if (service.alive()) {
        const health = await send(port, healthRequest(), 10_000);
        if (health.status !== 200) {
          healthy = false;
          failed = true;
          parts.push(
            `PROBLEM: GET /health afterwards answered ${health.status || health.error}: ${cut(health.body, 300)}`,
          );
        }
      }
      // A crashing process may still be printing its stack: wait for it to exit and finish writing.
      if (!healthy || !service.alive()) await service.settle(healthy ? 3000 : 1500);
      if (!service.alive()) {
        failed = true;
        parts.push(`PROBLEM: the service ${service.exit ?? "stopped"} during this case`);
      }
      const logged = service.linesSince(mark);
      if (!any5xx && logged.some(isErrorLine)) {
        failed = true;
        parts.push("PROBLEM: the service logged an error (or wrote to stderr) although no answer was a 5xx");
      }
      if (!failed) return;
      firstFailureAt ??= performance.now();
      const report = [
        `A case of ${steps.length} request(s) failed (service on 127.0.0.1:${port}, ${label}):`,
        ...parts,
        "--- service log during the case ---",
        formatLines(logged.slice(-60)),
        "--- service log tail ---",
        service.tail(15),
      ].join("\n");
      // Every case starts on a running, healthy service (shrinking replays cases one by one).
      if (!service.alive()) await service.start();
      else if (!healthy) await service.restart();
      throw new CaseFailure(report);
    };

    const details = await fc.check(
      fc.asyncProperty(fc.limitShrink(caseArb(routes, { port, keys: db.keys, ids: db.ids }), 400), runCase),
      {
        seed: options.seed,
        numRuns: options.runs,
      },
    );
    if (details.failed) {
      const error = details.errorInstance;
      result.failure = [
        `Property failed (seed ${details.seed}, path "${details.counterexamplePath}", shrunk ${details.numShrinks} times;`,
        `replay: FUZZ_SEED=${details.seed} FUZZ_RUNS=${options.runs}). The smallest failing case found:`,
        error instanceof CaseFailure ? error.message : String(error instanceof Error ? error.stack : error),
      ].join("\n");
    }
  } finally {
    result.starts = service.starts;
    await service.stop();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}

/** The counts of a run as lines for the test's diagnostics. */
export function summary(label: string, seed: number, result: FuzzRunResult): string[] {
  const histogram = [...result.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || "no answer"}: ${n}`)
    .join(", ");
  return [
    `${label}: seed ${seed}, ${result.cases} cases, ${result.requests} requests over ${result.routes} routes in ${result.seconds} s` +
      (result.starts > 1 ? ` (service started ${result.starts} times)` : ""),
    `${label}: statuses ${histogram}`,
  ];
}
