import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDb, migrateToLatest, openDatabase, type DB } from "~/infra/db.server";
import { createPendingSubscriber, setSubscriberStatus } from "~/models/newsletter.server";

/** A separate, migrated database file for tests that must not share the file's getDb(). */
export async function createTestDatabase(): Promise<{ db: DB; file: string; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-test-"));
  const file = path.join(dir, "test.sqlite");
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

/** Empties the tables a test may have written to in the per-file database from getDb(). */
export async function resetDatabase(): Promise<void> {
  const db = getDb();
  for (const table of [
    "gift_aid_claim_items",
    "gift_aid_claims",
    "gift_aid_declarations",
    "outbox",
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
    "app_meta",
    "contact_enquiries",
    "newsletter_subscribers",
    "pledges",
    "form_posts",
    "stripe_events",
    "supporter_emails",
    "supporters",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
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
export async function confirmedSubscriber(db: DB, email: string, now: Date = new Date()): Promise<void> {
  const subscriber = await createPendingSubscriber(db, email, now);
  await setSubscriberStatus(db, subscriber.id, "confirmed", now);
}
