// `npm run restore [-- --timestamp 2026-11-20T14:00:00Z] [--output PATH]`: restores the
// database from its Litestream replica (BACKUP_URL, or the backup/ folder beside the
// database) into a NEW file, checks it, copies the uploads backup into a new folder beside
// it, and prints how to switch to them. It never writes over an existing file, so it is safe
// while the server runs. See docs/operations.md.
//
// On PostgreSQL: `npm run restore -- --from backup.dump --to postgres://…/newdb` loads a
// `npm run backup:pg` file (pg_dump custom format) into a new, empty database with pg_restore,
// checks its migrations and prints its tables' row counts (scripts/lib/pg-backup.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { ConfigError, parseEnv } from "../app/infra/env.server";
import {
  backupSettings,
  copyNewFiles,
  describeReplica,
  litestreamBinary,
  writeLitestreamConfig,
} from "../app/infra/backup.server";
import { PgBackupError, describeUrl, restoreDump } from "./lib/pg-backup";
import { nowDate } from "../app/infra/clock.server";

function fail(message: string): never {
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}

function main() {
  const { values } = parseArgs({
    options: {
      timestamp: { type: "string" },
      output: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("Usage: npm run restore -- [--timestamp ISO-8601] [--output new-file.sqlite]");
    console.log("       npm run restore -- --from backup.dump --to postgres://user:pass@host:5432/newdb");
    return;
  }
  if (values.from !== undefined || values.to !== undefined) {
    void restorePostgres(values.from, values.to);
    return;
  }
  const env = parseEnv();
  // BACKUP=off turns off replication, not the ability to restore what was replicated before.
  const settings = backupSettings(env);

  let timestamp: string | undefined;
  if (values.timestamp) {
    const parsed = new Date(values.timestamp);
    if (Number.isNaN(parsed.getTime()))
      fail(`--timestamp "${values.timestamp}" is not a date and time (e.g. 2026-11-20T14:00:00Z)`);
    timestamp = parsed.toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  const stamp = nowDate()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  const parsedDb = path.parse(settings.databasePath);
  const output = path.resolve(
    values.output ?? path.join(parsedDb.dir, `${parsedDb.name}-restored-${stamp}${parsedDb.ext}`),
  );
  if (output === settings.databasePath) fail("the output is the live database; choose another --output");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (fs.existsSync(output + suffix)) fail(`${output + suffix} already exists; restore never overwrites a file`);
  }
  fs.mkdirSync(path.dirname(output), { recursive: true });

  console.log(
    `Restoring ${timestamp ? `as of ${timestamp}` : "the latest backup"} from ${describeReplica(settings.replica)}`,
  );
  const config = writeLitestreamConfig(settings);
  const args = ["restore", "-config", config, "-no-expand-env", "-o", output];
  if (timestamp) args.push("-timestamp", timestamp);
  args.push(settings.databasePath);
  try {
    execFileSync(litestreamBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    // Litestream logs (JSON, per the generated configuration) to either stream.
    const { stdout, stderr: err } = error as { stdout?: Buffer; stderr?: Buffer };
    const stderr = `${stdout?.toString() ?? ""}\n${err?.toString() ?? ""}`.trim();
    const reason = /no matching backups|no generation|no snapshots/i.test(stderr)
      ? "no backup found there (has `npm start` run with BACKUP on?)"
      : stderr.split("\n").slice(-3).join("\n");
    fail(reason || "litestream restore failed");
  }

  const db = new Database(output, { readonly: true });
  let integrity: unknown;
  let migrations: { name: string }[] = [];
  try {
    integrity = db.pragma("integrity_check", { simple: true });
    migrations = db.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[];
  } finally {
    db.close();
  }
  if (integrity !== "ok") fail(`the restored file ${output} failed integrity_check: ${String(integrity)}`);

  let uploadsLine = "No uploads backup found.";
  if (fs.existsSync(settings.uploadsBackupDir)) {
    const uploadsOut = path.join(path.dirname(settings.uploadsDir), `uploads-restored-${stamp}`);
    const copied = copyNewFiles(settings.uploadsBackupDir, uploadsOut);
    uploadsLine = `Uploads: ${copied.length} files copied to ${uploadsOut}`;
  }

  console.log(`Restored database: ${output} (integrity_check ok, last migration ${migrations.at(-1)?.name ?? "none"})`);
  console.log(uploadsLine);
  console.log(`
To switch to it:
  1. Stop the server.
  2. Either set DATABASE_URL=file:${output}
     or move the old database aside (${settings.databasePath} and its -wal and -shm files) and
     move ${output} to ${settings.databasePath}.
  3. If uploads were restored, move the old uploads folder aside and rename the restored
     folder to ${settings.uploadsDir} (or set UPLOADS_DIR to it).
  4. Start the server (npm start). Litestream starts a new backup generation from it.`);
}

/** PostgreSQL: a backup:pg dump into a new, empty database, checked. */
async function restorePostgres(from: string | undefined, to: string | undefined): Promise<void> {
  if (!from || !to) fail("a PostgreSQL restore needs both --from file.dump and --to postgres://…/newdb");
  try {
    const report = await restoreDump(from, to);
    const width = Math.max(5, ...report.tables.map((t) => t.table.length));
    console.log(`Restored ${from} into ${describeUrl(to)}${report.created ? " (database created)" : ""}`);
    console.log(
      `Migrations: ${report.migrations.applied} applied, all this code knows (last ${report.migrations.latest})`,
    );
    console.log(`${"table".padEnd(width)}  rows`);
    for (const { table, rows } of report.tables) console.log(`${table.padEnd(width)}  ${rows}`);
    console.log(`
To switch to it: stop the app, set DATABASE_URL to the new database on every instance, start it.`);
  } catch (error) {
    if (error instanceof PgBackupError) fail(error.message);
    fail(error instanceof Error ? error.message : String(error));
  }
}

try {
  main();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
