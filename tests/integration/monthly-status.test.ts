// Monthly gifts tell the truth: awaiting the first payment, then active, lapsed after
// QUIET_MONTHLY_DAYS without a payment, counted against the UK calendar day of the app's clock.
// One rule (pledgeStatusOn) and its SQL twin (the list's filter, the overview, the export) agree.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { countPledges, getPledge, listPledges } from "~/giving/models/pledge.server";
import { pledgeStatuses, type PledgeStatusValue } from "~/giving/schemas/donations";
import { cancelPledge, findPledgesPage, removePayment } from "~/giving/services/donations.server";
import { pledgeExportRows, PLEDGE_EXPORT_HEADER } from "~/giving/services/donation-exports.server";
import { staffOverview } from "~/staff/services/overview.server";
import { loader as exportLoader } from "~/routes/admin+/dashboard+/donations.export[.]csv";
import { adminCookie, getRequest, run } from "./admin-support";
import { makePledge } from "./donations-support";
import { recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

// Noon on 24 November 2026 (GMT): 45 days before is 10 October 2026, still British Summer Time.
const NOW = Date.parse("2026-11-24T12:00:00Z");

beforeEach(async () => {
  await resetDatabase();
  setClock(() => NOW);
});
afterEach(() => setClock(null));

async function statusOf(id: number): Promise<PledgeStatusValue> {
  return (await getPledge(getDb(), id))!.status;
}

describe("a monthly gift's status", () => {
  it("awaits its first payment, is active once paid, and lapses after 45 days without one", async () => {
    const fresh = await makePledge({ type: "monthly", createdAt: "2026-11-20T10:00:00Z" });
    expect(await statusOf(fresh.id)).toBe("pending");

    await recordPaymentForTest(fresh.id, "2026-11-21", 1000);
    expect(await statusOf(fresh.id)).toBe("active");
    expect((await getPledge(getDb(), fresh.id))!.lastPaidOn).toBe("2026-11-21");

    // 45 days later it is still active; the day after, it has lapsed.
    setClock(() => Date.parse("2027-01-05T12:00:00Z"));
    expect(await statusOf(fresh.id)).toBe("active");
    setClock(() => Date.parse("2027-01-06T12:00:00Z"));
    expect(await statusOf(fresh.id)).toBe("lapsed");

    // A payment arriving brings it back.
    await recordPaymentForTest(fresh.id, "2027-01-06", 1000);
    expect(await statusOf(fresh.id)).toBe("active");
  });

  it("counts days on the UK calendar: a pledge made at 23:30 UTC on 9 October was made on 10 October in London", async () => {
    const madeOnTenth = await makePledge({ type: "monthly", createdAt: "2026-10-09T23:30:00Z" });
    const madeOnNinth = await makePledge({ type: "monthly", createdAt: "2026-10-09T22:59:00Z" });
    expect(await statusOf(madeOnTenth.id)).toBe("pending");
    expect(await statusOf(madeOnNinth.id)).toBe("lapsed");
  });

  it("goes back to awaiting its first payment when its only payment is removed", async () => {
    const { user } = await adminCookie();
    const pledge = await makePledge({ type: "monthly", createdAt: "2026-11-20T10:00:00Z" });
    const paymentId = await recordPaymentForTest(pledge.id, "2026-11-21", 1000);
    expect(await statusOf(pledge.id)).toBe("active");
    await removePayment({ pledgeId: pledge.id, paymentId, reason: "Wrong pledge" }, user.username);
    expect(await statusOf(pledge.id)).toBe("pending");
  });

  it("filters, the overview and the export follow the same rule", async () => {
    const { user } = await adminCookie();
    const expected: Record<PledgeStatusValue, number[]> = {
      pending: [],
      paid: [],
      active: [],
      lapsed: [],
      cancelled: [],
    };
    const add = (status: PledgeStatusValue, id: number) => expected[status].push(id);

    add("pending", (await makePledge({ type: "monthly", createdAt: "2026-11-24T09:00:00Z" })).id);
    add("pending", (await makePledge({ type: "monthly", createdAt: "2026-10-10T00:00:00Z" })).id);
    add("lapsed", (await makePledge({ type: "monthly", createdAt: "2026-10-08T12:00:00Z" })).id);
    const recent = await makePledge({ type: "monthly", createdAt: "2026-01-01T12:00:00Z" });
    await recordPaymentForTest(recent.id, "2026-10-10", 1000); // exactly 45 days ago
    add("active", recent.id);
    const stopped = await makePledge({ type: "monthly", createdAt: "2026-01-01T12:00:00Z" });
    await recordPaymentForTest(stopped.id, "2026-09-01", 1000);
    await recordPaymentForTest(stopped.id, "2026-10-09", 1000); // 46 days ago
    add("lapsed", stopped.id);
    const cancelled = await makePledge({ type: "monthly", createdAt: "2026-01-01T12:00:00Z" });
    await cancelPledge(cancelled.id, "Donor stopped it", user.username);
    add("cancelled", cancelled.id);
    add("pending", (await makePledge({ type: "one-time", createdAt: "2026-08-01T12:00:00Z" })).id);
    const paid = await makePledge({ type: "one-time", amountPence: 2500 });
    await recordPaymentForTest(paid.id, "2026-11-23", 2500);
    add("paid", paid.id);

    for (const status of pledgeStatuses) {
      const page = await findPledgesPage({ status }, 1);
      expect(page.pledges.map((p) => p.id).sort(), status).toEqual([...expected[status]].sort());
      expect(
        page.pledges.every((p) => p.status === status),
        status,
      ).toBe(true);
      expect(await countPledges(getDb(), { status }), status).toBe(expected[status].length);
    }

    const overview = await staffOverview();
    expect(overview.quietMonthly).toBe(2);
    expect(overview.pendingPledges).toBe(3);
    expect(overview.pendingPledgesOld).toBe(2); // the one-time pledge from August, the monthly from 10 October

    const rows = await pledgeExportRows({ status: "pending", type: "monthly" });
    const statusColumn = PLEDGE_EXPORT_HEADER.indexOf("Status");
    expect(rows.map((row) => row[statusColumn])).toEqual(["Awaiting first payment", "Awaiting first payment"]);
  });

  it("exports with UK dates and times in their own columns, stated in the header", async () => {
    const { cookie } = await adminCookie();
    const pledge = await makePledge({ type: "monthly", createdAt: "2026-07-01T13:05:00Z" });
    await recordPaymentForTest(pledge.id, "2026-08-03", 1000);
    const response = await run(
      exportLoader,
      getRequest("/admin/dashboard/donations/export.csv?status=lapsed", { cookie }),
    );
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("Pledged on UK date (YYYY-MM-DD),Pledged at UK time (HH:MM)");
    expect(header).toContain("Last payment UK date (YYYY-MM-DD)");
    // 13:05 UTC on 1 July is 14:05 British Summer Time.
    expect(row).toContain(
      `${pledge.reference},2026-07-01,14:05,Monthly,25.00,10.00,0.00,2026-08-03,Lapsed (no payment for 45 days)`,
    );
  });

  it("pages a status with two causes newest first across both, with the total of both", async () => {
    // Awaiting: one-time pledges not yet paid and standing orders not yet started, interleaved.
    const awaiting: number[] = [];
    const lapsed: number[] = [];
    for (let day = 1; day <= 9; day++) {
      const type = day % 2 ? "one-time" : "monthly";
      awaiting.push(
        (await makePledge({ type, createdAt: `2026-11-${String(10 + day).padStart(2, "0")}T10:00:00Z` })).id,
      );
      // Lapsed: never paid and made long ago, or paid too long ago; interleaved by date.
      const old = await makePledge({ type: "monthly", createdAt: `2026-0${day}-15T10:00:00Z` });
      if (day % 2) await recordPaymentForTest(old.id, `2026-0${day}-20`, 1000);
      lapsed.push(old.id);
    }
    for (const [status, ids] of [
      ["pending", awaiting],
      ["lapsed", lapsed],
    ] as const) {
      const newestFirst = [...ids].reverse();
      const pages = [];
      for (let offset = 0; offset < ids.length; offset += 4) {
        const page = await listPledges(getDb(), { status }, { offset, limit: 4 });
        expect(page.total, status).toBe(ids.length);
        pages.push(...page.pledges.map((p) => p.id));
      }
      expect(pages, status).toEqual(newestFirst);
      expect(await countPledges(getDb(), { status }), status).toBe(ids.length);
      // Further filters hold on both causes.
      const monthlyOnly = await listPledges(getDb(), { status, type: "monthly" }, { offset: 0, limit: 20 });
      expect(monthlyOnly.pledges.every((p) => p.type === "monthly")).toBe(true);
    }
  });
});
