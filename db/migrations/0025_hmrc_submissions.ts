import { sql, type Kysely } from "kysely";

// Gift Aid claims sent straight to HMRC (Charities Online, GovTalk class HMRC-CHAR-CLM).
//
// - hmrc_submissions: one row per attempt to send a claim batch, a durable state machine
//   (submitted → polling → accepted | rejected | error) that any instance resumes after a restart.
//   The exact request (its password masked), the IRmark, HMRC's correlation id, poll address and
//   interval, the receipt or the errors, the lines held back before sending. A lease (lease_owner,
//   lease_expires_at) is taken by one conditional update, so one worker at a time moves a row;
//   the partial unique index lets a batch have at most one submission that is not finished badly.
// - hmrc_messages: every message sent and every answer, as XML, in order.
// - gift_aid_claims.hmrc_correlation_id / hmrc_receipt: HMRC's reference and receipt, on the batch.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("hmrc_submissions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("claim_id", "integer", (c) => c.notNull().references("gift_aid_claims.id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("irmark", "text", (c) => c.notNull())
    .addColumn("request_xml", "text", (c) => c.notNull())
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("total_pence", "integer", (c) => c.notNull())
    .addColumn("gift_aid_pence", "integer", (c) => c.notNull())
    /** JSON: the claim item ids in the order of their GAD lines (HMRC's errors name GAD[n]). */
    .addColumn("line_items", "text", (c) => c.notNull())
    /** JSON: lines held back before sending, each with its reasons. */
    .addColumn("held_back", "text", (c) => c.notNull())
    /** JSON: the small donations (GASDS) claimed with it, { year, amountPence }, or null. */
    .addColumn("gasds", "text")
    .addColumn("correlation_id", "text")
    .addColumn("poll_url", "text")
    .addColumn("poll_interval_seconds", "integer")
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** Set before the submission is posted: a row found with it set and no correlation id is never posted again. */
    .addColumn("sent_at", "text")
    .addColumn("receipt", "text")
    /** JSON: HMRC's errors (number, type, text, location, line). */
    .addColumn("errors", "text")
    .addColumn("problem", "text")
    .addColumn("deleted_at", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("hmrc_submissions_claim_id").on("hmrc_submissions").column("claim_id").execute();
  await db.schema
    .createIndex("hmrc_submissions_one_live_per_claim")
    .on("hmrc_submissions")
    .column("claim_id")
    .unique()
    .where(sql.ref("state"), "in", ["submitted", "polling", "accepted"])
    .execute();
  await db.schema
    .createIndex("hmrc_submissions_due")
    .on("hmrc_submissions")
    .columns(["state", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("hmrc_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("submission_id", "integer", (c) => c.notNull().references("hmrc_submissions.id").onDelete("cascade"))
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("xml", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hmrc_messages_submission_id").on("hmrc_messages").column("submission_id").execute();

  await db.schema.alterTable("gift_aid_claims").addColumn("hmrc_correlation_id", "text").execute();
  await db.schema.alterTable("gift_aid_claims").addColumn("hmrc_receipt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gift_aid_claims").dropColumn("hmrc_receipt").execute();
  await db.schema.alterTable("gift_aid_claims").dropColumn("hmrc_correlation_id").execute();
  await db.schema.dropTable("hmrc_messages").execute();
  await db.schema.dropTable("hmrc_submissions").execute();
}
