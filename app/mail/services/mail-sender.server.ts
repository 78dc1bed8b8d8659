import { backgroundWorker } from "~/infra/background-worker.server";
import { now as clockNow } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { getMailTransport, mailLeaseMs, onMailQueued, senderAddress, type MailTransport } from "~/infra/mail.server";
import { isDraining } from "~/infra/shutdown.server";
import { recordNewsletterBounce, resetNewsletterBounces } from "~/publishing/index.server";
import {
  claimDueMail,
  countAttemptsSince,
  enqueueMail,
  markMailSent,
  recordMailFailure,
  releaseMailLeases,
  requeueFailedMail,
  type MailAttachment,
  type OutboxRow,
} from "~/mail/models/outbox.server";
import { getCharitySettings } from "~/site/index.server";
import { testMail } from "./mail-templates.server";
import type { CharitySettings } from "~/utils/charity-settings";

/** Tries before a message is marked failed (about two hours of back-off in all). */
export const MAX_MAIL_TRIES = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How often a running server looks for due messages (retries, and anything a kick missed). */
export const MAIL_SENDER_INTERVAL_MS = 30_000;

/** Wait before the next try after `tries` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function mailRetryDelayMs(tries: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1), LONGEST_RETRY_MS);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Set when MAIL_MAX_PER_MINUTE stopped the run: when a try may be made again (ms since the epoch). */
  waitUntil?: number;
}

const MINUTE_MS = 60_000;

type SmtpError = { responseCode?: unknown; code?: unknown; response?: unknown } | null;

/**
 * A refusal the mail server says is permanent (SMTP 5xx): trying again cannot help. Not a
 * refused sign-in to our own mail server (EAUTH, 535): that is our configuration, and the
 * message should go once it is fixed.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as NonNullable<SmtpError>;
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

/**
 * A permanent refusal of the address itself (a bounce): refused at RCPT TO (nodemailer's
 * EENVELOPE), or an enhanced status 5.1.x / 5.2.x (bad or full mailbox). A message refused for
 * its content (spam filters) counts against no one's address.
 */
export function isAddressBounce(error: unknown): boolean {
  if (!isPermanentFailure(error)) return false;
  const { code, response } = (error ?? {}) as NonNullable<SmtpError>;
  return code === "EENVELOPE" || (typeof response === "string" && /\b5\.[12]\.\d{1,3}\b/.test(response));
}

/**
 * Claims due messages, at most as many as MAIL_MAX_PER_MINUTE leaves room for: the count of
 * tries in the last minute (by any sender on this database) and the claim are one immediate
 * transaction, so two senders cannot both take the last places.
 */
async function claimWithinRate(
  db: DB,
  at: Date,
  leaseMs: number,
  maxPerMinute: number,
): Promise<{ rows: OutboxRow[]; waitUntil?: number }> {
  return immediateTransaction(db, async (trx) => {
    const { count, oldest } = await countAttemptsSince(trx, new Date(at.getTime() - MINUTE_MS + 1));
    const room = maxPerMinute - count;
    if (room <= 0) return { rows: [], waitUntil: (oldest ? Date.parse(oldest) : at.getTime()) + MINUTE_MS };
    return { rows: await claimDueMail(trx, at, leaseMs, Math.min(10, room)) };
  });
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

/**
 * A row as the transport sends it. The sender's display name is the charity's name in Settings as
 * it is when the message goes, so a renamed charity's mail (queued before the rename too) comes
 * from its new name. Replies go to the Reply-To kept with the message (the contact e-mail when it
 * was written), or to today's contact e-mail for a message queued without one.
 */
function decode(row: OutboxRow, charity: Pick<CharitySettings, "name" | "email">) {
  const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined;
  const hasReplyTo = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "reply-to");
  return {
    fromName: charity.name,
    replyTo: hasReplyTo ? undefined : charity.email || undefined,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers,
    attachments: row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : undefined,
    // The same for every try of this row: a message re-sent after a crash between the mail
    // server's acceptance and our commit is the same message, shown once by the recipient's mail.
    messageKey: `outbox-${row.id}-${Date.parse(row.createdAt)}`,
  };
}

/**
 * Sends every due message: claims a batch (with a lease), sends each, marks it sent, or records
 * the error and schedules the next try with exponential back-off, marking it failed after
 * MAX_MAIL_TRIES, or at once when the server refuses it for good (5xx). At most
 * MAIL_MAX_PER_MINUTE tries are made in any minute (by the clock of app/infra/clock.server.ts).
 * Returns what happened. No transport: nothing is sent, everything stays queued.
 */
export async function deliverDueMail(
  options: {
    db?: DB;
    transport?: MailTransport | null;
    now?: () => Date;
    leaseMs?: number;
    maxPerMinute?: number;
  } = {},
): Promise<DeliveryReport> {
  const transport = options.transport === undefined ? getMailTransport() : options.transport;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (!transport) return report;
  const db = options.db ?? getDb();
  const now = options.now ?? (() => new Date(clockNow()));
  const leaseMs = options.leaseMs ?? mailLeaseMs();
  const maxPerMinute = options.maxPerMinute ?? getEnv().MAIL_MAX_PER_MINUTE;
  // Bounded: a steady stream of new messages cannot keep one run going for ever.
  for (let batch = 0; batch < 20; batch++) {
    const { rows, waitUntil } = await claimWithinRate(db, now(), leaseMs, maxPerMinute);
    if (waitUntil !== undefined) report.waitUntil = waitUntil;
    if (rows.length === 0) break;
    for (const [index, row] of rows.entries()) {
      // Stopping (SIGTERM): what is left of the batch goes back, for another instance to send now.
      if (isDraining()) {
        await releaseMailLeases(
          db,
          rows.slice(index).map((r) => r.id),
        );
        return report;
      }
      try {
        await transport.send(decode(row, await getCharitySettings(db)));
        await markMailSent(db, row.id, now());
        if (row.newsletterId !== null && row.subscriberId !== null) {
          await resetNewsletterBounces(db, row.subscriberId);
        }
        report.sent++;
        logger.info({ event: "mail.sent", mail_id: row.id, kind: row.kind, tries: row.tries }, "Mail sent");
      } catch (error) {
        const permanent = isPermanentFailure(error);
        const giveUp = permanent || row.tries >= MAX_MAIL_TRIES;
        const retryAt = giveUp ? null : new Date(now().getTime() + mailRetryDelayMs(row.tries));
        await recordMailFailure(db, row.id, describeError(error), retryAt);
        if (isAddressBounce(error) && row.newsletterId !== null && row.subscriberId !== null) {
          const bouncing = await recordNewsletterBounce(db, row.subscriberId, row.newsletterId, now());
          if (bouncing) {
            logger.warn(
              { event: "newsletter.bouncing", subscriber_id: row.subscriberId },
              "Newsletter address bouncing: no more newsletters until they subscribe again",
            );
          }
        }
        if (giveUp) report.failed++;
        else report.retrying++;
        logger.warn(
          { event: giveUp ? "mail.failed" : "mail.retry_scheduled", mail_id: row.id, kind: row.kind, tries: row.tries },
          giveUp ? "Mail failed for good" : "Mail delivery failed; will retry",
        );
      }
    }
  }
  return report;
}

/**
 * The sender in the background (app/infra/background-worker.server.ts): a run at once when the
 * server starts (mail a killed server left behind), one as soon as a committed transaction queues
 * mail, one when MAIL_MAX_PER_MINUTE has room again, and one every MAIL_SENDER_INTERVAL_MS
 * (retries, and mail queued by another instance). Without SMTP_URL the runs do nothing.
 */
const sender = backgroundWorker({
  failedEvent: "mail.sender_failed",
  failedMessage: "The mail sender failed",
  run: () => deliverDueMail(),
  pollMs: MAIL_SENDER_INTERVAL_MS,
  maxWaitMs: MINUTE_MS,
  slackMs: 50,
});

/** Delivers due mail in the background now; the promise (for tests and scripts) settles when it is over. */
export const kickMailSender = sender.kick;

/** Started once when the server build loads (app/entry.server.tsx). */
export function startMailSender(): void {
  onMailQueued(() => void sender.kick());
  sender.start();
}

/** The sender as messages go now: the charity's name in Settings and MAIL_FROM's address (the mail log shows it). */
export async function currentSender(db: DB = getDb()): Promise<string> {
  return `${(await getCharitySettings(db)).name} <${senderAddress(getEnv().MAIL_FROM)}>`;
}

/** The mail log's test message, queued like any other and sent at once when mail is set up. */
export async function queueTestMail(to: string): Promise<number> {
  const mail = testMail(await getCharitySettings());
  const id = await getDb()
    .transaction()
    .execute((trx) => enqueueMail(trx, { kind: "test", to, ...mail }));
  return id;
}

/** Staff retry of a failed message; false when it is not (or no longer) failed. */
export function retryFailedMail(id: number): Promise<boolean> {
  return requeueFailedMail(getDb(), id);
}
