/**
 * `winedata --help`, `help`, `<command> --help` and `--version`, and wrong usage: what an operator
 * reads, in separate processes like a user's.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { failing, winedata } from "./cli-run.ts";

const dir = mkdtempSync(join(tmpdir(), "wds-cli-help-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("--help, help and <command> --help print every command and option; --version the version", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "help.db")}` };
  const help = (await winedata(["--help"], env)).stdout;
  assert.match(help, /^Usage: winedata \[options\] \[command\]/);
  for (const command of ["serve", "worker", "import", "generate", "accounts", "keys", "mcp", "help"]) {
    assert.match(help, new RegExp(`\\n  ${command} `), command);
  }
  assert.match(help, /Exit status: 0 done, 1 failure, 2 wrong usage/);
  assert.match(
    (await winedata(["help", "keys"], env)).stdout,
    /Usage: winedata keys[\s\S]*create[\s\S]*list[\s\S]*revoke/,
  );

  // Every option of a command, each with what it does.
  const options: Record<string, string[]> = {
    serve: ["--processes <n>"],
    import: ["--xwines <file>", "--synthetic <n>", "--seed <s>", "--synthetic-style <style>"],
    "keys create": [
      "--email <email>",
      "--name <name>",
      "--abilities <list>",
      "--rate-limit <n>",
      "--json",
      "--force",
    ],
  };
  for (const [command, flags] of Object.entries(options)) {
    const out = (await winedata([...command.split(" "), "--help"], env)).stdout;
    assert.match(out, new RegExp(`^Usage: winedata ${command} `), command);
    for (const flag of flags) assert.match(out, new RegExp(`\\n  ${flag} +\\S`), `${command} ${flag}`);
    if (command === "keys create") assert.match(out, /--force +create the key even when[\s\S]*cap/);
  }
  // The old name of --processes works (src/config.test.ts) but is not offered.
  assert.doesNotMatch((await winedata(["serve", "--help"], env)).stdout, /--workers/);
  // Choices come from the plan and state lists of the code (db/types.ts), not from a retyped list.
  const oneLine = async (args: string[]) => (await winedata(args, env)).stdout.replace(/\s+/g, " ");
  assert.match(
    await oneLine(["accounts", "set-state", "--help"]),
    /--state <state> trialing, active, past_due, canceled or expired \(required/,
  );
  assert.match(
    await oneLine(["accounts", "create", "--help"]),
    /--plan <plan> trial, standard or enterprise \(required; a trial lasts 14 days\)/,
  );
  assert.match(
    await oneLine(["accounts", "set-plan", "--help"]),
    /--plan <plan> standard or enterprise \(required\)/,
  );

  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  assert.equal((await winedata(["--version"], env)).stdout, `${version}\n`);
});

test("an unknown command or option, or none given, prints what is wrong and the usage, exit 2", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "help.db")}` };
  for (const [args, message, usage] of [
    [["frobnicate"], /^Unknown command 'frobnicate'/, /Usage: winedata \[options\] \[command\]/],
    [["keys", "create", "--frob"], /^Unknown option '--frob'/, /Usage: winedata keys create \[options\]/],
    [[], /^No command given\./, /Usage: winedata \[options\] \[command\]/],
    [["keys"], /^No keys command given\./, /Usage: winedata keys/],
  ] as const) {
    const { code, stderr } = await failing([...args], env);
    assert.equal(code, 2, args.join(" "));
    assert.match(stderr, message);
    assert.match(stderr, usage);
  }
});
