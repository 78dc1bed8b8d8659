import type { Kysely } from "kysely";

// A bank-transfer pledge still unpaid a week after it was made gets one friendly reminder
// (app/services/donor-mail.server.ts): the moment it was queued is kept on the pledge, so the
// hourly housekeeping never sends a second one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").addColumn("reminder_sent_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").dropColumn("reminder_sent_at").execute();
}
