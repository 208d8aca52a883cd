/**
 * `winedata serve`, `worker` and `mcp`: the long-running commands. What they run is imported when
 * they run, so that `--help` and the short commands do not load the whole service.
 */
import cluster from "node:cluster";
import { type Command, Option } from "commander";
import { loadConfig } from "../config.ts";
import { DEFAULT_WINEDATA_URL } from "../modules/mcp/mcp.api-client.ts";
import { action, UsageError } from "./command-support.ts";

/** Adds `serve`, `worker` and `mcp` to `program`. */
export function addServiceCommands(program: Command): void {
  program
    .command("serve")
    .description("start the HTTP service (what `npm start` runs)")
    .option(
      "--processes <n>",
      "N HTTP processes, 1 to 64, share the port (node:cluster), a dead one is replaced; " +
        "set REDIS_URL so that they share the rate limits (default: 1)",
    )
    // The old name of --processes, for one release: not in the help, a notice on stderr.
    .addOption(new Option("--workers <n>").hideHelp())
    .action(
      action(async (values) => {
        let flag = "--processes";
        let raw = values.processes;
        if (values.workers !== undefined) {
          // Once: the processes node:cluster forks run this same command line again.
          if (cluster.isPrimary)
            console.error(
              "--workers is deprecated: use --processes (--workers will be removed in the next release).",
            );
          if (raw === undefined) [flag, raw] = ["--workers", values.workers];
        }
        const processes = raw === undefined ? 1 : Number(raw);
        if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
          throw new UsageError(`${flag} must be an integer from 1 to 64.`);
        }
        if (processes === 1) await (await import("../server.ts")).startServer(loadConfig());
        else await (await import("../cluster.ts")).serveCluster(loadConfig(), processes);
      }),
    );

  program
    .command("worker")
    .description(
      "only run the background generation jobs (no HTTP API), beside services started with GENERATION=off; " +
        "stops after the job in hand on SIGTERM",
    )
    .action(action(async () => (await import("../worker.ts")).runWorker(loadConfig())));

  program
    .command("mcp")
    .description("the MCP server on stdio for a desktop assistant, calling a running service over HTTP")
    .addHelpText(
      "after",
      "\nEnvironment:\n" +
        "  WINEDATA_API_KEY  the API key its tools call the service with (required)\n" +
        `  WINEDATA_URL      the API root with its base path (default: ${DEFAULT_WINEDATA_URL})`,
    )
    .action(
      action(async () => {
        // Loaded here, like the SDK it uses: `serve` never needs either.
        await (await import("../modules/mcp/mcp.stdio.ts")).runMcpStdio();
      }),
    );
}
