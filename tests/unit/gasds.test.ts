import { describe, expect, it } from "vitest";
import { toLondonDay } from "~/utils/dates";
import {
  GASDS_GIFT_LIMIT_PENCE,
  GASDS_YEARLY_LIMIT_PENCE,
  gasdsClaim,
  gasdsTopUpPence,
  isEligibleSmallDonation,
  type SmallDonationFigures,
} from "~/gift-aid/utils/gasds";

const gift = (amountPence: number, collectedOn = "2025-06-01"): SmallDonationFigures => ({
  collectedOn,
  amountPence,
  kind: "gift",
});
const collection = (amountPence: number, collectedOn = "2025-06-01"): SmallDonationFigures => ({
  collectedOn,
  amountPence,
  kind: "collection",
});
/** Plenty of Gift Aid donations: the matching rule does not bind. */
const LOTS = 1_000_000;

describe("GASDS eligibility", () => {
  it("takes a single gift of exactly £30, not £30.01", () => {
    expect(GASDS_GIFT_LIMIT_PENCE).toBe(3000);
    expect(isEligibleSmallDonation(gift(3000))).toBe(true);
    expect(isEligibleSmallDonation(gift(3001))).toBe(false);
    expect(isEligibleSmallDonation(gift(1))).toBe(true);
    expect(isEligibleSmallDonation(gift(0))).toBe(false);
  });

  it("takes a collection of many small gifts whatever its total", () => {
    expect(isEligibleSmallDonation(collection(25_000))).toBe(true);
  });

  it("lists gifts over £30 apart, as not eligible", () => {
    const claim = gasdsClaim(2025, [gift(3000), gift(3001), gift(5000), collection(10_000)], LOTS);
    expect(claim).toMatchObject({
      eligiblePence: 13_000,
      eligibleCount: 2,
      notEligiblePence: 8001,
      notEligibleCount: 2,
      claimablePence: 13_000,
      limitedBy: "none",
      topUpPence: 3250,
    });
  });
});

describe("GASDS limits", () => {
  it("claims on at most £8,000 a year: exactly the cap is not cut, a penny over is", () => {
    expect(GASDS_YEARLY_LIMIT_PENCE).toBe(800_000);
    const exact = gasdsClaim(2025, [collection(800_000)], LOTS);
    expect(exact).toMatchObject({ claimablePence: 800_000, limitedBy: "none", topUpPence: 200_000 });
    const over = gasdsClaim(2025, [collection(799_999), gift(2)], LOTS);
    expect(over).toMatchObject({ eligiblePence: 800_001, claimablePence: 800_000, limitedBy: "yearly-limit" });
    expect(over.topUpPence).toBe(200_000);
  });

  it("applies the matching rule: at most 10 times the Gift Aid donations claimed in the year", () => {
    const claim = gasdsClaim(2025, [collection(50_000)], 2_000);
    expect(claim).toMatchObject({
      matchingLimitPence: 20_000,
      claimablePence: 20_000,
      limitedBy: "matching-rule",
      topUpPence: 5_000,
    });
    // Exactly 10 times: not cut.
    expect(gasdsClaim(2025, [collection(20_000)], 2_000)).toMatchObject({ claimablePence: 20_000, limitedBy: "none" });
  });

  it("claims nothing when no Gift Aid was claimed in the year", () => {
    expect(gasdsClaim(2025, [gift(1000)], 0)).toMatchObject({
      claimablePence: 0,
      topUpPence: 0,
      limitedBy: "matching-rule",
    });
  });

  it("names the lower limit when both bind", () => {
    // Matching limit £9,000 is above £8,000: the yearly limit is the one that bites.
    expect(gasdsClaim(2025, [collection(1_000_000)], 90_000).limitedBy).toBe("yearly-limit");
    // Matching limit £7,000 is below £8,000.
    expect(gasdsClaim(2025, [collection(1_000_000)], 70_000)).toMatchObject({
      claimablePence: 70_000 * 10,
      limitedBy: "matching-rule",
    });
  });

  it("tops up at 25p per £1, rounded down to the penny", () => {
    expect(gasdsTopUpPence(3000)).toBe(750);
    expect(gasdsTopUpPence(3)).toBe(0);
    expect(gasdsTopUpPence(4)).toBe(1);
    expect(gasdsTopUpPence(799_999)).toBe(199_999);
  });
});

describe("GASDS tax year edges (UK time)", () => {
  it("counts 5 April in the year before and 6 April in the new one", () => {
    const donations = [
      gift(1000, "2026-04-05"),
      gift(2000, "2026-04-06"),
      gift(400, "2025-04-06"),
      gift(800, "2025-04-05"),
    ];
    expect(gasdsClaim(2025, donations, LOTS).eligiblePence).toBe(1400);
    expect(gasdsClaim(2026, donations, LOTS).eligiblePence).toBe(2000);
    expect(gasdsClaim(2024, donations, LOTS).eligiblePence).toBe(800);
  });

  it("uses the UK day: 23:30 UTC on 5 April is already 6 April in British Summer Time", () => {
    const lateEvening = toLondonDay("2026-04-05T23:30:00.000Z");
    expect(lateEvening).toBe("2026-04-06");
    expect(gasdsClaim(2026, [gift(500, lateEvening)], LOTS).eligiblePence).toBe(500);
    const beforeMidnight = toLondonDay("2026-04-05T22:59:59.000Z");
    expect(beforeMidnight).toBe("2026-04-05");
    expect(gasdsClaim(2025, [gift(500, beforeMidnight)], LOTS).eligiblePence).toBe(500);
  });
});
