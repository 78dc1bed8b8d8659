import { nowDate } from "~/infra/clock.server";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { getDb } from "~/infra/db.server";
import { countEnquiriesWithStatus } from "~/supporters/index.server";
import { countNews } from "~/publishing/index.server";
import {
  claimedDonationsByDay,
  countNewsletterSubscribers,
  countPendingPledges,
  paymentTotalsByDay,
  sumPaymentsReceived,
} from "~/staff/models/stats.server";
import { firstDayOfLastMonths, monthlySeries, taxYearSeries } from "~/utils/chart-series";
import { toLondonDay, ukMonthAndYear } from "~/utils/dates";

/** The money chart covers this many UK calendar months, ending with the current one. */
export const CHART_MONTHS = 24;

/** The Statistics tab's figures; money received counts UK calendar months and years. */
export async function staffStatistics(at: Date = nowDate()) {
  const db = getDb();
  const { month, year } = ukMonthAndYear(at);
  const today = toLondonDay(at);
  return {
    newsCount: await countNews(db),
    pendingPledges: await countPendingPledges(db),
    receivedThisMonthPence: await sumPaymentsReceived(db, ...month),
    receivedThisYearPence: await sumPaymentsReceived(db, ...year),
    newEnquiries: await countEnquiriesWithStatus(db, "new"),
    subscribers: await countNewsletterSubscribers(db),
    /** Money received per month (payments' received_on, net of refunds), the last 24 months. */
    receivedByMonth: monthlySeries(
      today,
      CHART_MONTHS,
      await paymentTotalsByDay(db, firstDayOfLastMonths(today, CHART_MONTHS)),
    ),
    /** Donations in Gift Aid claim batches and their Gift Aid, per tax year of the donation. */
    giftAidByTaxYear: taxYearSeries(today, await claimedDonationsByDay(db), giftAidOnPence),
  };
}
