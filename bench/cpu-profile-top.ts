/**
 * Self time by function of a V8 CPU profile (`node --cpu-prof`, e.g. `PROFILE=dir` of bench/load.ts),
 * optionally only the samples of a window before its end (the last row of a load run).
 * Run: npx tsx bench/cpu-profile-top.ts FILE.cpuprofile [ROWS=30] [FROM_S,TO_S before the end]
 * Prints total seconds sampled, then `ms  %  function url:line` for the top ROWS.
 */
import { readFileSync } from "node:fs";

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  /** Microseconds between samples. */
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, rowsArg, windowArg] = process.argv.slice(2);
if (file === undefined) throw new Error("usage: cpu-profile-top.ts FILE [ROWS] [FROM_S,TO_S]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
// Without a window every sample counts ("".split(",") would give a window of [0, 0]).
const [from, to] = windowArg === undefined ? [] : windowArg.split(",").map(Number);
const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
const self = new Map<string, number>();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const beforeEnd = (profile.endTime - at) / 1e6;
  if (from !== undefined && !Number.isNaN(from) && (beforeEnd > from || beforeEnd < (to ?? 0))) return;
  const f = frames.get(id);
  if (f === undefined) return;
  const url = f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/");
  const key = `${f.functionName || "(anonymous)"} ${url}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + delta);
  total += delta;
});
console.log(`total ${(total / 1e6).toFixed(1)} s`);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg ?? 30))) {
  console.log(
    `${(us / 1e3).toFixed(0).padStart(7)} ms ${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`,
  );
}
