// A throw-away PostgreSQL server for tests and drills: Debian's server binaries (package
// `postgresql`, installed by scripts/ensure-postgres.sh), a fresh cluster in a temporary folder,
// listening on a free loopback port with trust authentication, removed when stopped.
// The server refuses to run as root, so as root it runs as the `postgres` user the package creates.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports";
import { waitUntil } from "./wait";

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres — the maintenance database. */
  adminUrl: string;
  port: number;
  /** A URL for a new, empty database of that name. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The folder holding initdb/postgres/pg_dump: PG_BIN, else the newest Debian server. */
export function postgresBinDir(): string | null {
  const configured = process.env.PG_BIN;
  if (configured) return fs.existsSync(path.join(configured, "postgres")) ? configured : null;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], "bin") : null;
}

export const POSTGRES_MISSING =
  "PostgreSQL server binaries were not found (Debian's postgresql package, /usr/lib/postgresql/*/bin). " +
  "Install them with `sudo apt-get install -y postgresql` (scripts/ensure-postgres.sh does this as root) " +
  "or set PG_BIN to a folder holding initdb and postgres.";

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a server binary, as the postgres user when we are root. */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

export async function startPostgres(options: { log?: (line: string) => void } = {}): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    spawnSync("chown", ["postgres", dir]);
  }
  const [initCmd, initArgs] = command(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    // C collation: text sorts by code point, as SQLite's does.
    "--locale=C",
    "--no-sync",
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const [serverCmd, serverArgs] = command(path.join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "max_connections=300",
    // A throw-away server: durability off for speed (the data dies with the run anyway).
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
  ]);
  const server: ChildProcess = spawn(serverCmd, serverArgs, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.log?.(chunk.toString().trimEnd());
  };
  server.stdout?.on("data", collect);
  server.stderr?.on("data", collect);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntil(
    async () => {
      if (server.exitCode !== null) throw new Error("PostgreSQL did not start");
      const client = new pg.Client({ connectionString: adminUrl });
      try {
        await client.connect();
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    { what: "PostgreSQL accepting connections", timeoutMs: 30_000 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${output}`);
  });

  let stopped = false;
  return {
    adminUrl,
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        // SIGQUIT: immediate shutdown, no checkpoint (nothing here is kept). Sent to the server
        // itself (its pid heads postmaster.pid): as root the child is `runuser`, which does not
        // pass SIGQUIT on. Killed outright if it is not gone in 5 s.
        const signal = (name: NodeJS.Signals) => {
          const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
          try {
            process.kill(pid, name);
          } catch {
            server.kill(name);
          }
        };
        try {
          signal("SIGQUIT");
        } catch {
          server.kill("SIGQUIT");
        }
        const timer = setTimeout(() => {
          try {
            signal("SIGKILL");
          } catch {
            server.kill("SIGKILL");
          }
        }, 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
