/** The command-line tool's progress bar (cli.ts: import, generate). */
import { createRequire } from "node:module";

/** A progress bar on a terminal; nothing when output is piped. */
export function progressBar(label: string) {
  if (!process.stderr.isTTY) return { update: (_d: number, _t: number) => {}, stop: () => {} };
  // Loaded by the commands that draw a bar, not by every start of the CLI (`serve` included).
  const cliProgress: typeof import("cli-progress") = createRequire(import.meta.url)("cli-progress");
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {percentage}% {value}/{total}`, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
