import { logger } from "~/infra/logger.server";
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { deleteOldFormPosts } from "~/site/models/form-post.server";
import { claimJobRun } from "~/site/models/job-run.server";
import { deleteUnconfirmedSubscribers } from "~/publishing/index.server";
import { deleteOldMail } from "~/mail/index.server";
import { deleteExpiredSessions } from "~/staff/index.server";
import { deleteStaleStaffTokens } from "~/staff/index.server";
import { deleteStaleDonorRows } from "~/supporters/index.server";
import { DONOR_IDLE_MS } from "~/supporters/index.server";
import { deleteOldStripeEvents } from "~/giving/index.server";
import { deleteExpiredEnquiries } from "~/supporters/index.server";
import { sendDueReminders } from "~/giving/index.server";
import { deleteExpiredVolunteerApplications } from "~/supporters/index.server";
import { releaseExpiredHolds } from "~/events/index.server";

/** How often a running server tidies up; the start-up script also runs it once. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** Sent and failed messages (address and body included) stay in the mail log this long. */
export const MAIL_LOG_RETENTION_DAYS = 30;
/** Sign-ups not confirmed within a week are deleted (the confirmation link lasts as long). */
export const UNCONFIRMED_SIGN_UP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Handled Stripe event ids are kept a week (Stripe retries for 3 days). */
export const STRIPE_EVENT_RETENTION_DAYS = 7;

export interface HousekeepingReport {
  expiredSessions: number;
  oldFormPosts: number;
  unconfirmedSubscribers: number;
  oldMail: number;
  /** Enquiries past ENQUIRY_RETENTION_DAYS (the period the privacy page states). */
  expiredEnquiries: number;
  /** Volunteer applications unchanged for VOLUNTEER_RETENTION_DAYS, unless active (the privacy page's period). */
  expiredVolunteerApplications: number;
  oldStripeEvents: number;
  /** Password-reset links used or expired. */
  staleResetLinks: number;
  /** Your giving: sign-in links expired a day ago or more, and donor sessions ended (idle or past their end). */
  staleDonorRows: number;
  /** Reminders queued for bank-transfer pledges unpaid a week after they were made (receipts.server). */
  paymentReminders: number;
  /** Ticket holds (checkouts, waiting-list offers) whose time ran out, released (ticket-holds.server). */
  releasedTicketHolds: number;
}

/**
 * Deletes what is no longer needed: expired staff sessions and API tokens, and public-form
 * post counts older than the longest throttle window, and contact enquiries older than the
 * retention period. Each task is a model call; tasks that
 * keep personal data no longer than the privacy page says belong here too. It also queues the
 * one reminder of each bank-transfer pledge still unpaid a week after it was made.
 */
export async function runHousekeeping(
  now: Date = nowDate(),
  db: DB = getDb(),
  options: { enquiryRetentionDays?: number } = {},
): Promise<HousekeepingReport> {
  return {
    expiredSessions: await deleteExpiredSessions(db, now),
    oldFormPosts: await deleteOldFormPosts(db, now),
    unconfirmedSubscribers: await deleteUnconfirmedSubscribers(
      db,
      new Date(now.getTime() - UNCONFIRMED_SIGN_UP_DAYS * DAY_MS),
      now,
    ),
    oldMail: await deleteOldMail(db, new Date(now.getTime() - MAIL_LOG_RETENTION_DAYS * DAY_MS)),
    expiredEnquiries: await deleteExpiredEnquiries(
      now,
      options.enquiryRetentionDays ?? getEnv().ENQUIRY_RETENTION_DAYS,
      db,
    ),
    expiredVolunteerApplications: await deleteExpiredVolunteerApplications(now, undefined, db),
    oldStripeEvents: await deleteOldStripeEvents(db, new Date(now.getTime() - STRIPE_EVENT_RETENTION_DAYS * DAY_MS)),
    staleResetLinks: await deleteStaleStaffTokens(db, now),
    staleDonorRows: await deleteStaleDonorRows(
      db,
      now,
      new Date(now.getTime() - DONOR_IDLE_MS),
      new Date(now.getTime() - DAY_MS),
    ),
    paymentReminders: await sendDueReminders(now, db),
    releasedTicketHolds: await releaseExpiredHolds(now, db),
  };
}

let lastRun = 0;
let running: Promise<unknown> | null = null;

/**
 * Called on requests (see app/entry.server.tsx): starts housekeeping in the background when
 * the last run is at least an hour old, so a running server tidies up at most hourly and
 * never makes a visitor wait for it. With several instances on one database, the hour is
 * claimed in the database first (job_runs), so only one of them runs it. Returns the run it
 * started, if any (for tests).
 */
export function scheduleHousekeeping(now: Date = nowDate()): Promise<unknown> | null {
  if (running || now.getTime() - lastRun < HOUSEKEEPING_INTERVAL_MS) return null;
  lastRun = now.getTime();
  running = claimJobRun(getDb(), "housekeeping", now, HOUSEKEEPING_INTERVAL_MS)
    .then((claimed) => (claimed ? runHousekeeping(now) : null))
    .catch((error: unknown) => logger.error({ event: "housekeeping.failed", err: error }, "Housekeeping failed"))
    .finally(() => {
      running = null;
    });
  return running;
}
