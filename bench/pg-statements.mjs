/**
 * Preload for bench/xwines-import.ts (`node --import ./bench/pg-statements.mjs …`): counts the
 * statements a process sends to PostgreSQL (each `pg` Client#query call is one round trip) by kind
 * (first keyword and table) with the milliseconds each kind waited for its answers, and prints them as one JSON line `pg-statements={…}` on stderr at exit.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require("pg");
const counts = new Map();
/** Milliseconds from each call to its answer, summed by kind (statements that return a promise). */
const millis = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === "string" ? config : (config?.text ?? "");
  const m = /^\s*(\w+)(?:\s+(?:into|from)\s+"?(\w+)"?|\s+"?(\w+)"?)?/i.exec(text);
  const key = m ? `${m[1].toLowerCase()} ${(m[2] ?? m[3] ?? "").toLowerCase()}`.trim() : "?";
  counts.set(key, (counts.get(key) ?? 0) + 1);
  const started = performance.now();
  const result = original.call(this, config, ...rest);
  if (result && typeof result.then === "function") {
    const add = () => millis.set(key, (millis.get(key) ?? 0) + performance.now() - started);
    result.then(add, add);
  }
  return result;
};
process.on("exit", () => {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const byKind = Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]));
  const msByKind = Object.fromEntries(
    [...millis.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)]),
  );
  process.stderr.write(`pg-statements=${JSON.stringify({ total, byKind, msByKind })}\n`);
});
