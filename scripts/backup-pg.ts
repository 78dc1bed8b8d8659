// `npm run backup:pg [-- --url postgres://… ] [--out file.dump]`: a pg_dump custom-format backup
// of the PostgreSQL database (DATABASE_URL, or --url), by default into
// db/data/backup/charity-<UTC time>.dump; prints its path and size. Load it with
// `npm run restore -- --from file.dump --to postgres://…/newdb`. Run it on a schedule (cron) when
// the provider's point-in-time recovery is not used. See docs/operations.md ("PostgreSQL").
import path from "node:path";
import { parseArgs } from "node:util";
import { PgBackupError, describeUrl, dumpDatabase, dumpFileName, formatBytes, isPostgresUrl } from "./lib/pg-backup";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { url: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log("Usage: npm run backup:pg -- [--url postgres://user:pass@host:5432/db] [--out file.dump]");
    return 0;
  }
  const url = values.url ?? process.env.DATABASE_URL;
  if (!isPostgresUrl(url)) {
    console.error(
      "backup:pg backs up a PostgreSQL database: set DATABASE_URL to a postgres:// URL or pass --url. " +
        "(A SQLite installation is backed up by Litestream while `npm start` runs.)",
    );
    return 2;
  }
  const out = values.out ?? path.join("db", "data", "backup", dumpFileName(new Date()));
  try {
    const { file, bytes } = await dumpDatabase(url, out);
    console.log(`Backed up ${describeUrl(url)} to ${file} (${formatBytes(bytes)})`);
    return 0;
  } catch (error) {
    console.error(
      `backup:pg failed: ${error instanceof PgBackupError || error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
