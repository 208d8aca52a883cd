/**
 * Memory of a running service over time, for finding where its RSS goes: preload it into the service
 * (`SERVER_NODE_ARGS="--import ./bench/memory-sampler.mjs"` with bench/load.ts or the photo benches)
 * and every MEMORY_SAMPLE_MS (default 2,000) ms the main thread writes one line to stderr:
 * `memory t=<s> rss=<MB> anon=<MB> file=<MB> heapTotal=<MB> heapUsed=<MB> external=<MB> arrayBuffers=<MB>`
 * (RSS split into anonymous and file-backed pages from /proc/self/status; the rest from
 * process.memoryUsage(): the V8 heap of the main thread and the memory outside it that V8 knows of).
 * Worker threads load it too and stay silent.
 */
import { readFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

const started = Date.now();
const mb = (bytes) => Math.round(bytes / 1e6);

if (isMainThread) {
  setInterval(
    () => {
      const status = readFileSync("/proc/self/status", "utf8");
      const fieldMb = (field) =>
        Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
      const m = process.memoryUsage();
      process.stderr.write(
        `memory t=${Math.round((Date.now() - started) / 1000)} rss=${fieldMb("VmRSS")} anon=${fieldMb("RssAnon")} file=${fieldMb("RssFile")} heapTotal=${mb(m.heapTotal)} heapUsed=${mb(m.heapUsed)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}\n`,
      );
    },
    Number(process.env.MEMORY_SAMPLE_MS ?? 2000),
  ).unref();
}
