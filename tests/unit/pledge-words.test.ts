import { describe, expect, it } from "vitest";
import { isPaidInFull, payingByLabel, pledgeStatusLabel, pledgeStatusLabels } from "~/giving/schemas/donations";

// How staff pages name a pledge's status and how it is paid: "standing order" is a bank's only.
describe("pledge words", () => {
  it("calls an active monthly card gift that, and keeps 'standing order' for the bank's", () => {
    expect(pledgeStatusLabel("active", "monthly", "card")).toBe("Active monthly card gift");
    expect(pledgeStatusLabel("active", "monthly", "bank")).toBe("Active standing order");
    expect(pledgeStatusLabels.active).not.toContain("standing order");
    expect(pledgeStatusLabel("pending", "monthly", "card")).toBe("Awaiting first payment");
  });

  it("says how a pledge is paid, a switch from card included", () => {
    const pledge = { type: "one-time" as const, payBy: "bank" as const, switchedFromCardAt: null };
    expect(payingByLabel(pledge)).toBe("Bank transfer");
    expect(payingByLabel({ ...pledge, switchedFromCardAt: "2026-06-01T10:00:00Z" })).toBe(
      "Bank transfer (switched from card)",
    );
    expect(payingByLabel({ ...pledge, type: "monthly" })).toBe("Bank transfer (standing order)");
    expect(payingByLabel({ ...pledge, payBy: "card" })).toBe("Card, through Stripe Checkout");
    expect(payingByLabel({ ...pledge, payBy: "card", type: "monthly" })).not.toContain("standing order");
  });

  it("a one-time pledge paid in full offers nothing more; a monthly gift always can take a payment", () => {
    expect(isPaidInFull({ type: "one-time", status: "paid" })).toBe(true);
    expect(isPaidInFull({ type: "one-time", status: "pending" })).toBe(false);
    expect(isPaidInFull({ type: "monthly", status: "active" })).toBe(false);
  });
});
