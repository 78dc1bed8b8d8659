import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { now as clockNow } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { countEnquiriesWithStatus } from "~/supporters/index.server";
import { countNewVolunteerApplications } from "~/supporters/index.server";
import { countPledges } from "~/giving/index.server";
import { countFailedMail, countScheduledArticles } from "~/staff/models/stats.server";
import { listStripeEventsNeedingAttention, type StripeEventAttention } from "~/giving/index.server";
import { OLD_PLEDGE_DAYS } from "~/utils/attention";
import { listClaimCandidates } from "~/gift-aid/index.server";

const DAY_MS = 86_400_000;

export interface StaffOverview {
  newEnquiries: number;
  /** Volunteer applications nobody has acted on yet (status New). */
  newVolunteerApplications: number;
  pendingPledges: number;
  pendingPledgesOld: number;
  quietMonthly: number;
  /** Direct Debit gifts whose latest collection failed (the list's "Direct Debit: collection failed"). */
  failingDirectDebits: number;
  claimablePayments: number;
  claimableGiftAidPence: number;
  failedMail: number;
  scheduledArticles: number;
}

/** What needs the staff's attention, counted now (the dashboard's first page). */
export async function staffOverview(at: number = clockNow()): Promise<StaffOverview> {
  const db = getDb();
  const cutoff = (days: number) => new Date(at - days * DAY_MS);
  const { claimable } = await listClaimCandidates(db);
  const claimedPence = claimable.reduce((sum, c) => sum + c.amountPence, 0);
  return {
    newEnquiries: await countEnquiriesWithStatus(db, "new"),
    newVolunteerApplications: await countNewVolunteerApplications(db),
    // The same rule as the Donations list's status filter, so each figure is its list's length.
    pendingPledges: await countPledges(db, { status: "pending" }),
    pendingPledgesOld: await countPledges(db, {
      status: "pending",
      madeBefore: cutoff(OLD_PLEDGE_DAYS).toISOString(),
    }),
    quietMonthly: await countPledges(db, { status: "lapsed" }),
    failingDirectDebits: await countPledges(db, { method: "direct-debit-failed" }),
    claimablePayments: claimable.length,
    claimableGiftAidPence: giftAidOnPence(claimedPence),
    failedMail: await countFailedMail(db),
    scheduledArticles: await countScheduledArticles(db, new Date(at).toISOString()),
  };
}

/** Signed Stripe events that were not taken as money (odd amounts or contents), newest first: staff check them in Stripe. */
export async function stripeEventsNeedingAttention(limit = 20): Promise<StripeEventAttention[]> {
  return listStripeEventsNeedingAttention(getDb(), limit);
}
