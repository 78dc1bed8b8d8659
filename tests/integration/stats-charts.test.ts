// The Statistics tab's charts: money received per UK calendar month for the last 24 months
// (months with nothing are 0) and Gift Aid claimed per tax year, from the loader.
import { beforeEach, describe, expect, it } from "vitest";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { staffStatistics } from "~/staff/services/stats.server";
import * as stats from "~/routes/admin+/dashboard+/stats";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonDay } from "~/utils/dates";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { staffCookie, staffMember } from "./team-support";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

describe("Statistics charts", () => {
  it("gives the loader 24 months ending with this UK month, and the tax years of Gift Aid claimed", async () => {
    const today = toLondonDay(new Date());
    const { pledge } = await pledgeWithDeclaration({ declaredAt: "2020-01-01T12:00:00.000Z" });
    await recordPaymentForTest(pledge.id, today, 1234);
    await recordPaymentForTest(pledge.id, "2024-04-05", 1000);
    await createClaimBatch({ paymentIds: "all", actor: "admin" });

    const response = await run(stats.loader, getRequest(adminPaths.stats, { cookie }));
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.receivedByMonth).toHaveLength(24);
    expect(body.receivedByMonth.at(-1)).toMatchObject({ month: today.slice(0, 7), pence: 1234 });
    const years = body.giftAidByTaxYear.map((point: { year: number }) => point.year);
    expect(years[0]).toBe(2023); // 5 April 2024 is in 2023 to 2024
    expect(body.giftAidByTaxYear[0]).toMatchObject({ label: "2023 to 2024", donationsPence: 1000, giftAidPence: 250 });
    // Every year from the first to this one, with nothing in between as 0.
    expect(years).toEqual(Array.from({ length: years.length }, (_, i) => 2023 + i));
  });

  it("counts payments by UK month, refunds taken off, months with nothing as 0", async () => {
    const { pledge } = await pledgeWithDeclaration({ giftAid: false });
    await recordPaymentForTest(pledge.id, "2024-11-30", 999); // before the 24 months
    await recordPaymentForTest(pledge.id, "2024-12-01", 500);
    await recordPaymentForTest(pledge.id, "2025-06-10", 2000);
    await recordPaymentForTest(pledge.id, "2025-06-30", -300);
    await recordPaymentForTest(pledge.id, "2026-11-01", 100);
    const figures = await staffStatistics(new Date("2026-11-25T12:00:00.000Z"));
    const byMonth = Object.fromEntries(figures.receivedByMonth.map((point) => [point.month, point.pence]));
    expect(figures.receivedByMonth[0].month).toBe("2024-12");
    expect(byMonth["2024-12"]).toBe(500);
    expect(byMonth["2025-06"]).toBe(1700);
    expect(byMonth["2025-07"]).toBe(0);
    expect(byMonth["2026-11"]).toBe(100);
    expect(figures.receivedByMonth.reduce((sum, point) => sum + point.pence, 0)).toBe(2300);
    expect(figures.giftAidByTaxYear).toEqual([
      { year: 2026, label: "2026 to 2027", shortLabel: "2026–27", donationsPence: 0, giftAidPence: 0 },
    ]);
  });

  it("ends with the London month: 23:30 UTC on 31 May is June in British Summer Time", async () => {
    const figures = await staffStatistics(new Date("2026-05-31T23:30:00.000Z"));
    expect(figures.receivedByMonth.at(-1)!.month).toBe("2026-06");
    expect(figures.giftAidByTaxYear.at(-1)!.year).toBe(2026);
  });

  it("is open to every staff role", async () => {
    const editor = await staffCookie(await staffMember("editor"));
    const response = await run(stats.loader, getRequest(adminPaths.stats, { cookie: editor }));
    expect(response.status).toBe(200);
  });
});
