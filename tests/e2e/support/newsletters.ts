// Newsletter data for the browser tests: subscribers made directly in the e2e database and the
// outbox rows a newsletter queued (the e2e server has no SMTP_URL, so they stay queued).
import { e2eDb } from "./db";
import { nowIsoString } from "~/infra/clock.server";

export async function insertSubscriber(email: string, status: "pending" | "confirmed"): Promise<number> {
  const now = nowIsoString();
  const { id } = await e2eDb()
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: now, status, confirmed_at: status === "confirmed" ? now : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The messages of the newsletter with this subject, by recipient. */
export async function newsletterMessages(subject: string) {
  return e2eDb()
    .selectFrom("outbox")
    .select(["to_address", "kind", "subject", "headers", "text_body", "status", "newsletter_id"])
    .where("subject", "like", `%${subject}`)
    .execute();
}

/** Marks every message of a newsletter sent, as the sender would with a mail server. */
export async function markNewsletterDelivered(newsletterId: number): Promise<void> {
  const now = nowIsoString();
  await e2eDb()
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now })
    .where("newsletter_id", "=", newsletterId)
    .execute();
}
