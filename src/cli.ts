#!/usr/bin/env node
/**
 * `winedata`: the service's command-line tool, on commander. The usage is written once, in the
 * commands' definitions: `winedata --help`, `winedata help [command]` and `winedata <command>
 * [sub-command] --help` print it. One file per command group in src/cli/: service-commands.ts
 * (serve, worker, mcp), catalogue-commands.ts (import, generate), source-commands.ts (catalogue
 * sources), account-commands.ts (accounts), key-commands.ts (keys).
 * Settings come from the environment (config.ts, docs/operations.md "Configuration"); the exit
 * statuses are in the help's epilogue ({@link EPILOGUE}).
 */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { addAccountCommands } from "./cli/account-commands.ts";
import { addCatalogueCommands } from "./cli/catalogue-commands.ts";
import { UsageError } from "./cli/command-support.ts";
import { addKeyCommands } from "./cli/key-commands.ts";
import { addServiceCommands } from "./cli/service-commands.ts";
import { addSourceCommands } from "./cli/source-commands.ts";
import { ConfigError } from "./config.ts";
import { AppError } from "./errors.ts";

/** package.json's version: one folder up from src/cli.ts and from dist/cli.js alike. */
const VERSION = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

const EPILOGUE = `
Settings come from the environment (docs/operations.md "Configuration"); DATABASE_URL applies
to every command.

Exit status: 0 done, 1 failure, 2 wrong usage (an unknown command or option, a
missing or bad value, a bad setting) or a request the operator must change (a
refused key name, the plan's key cap).`;

/** "error: unknown option '--x'" as commander words it → "Unknown option '--x'". */
function sentence(text: string): string {
  const message = text.replace(/^error: /, "");
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The whole command tree; commander's errors are thrown (exitOverride) after it printed them. */
function buildProgram(): Command {
  const program = new Command("winedata")
    .description(
      "The Wine Data Service's command-line tool: the HTTP service, imports, texts, accounts and keys.",
    )
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "print this help")
    .helpCommand("help [command]", "print the help of a command")
    // Inherited by every command added below (commander copies these settings to sub-commands).
    .configureOutput({ outputError: (text, write) => write(sentence(text)) })
    .showHelpAfterError()
    .exitOverride()
    .addHelpText("after", EPILOGUE);
  addServiceCommands(program);
  addCatalogueCommands(program);
  addSourceCommands(program);
  addAccountCommands(program);
  addKeyCommands(program);
  return program;
}

/**
 * The command `argv` names that has sub-commands but is given none (`winedata`, `winedata keys`),
 * or null. Commander would print its help as an error without saying what is wrong.
 */
function missingSubcommand(program: Command, argv: readonly string[]): Command | null {
  let command = program;
  for (const word of argv) {
    const next = command.commands.find((c) => c.name() === word);
    if (word.startsWith("-") || next === undefined) return null;
    command = next;
  }
  return command.commands.length > 0 ? command : null;
}

/** Runs the command of `argv`; resolves when it is done (`serve` and `worker`: when they listen or run). */
async function run(program: Command, argv: string[]): Promise<void> {
  const missing = missingSubcommand(program, argv);
  if (missing !== null) {
    const message = missing === program ? "No command given." : `No ${missing.name()} command given.`;
    throw new UsageError(message, { command: missing });
  }
  await program.parseAsync(argv, { from: "user" });
}

const program = buildProgram();
run(program, process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    // Help and --version (0), or wrong usage commander has printed with the command's help.
    process.exit(err.exitCode === 0 ? 0 : 2);
  }
  if (err instanceof UsageError) {
    console.error(err.message);
    if (err.showUsage) {
      console.error();
      (err.command ?? program).outputHelp({ error: true });
    }
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof AppError) {
    console.error(err.message);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
