import { nowDate } from "~/infra/clock.server";
import { sql, type Selectable } from "kysely";
import type { OutboxStatus, OutboxTable } from "../../../db/schema";
import { afterCommit, type DB } from "~/infra/db.server";
import { deletedCount, updatedAny } from "~/infra/row-count.server";
import { mailQueued } from "~/infra/mail.server";
import { logger } from "~/infra/logger.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

export type { OutboxStatus };
/** A message in the outbox: its row (columns described in db/schema.ts), camelCase. */
export type OutboxRow = CamelRow<Selectable<OutboxTable>>;

const toOutboxRow = (row: Selectable<OutboxTable>): OutboxRow => camelRow(row);

/** A file sent with a message: its name, MIME type and text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailInput {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Files sent with it (small text files: an event's calendar file). */
  attachments?: readonly MailAttachment[];
  /** The record the message is about: erasing it deletes the message (ON DELETE CASCADE). */
  subscriberId?: number;
  pledgeId?: number;
  enquiryId?: number;
  volunteerApplicationId?: number;
  /** The newsletter it is an issue of: at most one message per (newsletter, subscriber). */
  newsletterId?: number;
  /**
   * A link that stops working after a while (sign-in, reset, invitation, confirmation): sent
   * before anything else queued. The kinds in TIME_LIMITED_LINK_KINDS are, without saying so.
   */
  timeLimited?: boolean;
}

/**
 * The mail queue's lanes, taken in this order: a time-limited link must not wait behind a wave of
 * acknowledgements or a newsletter's thousands (at MAIL_MAX_PER_MINUTE, 3,000 queued is 50 minutes).
 */
export const MAIL_LANES = { link: 0, oneToOne: 1, bulk: 2 } as const;

/** Kinds of mail that carry a time-limited link (also listed, as written then, in migration 0036). */
export const TIME_LIMITED_LINK_KINDS: ReadonlySet<string> = new Set([
  "donor-giving-link",
  "staff-password-reset",
  "staff-invitation",
  "staff-email-change",
  "newsletter.confirm",
]);

/** The lane a message goes in. */
export function mailLane(input: Pick<MailInput, "kind" | "newsletterId" | "timeLimited">): number {
  if (input.timeLimited || TIME_LIMITED_LINK_KINDS.has(input.kind)) return MAIL_LANES.link;
  return input.newsletterId !== undefined ? MAIL_LANES.bulk : MAIL_LANES.oneToOne;
}

/**
 * Kinds of mail that acknowledge a public form (donate, contact, newsletter sign-up, volunteer, an event's waiting list):
 * anyone may type anyone's address into those forms, so one address gets at most
 * ACKNOWLEDGEMENTS_PER_HOUR of them, all forms together. More are not queued; the record the
 * form made is kept all the same.
 */
const ACKNOWLEDGEMENTS = [
  "pledge.donor",
  "enquiry.ack",
  "newsletter.confirm",
  "volunteer.ack",
  "event.waitlist",
] as const;
export type AcknowledgementKind = (typeof ACKNOWLEDGEMENTS)[number];
export const ACKNOWLEDGEMENT_KINDS: ReadonlySet<string> = new Set(ACKNOWLEDGEMENTS);
export const ACKNOWLEDGEMENTS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** How many acknowledgements were queued for `to` (any case) since `since`. */
async function acknowledgementsSince(db: DB, to: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    // The kinds as literals, as in the partial index outbox_acknowledgements (migrations 0036, 0046): a
    // bound parameter would not let SQLite see that the query stays within the index.
    .where(
      "kind",
      "in",
      ACKNOWLEDGEMENTS.map((kind) => sql.lit(kind)),
    )
    .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", to.trim().toLowerCase()))
    .where("created_at", ">", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Queues a message. Call it with the transaction that writes the record the message is about,
 * so the record and its message commit together: no record without its mail, no mail about a
 * record that was rolled back. Once that transaction commits, the sender is woken to send it at
 * once (the only place that wakes it for new mail: callers need not).
 *
 * An acknowledgement (ACKNOWLEDGEMENT_KINDS) to an address that had ACKNOWLEDGEMENTS_PER_HOUR in
 * the last hour is not queued: null.
 */
export async function enqueueMail(
  trx: DB,
  input: MailInput & { kind: AcknowledgementKind },
  now?: Date,
): Promise<number | null>;
export async function enqueueMail(trx: DB, input: MailInput, now?: Date): Promise<number>;
export async function enqueueMail(trx: DB, input: MailInput, now: Date = nowDate()): Promise<number | null> {
  if (
    ACKNOWLEDGEMENT_KINDS.has(input.kind) &&
    (await acknowledgementsSince(trx, input.to, new Date(now.getTime() - HOUR_MS))) >= ACKNOWLEDGEMENTS_PER_HOUR
  ) {
    logger.info(
      { event: "mail.acknowledgement_limited", kind: input.kind },
      "Acknowledgement not queued: limit for the address reached",
    );
    return null;
  }
  const at = now.toISOString();
  const row = await trx
    .insertInto("outbox")
    .values({
      kind: input.kind,
      to_address: input.to,
      subject: input.subject,
      text_body: input.text,
      html_body: input.html,
      headers: input.headers ? JSON.stringify(input.headers) : null,
      attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
      next_attempt_at: at,
      created_at: at,
      subscriber_id: input.subscriberId ?? null,
      pledge_id: input.pledgeId ?? null,
      enquiry_id: input.enquiryId ?? null,
      newsletter_id: input.newsletterId ?? null,
      volunteer_application_id: input.volunteerApplicationId ?? null,
      priority: mailLane(input),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await afterCommit(trx, mailQueued);
  return row.id;
}

/**
 * Claims up to `limit` due messages for this sender: each gets a lease (no other sender takes
 * it until the lease ends) and one more try counted. Each claim is a conditional update, so two
 * senders (or a sender and a restarted one) never both claim a message whose lease is live; a
 * sender killed mid-send leaves a lease that simply runs out, and the message is sent again.
 */
export async function claimDueMail(db: DB, now: Date, leaseMs: number, limit = 10): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    // By lane (MAIL_LANES): time-limited links first, then other one-to-one mail (a donor's bank
    // details), then a newsletter's thousands, which would otherwise hold them back behind
    // MAIL_MAX_PER_MINUTE.
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimed: number[] = [];
  for (const { id } of candidates) {
    const leased = await updatedAny(
      db
        .updateTable("outbox")
        .set((eb) => ({ lease_until: leaseUntil, tries: eb("tries", "+", 1), last_attempt_at: at }))
        .where("id", "=", id)
        .where("status", "=", "queued")
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)])),
    );
    if (leased) claimed.push(id);
  }
  if (claimed.length === 0) return [];
  // Sent in the order they were chosen: lane first.
  const rows = await db
    .selectFrom("outbox")
    .selectAll()
    .where("id", "in", claimed)
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .orderBy("id")
    .execute();
  return rows.map(toOutboxRow);
}

/** Gives back claimed messages that were not tried (a stopping sender): due again at once, elsewhere. */
export async function releaseMailLeases(db: DB, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set((eb) => ({ lease_until: null, tries: eb("tries", "-", 1) }))
    .where("id", "in", ids)
    .where("status", "=", "queued")
    .execute();
}

export async function markMailSent(db: DB, id: number, now: Date = nowDate()): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now.toISOString(), lease_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

/** A failed try: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export async function recordMailFailure(db: DB, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable("outbox")
    .set(
      retryAt
        ? { last_error: error, lease_until: null, next_attempt_at: retryAt.toISOString() }
        : { last_error: error, lease_until: null, status: "failed" },
    )
    .where("id", "=", id)
    .execute();
}

/** Staff retry of a failed message: queued now with a fresh count of tries. */
export async function requeueFailedMail(db: DB, id: number, now: Date = nowDate()): Promise<boolean> {
  const requeued = await updatedAny(
    db
      .updateTable("outbox")
      .set({ status: "queued", tries: 0, next_attempt_at: now.toISOString(), lease_until: null })
      .where("id", "=", id)
      .where("status", "=", "failed"),
  );
  if (requeued) await afterCommit(db, mailQueued);
  return requeued;
}

export async function getMail(db: DB, id: number): Promise<OutboxRow | undefined> {
  const row = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOutboxRow(row) : undefined;
}

export type MailSummary = Pick<
  OutboxRow,
  "id" | "kind" | "toAddress" | "subject" | "status" | "tries" | "nextAttemptAt" | "lastError" | "createdAt" | "sentAt"
>;

/** A page of the mail log, newest first, and how many messages there are in all. */
export async function listMail(
  db: DB,
  { page, pageSize, status }: { page: number; pageSize: number; status?: "failed" },
): Promise<{ rows: MailSummary[]; total: number }> {
  const rows = await db
    .selectFrom("outbox")
    .$if(status !== undefined, (q) => q.where("status", "=", status!))
    .select([
      "id",
      "kind",
      "to_address as toAddress",
      "subject",
      "status",
      "tries",
      "next_attempt_at as nextAttemptAt",
      "last_error as lastError",
      "created_at as createdAt",
      "sent_at as sentAt",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await db
    .selectFrom("outbox")
    .$if(status !== undefined, (q) => q.where("status", "=", status!))
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/**
 * Deletes sent and failed messages created before `before`: the mail log is an operational
 * record, and a message's address and body are personal data kept no longer than needed.
 * Queued messages are kept whatever their age: they have not been delivered yet.
 */
export async function deleteOldMail(db: DB, before: Date): Promise<number> {
  return deletedCount(
    db.deleteFrom("outbox").where("status", "in", ["sent", "failed"]).where("created_at", "<", before.toISOString()),
  );
}

/** Drops messages to a subscriber that are still waiting (they unsubscribed: never mail them again). */
export async function deleteQueuedMailForSubscriber(trx: DB, subscriberId: number): Promise<number> {
  return deletedCount(
    trx.deleteFrom("outbox").where("subscriber_id", "=", subscriberId).where("status", "=", "queued"),
  );
}

/** Messages claimed for a try at or after `since` (by any sender): what MAIL_MAX_PER_MINUTE counts. */
export async function countAttemptsSince(db: DB, since: Date): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("last_attempt_at").as("oldest")])
    .where("last_attempt_at", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

export interface NewsletterMailCounts {
  queued: number;
  sent: number;
  failed: number;
}

/** How a newsletter's messages stand (messages past the mail log's retention are gone). */
export async function countNewsletterMail(db: DB, newsletterId: number): Promise<NewsletterMailCounts> {
  const rows = await db
    .selectFrom("outbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .where("newsletter_id", "=", newsletterId)
    .groupBy("status")
    .execute();
  const counts: NewsletterMailCounts = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** How many messages wait to be sent (queued, due or retrying): the outbox_backlog /healthz reports. */
export async function countQueuedMail(db: DB): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "queued")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
