/**
 * The `winedata` command-line tool run as a user runs it: a separate process (`node --import tsx
 * src/cli.ts …`) with settings in its environment, for the CLI's tests.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs `winedata <args>` with `env` added to this process's environment; rejects on a non-zero exit. */
export function winedata(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    env: { ...process.env, ...env },
    cwd: process.cwd(),
  });
}

/** The exit status and stderr of a `winedata <args>` run that must fail (an Error when it succeeds). */
export async function failing(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  try {
    await winedata(args, env);
  } catch (err) {
    const { code, stderr } = err as { code: number; stderr: string };
    return { code, stderr };
  }
  throw new Error(`winedata ${args.join(" ")} succeeded`);
}
