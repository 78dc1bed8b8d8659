// Run before the server starts: validates configuration, applies pending migrations and
// seeds an empty database. Safe to run any number of times.
import { ConfigError, parseEnv } from "../app/infra/env.server";
import { migrateToLatest, openDatabase } from "../app/infra/db.server";
import { getSessionSecrets } from "../app/infra/session-secret.server";
import { runHousekeeping } from "../app/site/services/housekeeping.server";
import { ensureSearchIndex } from "../app/publishing/services/search.server";
import { seedDatabase } from "../db/seed";
import { describeUrl } from "./lib/pg-backup";

async function main() {
  const env = parseEnv();
  // DATABASE_URL itself: a SQLite file or a PostgreSQL server (databasePath is "" on PostgreSQL).
  const db = openDatabase(env.DATABASE_URL);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
    const seed = await seedDatabase(db, { adminUsername: env.ADMIN_USERNAME, adminPassword: env.ADMIN_PASSWORD });
    if (seed.seededArticles) console.log("Seeded sample news articles.");
    if (seed.createdAdmin) {
      console.log(`Created the first admin user "${seed.createdAdmin.username}".`);
      if (seed.createdAdmin.generatedPassword) {
        console.log(
          `Its generated password, shown only this once: ${seed.createdAdmin.generatedPassword}\n` +
            "Change it with: npm run admin:password",
        );
      }
    }
    // Site search holds this version of the site's pages (re-indexed once after a change).
    await ensureSearchIndex(db);
    const tidied = await runHousekeeping(new Date(), db);
    if (tidied.expiredSessions) console.log(`Deleted ${tidied.expiredSessions} expired sessions and API tokens.`);
    if (tidied.expiredEnquiries) {
      console.log(`Deleted ${tidied.expiredEnquiries} enquiries older than ${env.ENQUIRY_RETENTION_DAYS} days.`);
    }
    getSessionSecrets();
    console.log(
      `Database ready: ${env.databaseEngine === "sqlite" ? env.databasePath : describeUrl(env.DATABASE_URL)}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Database set-up failed:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
