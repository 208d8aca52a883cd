/**
 * A throwaway PostgreSQL server for tests that must stop, kill or restart their database (outages,
 * replicas): its own cluster (`initdb`) in a temporary folder, on a free loopback port, with its
 * Unix socket in that folder too, so it never touches a shared server (127.0.0.1:5432); and a
 * streaming replica of it (`startReplica()`: `pg_basebackup -R` into another temporary folder,
 * started as a hot standby on another free port).
 *
 * The binaries (`initdb`, `pg_ctl`, `postgres`, and `pg_basebackup` for a replica) are looked up in
 * `PG_BIN`, then /usr/local/bin, /usr/lib/postgresql/<newest>/bin and the PATH, all from one folder.
 * initdb refuses to run as root: as root, every command runs as the `postgres` user (else `nobody`)
 * through `runuser`, in a folder it owns. The superuser is `postgres` with a random password
 * (scram-sha-256 over TCP, replication connections included), so a test can check that the
 * password never appears in a log.
 */
import { execFile } from "node:child_process";
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./raw-http.ts";

const run = promisify(execFile);

/** A running (or stopped) private server. */
export interface PrivatePostgres {
  /** `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres`. */
  readonly adminUrl: string;
  /** The random password of the `postgres` superuser. */
  readonly password: string;
  readonly port: number;
  /** The cluster folder (data, socket and server log). */
  readonly dir: string;
  /** The URL of database `name` on this server (same user and password). */
  url(name: string): string;
  /** Starts the server (again) and waits until it accepts connections; at most 30 s. */
  start(): Promise<void>;
  /**
   * Stops the server: `fast` (sessions are terminated with 57P01, clean shutdown), `immediate`
   * (processes quit at once, crash recovery at the next start) or `smart` (waits for sessions).
   * Waits until it is down; at most 30 s.
   */
  stop(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) every server process: a server that accepts TCP but never answers. */
  freeze(frozen: boolean): Promise<void>;
  /** Stops the server (immediate) and deletes its folder. Never throws. */
  destroy(): Promise<void>;
  /**
   * A streaming replica of this server, started (hot standby, same superuser and password, its own
   * free port and folder): `pg_basebackup -R` over TCP, then `pg_ctl start`. Destroy it yourself.
   * @throws Error when `pg_basebackup` is missing beside the other binaries or the replica does not
   *   start (the message carries the end of its log).
   */
  startReplica(): Promise<PrivatePostgres>;
}

/**
 * The folder of the PostgreSQL binaries: the first that holds initdb, pg_ctl, postgres and every one
 * of `more` (e.g. `["pg_basebackup"]`); null when none does.
 */
export function postgresBinaries(more: string[] = []): string | null {
  const candidates = [process.env.PG_BIN, "/usr/local/bin"];
  try {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  } catch {
    // no Debian-style install
  }
  candidates.push(...(process.env.PATH ?? "").split(":"));
  for (const dir of candidates) {
    if (!dir) continue;
    try {
      for (const bin of ["initdb", "pg_ctl", "postgres", ...more]) accessSync(join(dir, bin), constants.X_OK);
      return dir;
    } catch {
      // next candidate
    }
  }
  return null;
}

/** The unprivileged user to run the server as when this process is root (uid/gid), else null. */
async function serverUser(): Promise<{ name: string; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number((await run("id", ["-u", name])).stdout.trim());
      const gid = Number((await run("id", ["-g", name])).stdout.trim());
      return { name, uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error("running as root and neither user postgres nor nobody exists: initdb refuses root");
}

/** What {@link serverIn} needs to run one server. */
interface ServerPlace {
  bin: string;
  user: { name: string; uid: number; gid: number } | null;
  /** The server's folder: `data/`, its socket and `server.log`. */
  dir: string;
  port: number;
  password: string;
  /** `postgres -c` settings (port and socket folder included). */
  settings: Record<string, string | number>;
}

/** Runs `cmd` of `bin` as the server's user (see {@link serverUser}). */
function runAs(
  place: Pick<ServerPlace, "bin" | "user">,
  cmd: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
) {
  const options = env ? { env: { ...process.env, ...env } } : {};
  return place.user
    ? run("runuser", ["-u", place.user.name, "--", join(place.bin, cmd), ...args], options)
    : run(join(place.bin, cmd), args, options);
}

/** A temporary folder owned by the server's user. */
function serverFolder(user: ServerPlace["user"], prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/** The controls of the server whose cluster is in `place.dir/data` (not started here). */
function serverIn(place: ServerPlace): PrivatePostgres {
  const { dir, port, password } = place;
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  const serverOptions = Object.entries(place.settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const as = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => runAs(place, cmd, args, env);

  const tail = async () => {
    try {
      return (await run("tail", ["-n", "20", log])).stdout;
    } catch {
      return "(no server log)";
    }
  };
  const pg: PrivatePostgres = {
    adminUrl,
    password,
    port,
    dir,
    url: (name) => adminUrl.replace(/\/postgres$/, `/${name}`),
    async start() {
      try {
        await as("pg_ctl", ["-D", data, "-o", serverOptions, "-l", log, "-w", "-t", "30", "start"]);
      } catch (err) {
        throw new Error(`pg_ctl start failed: ${(err as Error).message}\n${await tail()}`);
      }
    },
    async stop(mode = "fast") {
      await as("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "30", "stop"]);
    },
    async freeze(frozen) {
      // The postmaster's pid is the first line of postmaster.pid; its backends are its children.
      const { stdout } = await run("cat", [join(data, "postmaster.pid")]);
      const pid = Number(stdout.split("\n")[0]);
      const children = await run("pgrep", ["-P", String(pid)]).then(
        (r) => r.stdout.split("\n").filter(Boolean).map(Number),
        () => [] as number[],
      );
      for (const p of [pid, ...children]) {
        try {
          process.kill(p, frozen ? "SIGSTOP" : "SIGCONT");
        } catch {
          // the process ended meanwhile
        }
      }
    },
    async destroy() {
      await pg.freeze(false).catch(() => {});
      await as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
    async startReplica() {
      try {
        accessSync(join(place.bin, "pg_basebackup"), constants.X_OK);
      } catch {
        throw new Error(`pg_basebackup not found beside the other PostgreSQL binaries in ${place.bin}`);
      }
      const replicaDir = serverFolder(place.user, "wds-pg-replica-");
      // -R writes standby.signal and primary_conninfo (with the password it connected with); the
      // initdb default pg_hba.conf admits replication from 127.0.0.1 with the host method (scram).
      try {
        await as(
          "pg_basebackup",
          [
            "-D",
            join(replicaDir, "data"),
            "-h",
            "127.0.0.1",
            "-p",
            String(port),
            "-U",
            "postgres",
            "-R",
            "-X",
            "stream",
            "--no-sync",
            // At once, not spread over minutes (the default waits for a paced checkpoint).
            "--checkpoint=fast",
          ],
          { PGPASSWORD: password },
        );
      } catch (err) {
        rmSync(replicaDir, { recursive: true, force: true });
        throw new Error(`pg_basebackup failed: ${(err as Error).message}`);
      }
      const replicaPort = await freePort();
      const replica = serverIn({
        ...place,
        dir: replicaDir,
        port: replicaPort,
        settings: { ...place.settings, port: replicaPort, unix_socket_directories: replicaDir },
      });
      try {
        await replica.start();
      } catch (err) {
        await replica.destroy();
        throw err;
      }
      return replica;
    },
  };
  return pg;
}

/**
 * Creates a cluster and starts it.
 * @param options.settings extra `postgres -c` settings (name → value).
 * @param options.bin the folder of the binaries (default: {@link postgresBinaries}).
 * @throws Error when the binaries are missing (check {@link postgresBinaries} first) or the server
 *   does not start; the message carries the end of the server log.
 */
export async function startPrivatePostgres(
  options: { settings?: Record<string, string | number>; bin?: string } = {},
): Promise<PrivatePostgres> {
  const bin = options.bin ?? postgresBinaries();
  if (bin === null) throw new Error("PostgreSQL binaries (initdb, pg_ctl, postgres) not found");
  const user = await serverUser();
  const dir = serverFolder(user, "wds-pg-");
  const password = `pw${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  writeFileSync(join(dir, "pwfile"), `${password}\n`);
  if (user) chownSync(join(dir, "pwfile"), user.uid, user.gid);

  await runAs({ bin, user }, "initdb", [
    "-D",
    join(dir, "data"),
    "-U",
    "postgres",
    "--pwfile",
    join(dir, "pwfile"),
    "--auth-local=trust",
    "--auth-host=scram-sha-256",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const port = await freePort();
  const settings: Record<string, string | number> = {
    port,
    listen_addresses: "127.0.0.1",
    unix_socket_directories: dir,
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    max_connections: 50,
    ...options.settings,
  };
  const pg = serverIn({ bin, user, dir, port, password, settings });
  await pg.start();
  return pg;
}
