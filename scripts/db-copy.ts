// `npm run db:copy -- --from file:db/data/charity.sqlite --to postgres://user:pass@host:5432/charity
//  [--uploads path/to/uploads]`: the move from SQLite to PostgreSQL. Migrates the (new, empty)
// PostgreSQL database, copies every table and the uploads folder's photos into it in one
// transaction, and prints the row counts and money totals of both sides; any difference rolls
// it all back and exits non-zero. Stop the app first. See docs/operations.md ("PostgreSQL").
// The work is in scripts/lib/db-copy.ts.
import { parseArgs } from "node:util";
import { CopyCheckFailed, CopyError, copySqliteToPostgres, formatChecks } from "./lib/db-copy";

const USAGE =
  "Usage: npm run db:copy -- --from file:db/data/charity.sqlite --to postgres://user:pass@host:5432/db [--uploads folder]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: "string" },
      to: { type: "string" },
      uploads: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.from || !values.to) {
    console.error(`db:copy needs --from and --to.\n${USAGE}`);
    return 2;
  }
  try {
    const result = await copySqliteToPostgres({
      from: values.from,
      to: values.to,
      uploadsDir: values.uploads ?? process.env.UPLOADS_DIR?.trim() ?? undefined,
      log: (line) => console.log(line),
    });
    console.log(`\n${formatChecks(result.tables)}\n`);
    console.log(
      `Copy committed: ${result.tables.length} tables, ${result.photos.uploads} photos; every count and total matches.`,
    );
    console.log(
      "Start the app with DATABASE_URL set to the PostgreSQL URL (and the same SESSION_SECRET on every instance).",
    );
    return 0;
  } catch (error) {
    if (error instanceof CopyCheckFailed) console.error(`\n${formatChecks(error.checks)}\n`);
    if (error instanceof CopyError) {
      console.error(`db:copy failed: ${error.message}`);
      return 1;
    }
    console.error("db:copy failed:", error instanceof Error ? error.message : error);
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
