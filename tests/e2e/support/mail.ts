// The e2e server runs without SMTP_URL, so every message waits in the outbox, readable here
// (as staff read it in the mail log): tests take links from the queued message's text.
import { e2eDb } from "./db";

/** The path of the first link to `prefix` in the newest message to `email`. */
export async function linkInOutbox(
  email: string,
  prefix:
    | "/newsletter/confirm/"
    | "/newsletter/unsubscribe/"
    | "/admin/invitation/"
    | "/admin/reset-password/"
    | "/admin/confirm-email/"
    | "/giving/link/"
    | "/fundraise/manage/",
) {
  const row = await e2eDb()
    .selectFrom("outbox")
    .select(["text_body"])
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = new RegExp(`https?://[^\\s/]+(${prefix}[A-Za-z0-9_-]+)`).exec(row.text_body);
  if (!match) throw new Error(`no ${prefix} link in the message to ${email}`);
  return match[1];
}

export async function subscriberStatus(email: string) {
  const row = await e2eDb()
    .selectFrom("newsletter_subscribers")
    .select("status")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.status;
}

/** The List-Unsubscribe header of the newest message to `email`. */
export async function listUnsubscribeHeader(email: string): Promise<string> {
  const row = await e2eDb()
    .selectFrom("outbox")
    .select(["headers"])
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.headers ?? "{}") as Record<string, string>)["List-Unsubscribe"];
}
