// The Statistics tab's live figures: pending pledges, money received this UK month and year,
// new enquiries and subscribers.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { createEnquiry } from "~/supporters/models/enquiry.server";
import { createPledge, markPledgeCancelled, refreshPledgeTotals } from "~/giving/models/pledge.server";
import { countPendingPledges, sumPaymentsReceived } from "~/staff/models/stats.server";
import * as stats from "~/routes/admin+/dashboard+/stats";
import { ukMonthAndYear } from "~/utils/dates";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { resetDatabase, confirmedSubscriber } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const base = { firstName: "A", lastName: "B", email: "a@example.org", inHonour: false };

async function pay(pledgeId: number, pence: number, on: string) {
  await getDb()
    .insertInto("payments")
    .values({
      pledge_id: pledgeId,
      received_on: on,
      amount_pence: pence,
      method: "manual",
      recorded_by: "admin",
      created_at: new Date().toISOString(),
    })
    .execute();
  await refreshPledgeTotals(getDb(), pledgeId); // as recording one through the service does
}

describe("live statistics", () => {
  it("counts pending pledges: unpaid or part-paid one-time gifts, monthly ones with no payment, not cancelled", async () => {
    const db = getDb();
    await createPledge(db, { ...base, type: "one-time", amountPence: 1000 }); // pending
    const part = await createPledge(db, { ...base, type: "one-time", amountPence: 1000 });
    await pay(part.id, 400, "2030-01-02"); // still pending
    const full = await createPledge(db, { ...base, type: "one-time", amountPence: 1000 });
    await pay(full.id, 600, "2030-01-02");
    await pay(full.id, 400, "2030-01-03"); // paid
    await createPledge(db, { ...base, type: "monthly", amountPence: 500 }); // awaiting its first payment
    const monthly = await createPledge(db, { ...base, type: "monthly", amountPence: 500 });
    await pay(monthly.id, 500, "2030-01-04"); // running
    const cancelled = await createPledge(db, { ...base, type: "one-time", amountPence: 1000 });
    await markPledgeCancelled(db, cancelled.id, "Donor asked");
    expect(await countPendingPledges(db)).toBe(3);
  });

  it("sums payments by the day received, within the range", async () => {
    const p = await createPledge(getDb(), { ...base, type: "monthly", amountPence: 500 });
    await pay(p.id, 100, "2030-05-31");
    await pay(p.id, 250, "2030-06-01");
    await pay(p.id, 250, "2030-06-30");
    await pay(p.id, 999, "2030-07-01");
    expect(await sumPaymentsReceived(getDb(), "2030-06-01", "2030-07-01")).toBe(500);
    expect(await sumPaymentsReceived(getDb(), "2031-01-01", "2032-01-01")).toBe(0);
  });

  it("shows every figure on the tab, this month and year in the UK calendar", async () => {
    const db = getDb();
    const { month, year } = ukMonthAndYear(new Date());
    const p = await createPledge(db, { ...base, type: "monthly", amountPence: 500 });
    await pay(p.id, 1250, month[0]);
    // Earlier in the year but not this month (unless it is January, when it is last year).
    await pay(p.id, 700, month[0] === year[0] ? "2000-01-01" : year[0]);
    await createEnquiry(db, { name: "N", email: "n@example.org", subject: "general", message: "m", channel: "email" });
    const handled = await createEnquiry(db, {
      name: "H",
      email: "h@example.org",
      subject: "general",
      message: "m",
      channel: "email",
    });
    await db.updateTable("contact_enquiries").set({ status: "handled" }).where("id", "=", handled.id).execute();
    await confirmedSubscriber(db, "s1@example.org");
    await confirmedSubscriber(db, "s2@example.org");
    const body = await bodyOf(await run(stats.loader, getRequest("/admin/dashboard/stats", { cookie })));
    expect(body).toMatchObject({
      pendingPledges: 0,
      receivedThisMonthPence: 1250,
      receivedThisYearPence: month[0] === year[0] ? 1250 : 1950,
      newEnquiries: 1,
      subscribers: 2,
    });
  });
});
