/** The command-line tool's progress bar (cli.ts: import, generate). */
import cliProgress from "cli-progress";

/** A progress bar on a terminal; nothing when output is piped. */
export function progressBar(label: string) {
  if (!process.stderr.isTTY) return { update: (_d: number, _t: number) => {}, stop: () => {} };
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
