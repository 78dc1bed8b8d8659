import { getDb } from "~/infra/db.server";
import { countEnquiriesWithStatus } from "~/models/enquiry.server";
import { countNews } from "~/models/news.server";
import { countNewsletterSubscribers, countPendingPledges, sumPaymentsReceived } from "~/models/stats.server";
import { ukMonthAndYear } from "~/utils/dates";

/** The Statistics tab's figures; money received counts UK calendar months and years. */
export async function staffStatistics(at: Date = new Date()) {
  const db = getDb();
  const { month, year } = ukMonthAndYear(at);
  return {
    newsCount: await countNews(db),
    pendingPledges: await countPendingPledges(db),
    receivedThisMonthPence: await sumPaymentsReceived(db, ...month),
    receivedThisYearPence: await sumPaymentsReceived(db, ...year),
    newEnquiries: await countEnquiriesWithStatus(db, "new"),
    subscribers: await countNewsletterSubscribers(db),
  };
}
