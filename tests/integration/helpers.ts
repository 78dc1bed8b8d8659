import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { sql, type Migration, type MigrationProvider } from "kysely";
import { nowDate } from "~/infra/clock.server";
import { databaseEngine, getDb, migrateToLatest, openDatabase, type DB } from "~/infra/db.server";
import { createPendingSubscriber, setSubscriberStatus } from "~/publishing/models/subscriber.server";
import { pageCache } from "~/infra/page-cache.server";
import { forgetAnswers } from "~/publishing/services/search.server";
import { forgetCachedSettingRows } from "~/site/services/charity-settings.server";
import { copySqliteTemplate } from "../setup/sqlite-template";

/**
 * A separate, migrated database for tests that must not share the file's getDb(): a SQLite file,
 * or on the PostgreSQL run a new database on the run's server. `file` is what openDatabase takes
 * to open a second connection to it.
 */
export async function createTestDatabase(): Promise<{ db: DB; file: string; cleanup: () => Promise<void> }> {
  markTestDatabaseMade();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-test-"));
  const onPostgres = process.env.TEST_DATABASE === "postgres";
  const file = onPostgres ? await createPostgresDatabase() : path.join(dir, "test.sqlite");
  if (!onPostgres) copySqliteTemplate(file);
  const db = openDatabase(file);
  await migrateToLatest(db);
  return {
    db,
    file,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tells tests/setup/database.ts that this file opened a database (one that is not getDb()'s). */
function markTestDatabaseMade(): void {
  (globalThis as { __charityTestDatabaseMade?: boolean }).__charityTestDatabaseMade = true;
}

/** A new database on the PostgreSQL run's server, copied from the migrated template unless `migrated: false`; its URL. */
export async function createPostgresDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<string> {
  markTestDatabaseMade();
  const adminUrl = inject("postgresAdminUrl");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Without the template: an empty database, not even migrated.
    await admin.query(`create database ${name}${migrated ? " template charity_template" : ""}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** Empties the tables a test may have written to in the per-file database from getDb(). */
export async function resetDatabase(): Promise<void> {
  const db = getDb();
  for (const table of [
    "small_donations",
    "hmrc_messages",
    "hmrc_submissions",
    "gift_aid_claim_items",
    "gift_aid_claims",
    "gift_aid_declarations",
    "outbox",
    "checkout_requests",
    "newsletters",
    "newsletter_consent_events",
    "newsletter_tokens",
    "audit_events",
    "payments",
    "sessions",
    "invitations",
    "password_resets",
    "recovery_codes",
    "login_failures",
    "news",
    "users",
    "contact_enquiries",
    "newsletter_subscribers",
    "pledges",
    // A page may name an appeal (0047): the pages go first.
    "fundraising_pages",
    "appeals",
    "form_posts",
    "stripe_events",
    "donor_sessions",
    "donor_links",
    "volunteer_applications",
    "supporter_emails",
    "supporters",
    "site_page_revisions",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  // Site search's documents of what was just deleted (the site's own pages stay indexed).
  await sql`delete from search_documents where kind in ('news', 'appeal')`.execute(db);
  forgetAnswers();
  // The team's two-step requirement and the seed's marker (kept in the one settings store, where
  // app_meta's rows went) are gone again, as a new database's are.
  await db
    .deleteFrom("charity_settings")
    .where("key", "in", ["requireTwoStep", "seeded_at", "editorsPublishPages"])
    .execute();
  // Emptied behind the services' back (as another process would): nothing cached stays.
  forgetCachedSettingRows(db);
  pageCache.clear();
}

/** Builds a Request the way Remix hands one to a loader or action. */
export function formRequest(url: string, fields: Record<string, string>, init: RequestInit = {}): Request {
  return new Request(new URL(url, "http://localhost").toString(), {
    method: "POST",
    body: new URLSearchParams(fields),
    ...init,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(init.headers as Record<string, string>) },
  });
}

/** A newsletter subscriber who confirmed their address (double opt-in done). */
export async function confirmedSubscriber(db: DB, email: string, now: Date = nowDate()): Promise<void> {
  const subscriber = await createPendingSubscriber(db, email, now);
  await setSubscriberStatus(db, subscriber.id, "confirmed", now);
}

/**
 * Makes `event`s (insert by default) on `table` fail with `message` while `when` (SQL over the
 * row, `new.…`; default always) holds, as a full disk or a crash half-way would; on either
 * engine. Returns the undo.
 */
export async function failWritesWhen(
  db: DB,
  {
    name,
    table,
    event = "insert",
    when = "true",
    message,
  }: { name: string; table: string; event?: "insert" | "update" | "delete"; when?: string; message: string },
): Promise<() => Promise<void>> {
  if (databaseEngine(db) === "postgres") {
    // A trigger's WHEN may not hold a subquery on PostgreSQL; the function tests instead.
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin if ${when} then raise exception '${message}'; end if; return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${name} before ${event} on ${table} for each row execute function ${name}()`)
      .execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    };
  }
  const condition = when === "true" ? "" : `when ${when}`;
  await sql
    .raw(`create trigger ${name} before ${event} on ${table} ${condition} begin select raise(abort, '${message}'); end`)
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(db);
  };
}

/**
 * For test files that write thousands of rows: a throw-away SQLite file need not survive power
 * loss, so skip its fsync per write. (The PostgreSQL test server runs with fsync off already.)
 */
export async function skipDurableWrites(db: DB = getDb()): Promise<void> {
  if (databaseEngine(db) === "sqlite") await sql`pragma synchronous = off`.execute(db);
}

/** The migrations up to and including `last`, to build a database as an older release left it. */
export async function migrationsUpTo(last: string): Promise<MigrationProvider> {
  // Loaded here, not with this module: every test file loads the helpers, few build an old database.
  const { migrationProvider } = await import("../../db/migrations");
  const all = await migrationProvider.getMigrations();
  const some: Record<string, Migration> = {};
  for (const name of Object.keys(all).sort()) if (name <= last) some[name] = all[name];
  return { getMigrations: async () => some };
}
