/**
 * How the service is started has one source, package.json's `serve` script (`npm start` runs it): its
 * environment settings and node options. The Dockerfile, which cannot read it, must say the same (its
 * ENV and CMD), and the benchmarks read it (bench/support.ts serviceStart). Why each: src/server.ts,
 * bench/results/load-cold.md and load-memory.md.
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

test("npm start, the serve script and the Dockerfile start the service with the same settings and node options", () => {
  assert.match(scripts.start ?? "", /npm run serve\b/);
  const words = (scripts.serve ?? "").split(" ");
  const settings = words.slice(0, words.indexOf("node"));
  assert.ok(settings.includes("MALLOC_ARENA_MAX=2"), settings.join(" "));
  const fromScript = nodeOptions(words.slice(settings.length));
  assert.ok(fromScript.includes("--min-semi-space-size=16"), fromScript.join(" "));

  const dockerfile = readFileSync(new URL("Dockerfile", root), "utf8").split("\n");
  const env = dockerfile
    .filter((line) => line.startsWith("ENV "))
    .flatMap((line) => line.slice(4).split(" "));
  for (const setting of settings) assert.ok(env.includes(setting), `the Dockerfile's ENV sets ${setting}`);
  const cmd = dockerfile.find((line) => line.startsWith("CMD "));
  assert.ok(cmd, "the Dockerfile has a CMD");
  assert.deepEqual(nodeOptions(JSON.parse(cmd.slice(4)) as string[]), fromScript);
});
