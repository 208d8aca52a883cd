/**
 * Preload for bench/xwines-import.ts (`node --import ./bench/pg-statements.mjs …`): counts the
 * statements a process sends to PostgreSQL (each `pg` Client#query call is one round trip) by kind
 * (first keyword and table), and prints them as one JSON line `pg-statements={…}` on stderr at exit.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require("pg");
const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === "string" ? config : (config?.text ?? "");
  const m = /^\s*(\w+)(?:\s+(?:into|from)\s+"?(\w+)"?|\s+"?(\w+)"?)?/i.exec(text);
  const key = m ? `${m[1].toLowerCase()} ${(m[2] ?? m[3] ?? "").toLowerCase()}`.trim() : "?";
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return original.call(this, config, ...rest);
};
process.on("exit", () => {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const byKind = Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]));
  process.stderr.write(`pg-statements=${JSON.stringify({ total, byKind })}\n`);
});
