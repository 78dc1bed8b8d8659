import { giftAidOnPence } from "~/content/gift-aid";
import { now as clockNow } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { countEnquiriesWithStatus } from "~/models/enquiry.server";
import {
  countFailedMail,
  countPendingPledges,
  countQuietMonthlyPledges,
  countScheduledArticles,
} from "~/models/stats.server";
import { OLD_PLEDGE_DAYS, QUIET_MONTHLY_DAYS } from "~/utils/attention";
import { toLondonDay } from "~/utils/dates";
import { listClaimCandidates } from "./gift-aid-claims.server";

const DAY_MS = 86_400_000;

export interface StaffOverview {
  newEnquiries: number;
  pendingPledges: number;
  pendingPledgesOld: number;
  quietMonthly: number;
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
    pendingPledges: await countPendingPledges(db),
    pendingPledgesOld: await countPendingPledges(db, { madeBefore: cutoff(OLD_PLEDGE_DAYS).toISOString() }),
    quietMonthly: await countQuietMonthlyPledges(db, {
      lastPaymentBefore: toLondonDay(cutoff(QUIET_MONTHLY_DAYS)),
      madeBefore: cutoff(QUIET_MONTHLY_DAYS).toISOString(),
    }),
    claimablePayments: claimable.length,
    claimableGiftAidPence: giftAidOnPence(claimedPence),
    failedMail: await countFailedMail(db),
    scheduledArticles: await countScheduledArticles(db, new Date(at).toISOString()),
  };
}
