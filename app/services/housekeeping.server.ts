import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { deleteOldFormPosts } from "~/models/form-post.server";
import { deleteExpiredSessions } from "~/models/session.server";
import { deleteExpiredEnquiries } from "./enquiries.server";

/** How often a running server tidies up; the start-up script also runs it once. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export interface HousekeepingReport {
  expiredSessions: number;
  oldFormPosts: number;
  /** Enquiries past ENQUIRY_RETENTION_DAYS (the period the privacy page states). */
  expiredEnquiries: number;
}

/**
 * Deletes what is no longer needed: expired staff sessions and API tokens, and public-form
 * post counts older than the longest throttle window, and contact enquiries older than the
 * retention period. Each task is a model call; tasks that
 * keep personal data no longer than the privacy page says belong here too.
 */
export async function runHousekeeping(
  now: Date = new Date(),
  db: DB = getDb(),
  options: { enquiryRetentionDays?: number } = {},
): Promise<HousekeepingReport> {
  return {
    expiredSessions: await deleteExpiredSessions(db, now),
    oldFormPosts: await deleteOldFormPosts(db, now),
    expiredEnquiries: await deleteExpiredEnquiries(
      now,
      options.enquiryRetentionDays ?? getEnv().ENQUIRY_RETENTION_DAYS,
      db,
    ),
  };
}

let lastRun = 0;
let running: Promise<unknown> | null = null;

/**
 * Called on requests (see app/entry.server.tsx): starts housekeeping in the background when
 * the last run is at least an hour old, so a running server tidies up at most hourly and
 * never makes a visitor wait for it. Returns the run it started, if any (for tests).
 */
export function scheduleHousekeeping(now: Date = new Date()): Promise<unknown> | null {
  if (running || now.getTime() - lastRun < HOUSEKEEPING_INTERVAL_MS) return null;
  lastRun = now.getTime();
  running = runHousekeeping(now)
    .catch((error: unknown) => console.error("Housekeeping failed:", error))
    .finally(() => {
      running = null;
    });
  return running;
}
