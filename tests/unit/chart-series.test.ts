import { describe, expect, it } from "vitest";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { firstDayOfLastMonths, lastMonths, monthlySeries, taxYearSeries } from "~/utils/chart-series";

describe("monthly series", () => {
  it("names the 24 calendar months ending with this one, across year ends", () => {
    const months = lastMonths("2026-11-25", 24);
    expect(months).toHaveLength(24);
    expect(months[0]).toBe("2024-12");
    expect(months.at(-1)).toBe("2026-11");
    expect(lastMonths("2026-01-31", 3)).toEqual(["2025-11", "2025-12", "2026-01"]);
    expect(firstDayOfLastMonths("2026-11-25", 24)).toBe("2024-12-01");
  });

  it("adds up the days of each month and shows months with nothing as 0", () => {
    const series = monthlySeries("2026-03-10", 4, [
      { day: "2025-12-01", pence: 100 },
      { day: "2025-12-31", pence: 250 },
      { day: "2026-02-28", pence: 999 },
      { day: "2026-03-10", pence: -50 }, // a refund
      { day: "2026-03-01", pence: 70 },
    ]);
    expect(series.map((point) => [point.month, point.pence])).toEqual([
      ["2025-12", 350],
      ["2026-01", 0],
      ["2026-02", 999],
      ["2026-03", 20],
    ]);
    expect(series[0]).toMatchObject({ label: "December 2025", shortLabel: "Dec 25" });
  });

  it("leaves out days before the first month", () => {
    const series = monthlySeries("2026-03-10", 2, [{ day: "2026-01-31", pence: 100 }]);
    expect(series.map((point) => point.pence)).toEqual([0, 0]);
  });
});

describe("tax-year series", () => {
  it("buckets by the UK tax year: 5 April in the year before, 6 April in the new one", () => {
    const series = taxYearSeries(
      "2026-11-25",
      [
        { day: "2024-04-05", pence: 1000 }, // 2023 to 2024
        { day: "2024-04-06", pence: 2000 }, // 2024 to 2025
        { day: "2025-04-05", pence: 3 }, // 2024 to 2025
        { day: "2026-04-06", pence: 400 }, // 2026 to 2027
      ],
      giftAidOnPence,
    );
    expect(series.map((p) => [p.label, p.donationsPence, p.giftAidPence])).toEqual([
      ["2023 to 2024", 1000, 250],
      ["2024 to 2025", 2003, 500],
      ["2025 to 2026", 0, 0], // a year with nothing
      ["2026 to 2027", 400, 100],
    ]);
    expect(series[0].shortLabel).toBe("2023–24");
  });

  it("shows the current tax year alone when nothing was ever claimed", () => {
    expect(taxYearSeries("2026-04-05", [], giftAidOnPence)).toEqual([
      { year: 2025, label: "2025 to 2026", shortLabel: "2025–26", donationsPence: 0, giftAidPence: 0 },
    ]);
  });
});
