// PostgreSQL backups with PostgreSQL's own tools: `npm run backup:pg` (scripts/backup-pg.ts) makes
// a pg_dump custom-format file, and `npm run restore -- --from file.dump --to postgres://…`
// (scripts/restore.ts) loads one into a new, empty database and checks it. On SQLite, Litestream
// does this job (app/infra/backup.server.ts). See docs/operations.md ("PostgreSQL").
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { knownMigrations } from "../../app/infra/db.server";
import { postgresBinDir } from "./postgres";

/** Raised when a backup or restore cannot go on; its message is for the operator. */
export class PgBackupError extends Error {
  override name = "PgBackupError";
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;

export function isPostgresUrl(value: string | undefined): value is string {
  return !!value && POSTGRES_URL.test(value);
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore): from PG_BIN or Debian's server folder (as
 * scripts/lib/postgres.ts finds it), else on the PATH.
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const dirs = [postgresBinDir(), ...(process.env.PATH ?? "").split(path.delimiter)].filter(
    (dir): dir is string => !!dir,
  );
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new PgBackupError(
    `${name} was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and the PATH). ` +
      "Install PostgreSQL's client programs, e.g. `sudo apt-get install -y postgresql-client`, " +
      "in a version at least as new as the server's.",
  );
}

/**
 * The URL for a client program's --dbname without its password, which goes in PGPASSWORD
 * instead, so that it does not show in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The URL with its password hidden, for messages. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "****";
  return parsed.toString();
}

function runTool(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new PgBackupError(`${path.basename(bin)} could not start: ${error.message}`)));
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new PgBackupError(
            `${path.basename(bin)} failed (exit ${code}): ${stderr.trim().split("\n").slice(-5).join("\n")}`,
          ),
        );
    });
  });
}

/** `charity-20261125T143000Z.dump` for a moment. */
export function dumpFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  return `charity-${stamp}.dump`;
}

/** pg_dump --format=custom of `url` into `out` (never over an existing file); its size in bytes. */
export async function dumpDatabase(url: string, out: string): Promise<{ file: string; bytes: number }> {
  if (!isPostgresUrl(url)) throw new PgBackupError("backup:pg needs a postgres:// or postgresql:// database URL");
  const file = path.resolve(out);
  if (fs.existsSync(file)) throw new PgBackupError(`${file} already exists; a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const { dbname, env } = connection(url);
  // Written beside the final name and renamed when complete: a half-written dump never has the name.
  const partial = `${file}.partial`;
  try {
    await runTool(
      pgTool("pg_dump"),
      ["--format=custom", "--no-owner", "--no-privileges", "--file", partial, "--dbname", dbname],
      env,
    );
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file, bytes: fs.statSync(file).size };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names when it does not exist yet (through the `postgres` database). */
async function ensureDatabase(url: string): Promise<boolean> {
  try {
    await withClient(url, async () => undefined);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
  }
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  parsed.pathname = "/postgres";
  await withClient(parsed.toString(), (client) => client.query(`create database "${name.replaceAll('"', '""')}"`));
  return true;
}

export interface RestoreReport {
  created: boolean;
  migrations: { applied: number; latest: string | null };
  tables: { table: string; rows: number }[];
}

/**
 * Loads a pg_dump custom-format file into `url`, a new database (created when missing) or an
 * empty one; refuses one that holds any table. Then checks it: the migration table is there and
 * has every migration this code knows, and counts each table's rows.
 */
export async function restoreDump(dumpFile: string, url: string): Promise<RestoreReport> {
  if (!isPostgresUrl(url)) throw new PgBackupError("--to must be a postgres:// or postgresql:// URL of a new database");
  const file = path.resolve(dumpFile);
  if (!fs.existsSync(file)) throw new PgBackupError(`${file} does not exist`);
  const restore = pgTool("pg_restore");
  const created = await ensureDatabase(url);
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return rows.map((row) => row.name);
  });
  if (tables.length > 0) {
    throw new PgBackupError(
      `the database ${describeUrl(url)} is not empty (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}); ` +
        "restore only into a new, empty database",
    );
  }
  const { dbname, env } = connection(url);
  await runTool(
    restore,
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", dbname, file],
    env,
  );
  return withClient(url, async (client) => {
    let applied: string[];
    try {
      applied = (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map(
        (row) => row.name,
      );
    } catch {
      throw new PgBackupError("the restored database has no kysely_migration table: is the dump this app's database?");
    }
    const missing = (await knownMigrations()).filter((name) => !applied.includes(name));
    if (missing.length > 0) {
      throw new PgBackupError(
        `the restored database lacks migrations ${missing.join(", ")} (an older backup: \`npm run db:setup\` with DATABASE_URL set to it applies them)`,
      );
    }
    const names = (
      await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
      )
    ).rows.map((row) => row.name);
    const counts: RestoreReport["tables"] = [];
    for (const table of names) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${table.replaceAll('"', '""')}"`);
      counts.push({ table, rows: Number(rows[0].n) });
    }
    return { created, migrations: { applied: applied.length, latest: applied.at(-1) ?? null }, tables: counts };
  });
}

/** A file size for people: 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
