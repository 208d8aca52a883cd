/**
 * The service's node options have one source, package.json's `serve` script (`npm start` runs it);
 * the Dockerfile's CMD, which cannot read it, must say the same, and the benchmarks read it
 * (bench/support.ts serviceNodeArgs). Why the options: src/server.ts, bench/results/load-cold.md.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../", import.meta.url);
const scripts = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).scripts as Record<
  string,
  string
>;

/** The `--options` between `node` and `dist/cli.js serve` of a command. */
function nodeOptions(words: string[]): string[] {
  assert.equal(words[0], "node");
  const at = words.indexOf("dist/cli.js");
  assert.deepEqual(words.slice(at), ["dist/cli.js", "serve"]);
  return words.slice(1, at);
}

test("npm start, the serve script and the Dockerfile start the service with the same node options", () => {
  assert.match(scripts.start ?? "", /npm run serve\b/);
  const fromScript = nodeOptions((scripts.serve ?? "").split(" "));
  assert.ok(fromScript.includes("--min-semi-space-size=16"), fromScript.join(" "));
  const cmd = readFileSync(new URL("Dockerfile", root), "utf8")
    .split("\n")
    .find((line) => line.startsWith("CMD "));
  assert.ok(cmd, "the Dockerfile has a CMD");
  assert.deepEqual(nodeOptions(JSON.parse(cmd.slice(4)) as string[]), fromScript);
});
