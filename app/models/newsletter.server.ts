import type { Selectable } from "kysely";
import type { NewsletterSubscribersTable } from "../../db/schema";
import type { DB } from "~/infra/db.server";
import { nowIso } from "~/utils/dates";

export type NewsletterSubscriber = Selectable<NewsletterSubscribersTable>;

/**
 * Records consent to the newsletter. An address already on the list (in any letter case)
 * keeps its first consent time, and the caller cannot tell the two cases apart, so the
 * form never reveals who is subscribed.
 */
export async function subscribeToNewsletter(db: DB, email: string): Promise<void> {
  await db
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: nowIso() })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

export async function getNewsletterSubscriber(db: DB, email: string): Promise<NewsletterSubscriber | undefined> {
  // The column is COLLATE NOCASE, so this matches whatever case the address was typed in.
  return db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
}
