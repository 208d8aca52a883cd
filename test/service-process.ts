/**
 * The service under test as a child process (`node --import tsx src/cli.ts serve`, or another entry
 * script), so that a crash of the service is seen as a crash rather than as the death of the test
 * runner. Its stdout and stderr are kept line by line, numbered, so a failure report can quote what
 * it logged.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { send } from "./raw-http.ts";

/** Root of the repository (this file is test/service-process.ts). */
const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Lines kept of the service's output. */
const KEPT_LINES = 3000;
/** Longest line kept; longer ones are cut. */
const LINE_CHARS = 3000;

/** One line of the service's output, numbered from the first start. */
export interface LogLine {
  seq: number;
  stream: "stdout" | "stderr";
  text: string;
}

/** A running (or crashed) service process; {@link restart} starts a new one on the same database. */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private lines: LogLine[] = [];
  private seq = 0;
  /** How the last process ended, while it is not running (`code`/`signal` of its exit). */
  exit: string | null = null;
  /** Processes started so far (1 after the first start). */
  starts = 0;
  /** Settles when the current process has exited and its output has been read to the end. */
  closed: Promise<void> = Promise.resolve();

  /**
   * @param port the port to listen on (see `freePort` in test/raw-http.ts).
   * @param env settings of the service on top of the fixed ones (DATABASE_URL at least).
   * @param entry what node runs (after `--import tsx`), relative to the repository: the CLI's `serve`
   *   by default, or a test script that starts the service its own way.
   */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry: string[] = ["src/cli.ts", "serve"],
  ) {}

  /** The process id of the running process (undefined before the first start). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until `GET /health` answers 200 (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    this.exit = null;
    this.starts++;
    const child = spawn(process.execPath, ["--import", "tsx", ...this.entry], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        GENERATION: "inline",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    // The test runner may end the process (--test-force-exit, a timeout): never leave a service behind.
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    child.once("exit", () => process.off("exit", killOnExit));
    this.note("stdout", `--- service started (pid ${child.pid}, port ${this.port}) ---`);
    for (const stream of ["stdout", "stderr"] as const) {
      let rest = "";
      child[stream]?.setEncoding("utf8");
      child[stream]?.on("data", (chunk: string) => {
        const parts = (rest + chunk).split("\n");
        rest = parts.pop() ?? "";
        for (const line of parts) this.note(stream, line);
      });
      child[stream]?.on("end", () => rest && this.note(stream, rest));
    }
    this.closed = new Promise((resolve) => {
      // 'close' comes after the output streams ended, so the last lines (a crash's stack) are kept.
      child.on("close", (code, signal) => {
        this.exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
        this.note("stderr", `--- service ${this.exit} ---`);
        resolve();
      });
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exit !== null) throw new Error(`the service ${this.exit} at start:\n${this.tail(40)}`);
      const health = await send(this.port, healthRequest(), 2000);
      if (health.status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the service did not answer /health within ${timeoutMs} ms:\n${this.tail(40)}`);
  }

  /** True while the process runs. */
  alive(): boolean {
    return (
      this.child !== null &&
      this.exit === null &&
      this.child.exitCode === null &&
      this.child.signalCode === null
    );
  }

  /**
   * Waits at most `ms` for the process to exit and be done writing its output: after a failed
   * health check, a crashing process may still be printing its stack.
   */
  async settle(ms = 3000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }

  /** Stops a running process (SIGTERM, then SIGKILL after 5 s) and starts a new one. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the process: SIGTERM, SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    const child = this.child;
    if (child === null || this.exit !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await this.closed;
    clearTimeout(timer);
  }

  private note(stream: LogLine["stream"], text: string): void {
    const cut = text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}… (${text.length} chars)` : text;
    this.lines.push({ seq: ++this.seq, stream, text: cut });
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }

  /** Number of the last line so far: pass it to {@link linesSince} later. */
  mark(): number {
    return this.seq;
  }

  /** Lines logged after `mark`. */
  linesSince(mark: number): LogLine[] {
    return this.lines.filter((l) => l.seq > mark);
  }

  /** The last `n` lines, one per line, stderr marked. */
  tail(n = 30): string {
    return formatLines(this.lines.slice(-n));
  }
}

/** Log lines as text, stderr lines marked `!`. */
export function formatLines(lines: LogLine[]): string {
  if (lines.length === 0) return "  (nothing logged)";
  return lines.map((l) => `  ${l.stream === "stderr" ? "!" : " "} ${l.text}`).join("\n");
}

/** `GET /health` with a plain Host: the liveness probe run after every case. */
export function healthRequest() {
  return {
    method: "GET",
    target: "/health",
    version: "HTTP/1.1",
    headers: [["Host", "127.0.0.1"]] as [string, string][],
    body: null,
    framing: "length" as const,
  };
}
