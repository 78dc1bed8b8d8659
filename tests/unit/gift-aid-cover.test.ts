import { describe, expect, it } from "vitest";
import {
  coveringDeclaration,
  giftAidApplies,
  UNCONFIRMED_REASON,
  type CoverDeclaration,
} from "~/gift-aid/utils/gift-aid";

// Which of a supporter's declarations covers a payment (enduring Gift Aid, docs/gift-aid.md).
const d = (id: number, declaredOn: string, extra: Partial<CoverDeclaration> = {}): CoverDeclaration => ({
  id,
  declaredOn,
  coversPastFourYears: true,
  cancelledOn: null,
  ...extra,
});

describe("coveringDeclaration", () => {
  it("says so when the supporter has no declaration", () => {
    expect(coveringDeclaration("2026-01-01", [])).toEqual({ covered: false, reason: "No Gift Aid declaration" });
  });

  it("prefers the latest declaration made on or before the day, else the earliest later one reaching back", () => {
    const all = [d(1, "2024-01-01"), d(2, "2025-01-01"), d(3, "2026-06-01")];
    expect(coveringDeclaration("2025-03-01", all)).toEqual({ covered: true, declarationId: 2 });
    expect(coveringDeclaration("2025-01-01", all)).toEqual({ covered: true, declarationId: 2 });
    expect(coveringDeclaration("2023-05-01", all)).toEqual({ covered: true, declarationId: 1 });
    expect(coveringDeclaration("2027-01-01", all)).toEqual({ covered: true, declarationId: 3 });
  });

  it("skips a cancelled declaration for money on or after its day, and one that does not reach back", () => {
    const all = [d(1, "2024-01-01", { cancelledOn: "2024-06-30" }), d(2, "2025-01-01", { coversPastFourYears: false })];
    expect(coveringDeclaration("2024-06-29", all)).toEqual({ covered: true, declarationId: 1 });
    for (const day of ["2024-06-30", "2024-07-01"]) {
      expect(coveringDeclaration(day, all)).toEqual({
        covered: false,
        reason:
          "Received on or after the day the declaration was cancelled; Received before the declaration, which does not cover past donations",
      });
    }
    expect(coveringDeclaration("2025-01-01", all)).toEqual({ covered: true, declarationId: 2 });
  });

  it("counts a declaration waiting for confirmation for its own pledge's gifts only, first", () => {
    // Bob's own declaration of 2024; a public form's declaration for his address, on pledge 9, in 2026.
    const bob = d(1, "2024-01-01");
    const stranger = d(2, "2026-06-01", { ownPledgeId: 9 });
    expect(coveringDeclaration("2024-05-01", [stranger], 3)).toEqual({ covered: false, reason: UNCONFIRMED_REASON });
    expect(coveringDeclaration("2026-06-01", [stranger], 9)).toEqual({ covered: true, declarationId: 2 });
    expect(coveringDeclaration("2026-06-01", [stranger])).toEqual({ covered: false, reason: UNCONFIRMED_REASON });
    expect(coveringDeclaration("2026-07-01", [bob, stranger], 3)).toEqual({ covered: true, declarationId: 1 });
    expect(coveringDeclaration("2026-07-01", [bob, stranger], 9)).toEqual({ covered: true, declarationId: 2 });
    // Confirmed (no ownPledgeId any more), it reaches back like any other.
    expect(coveringDeclaration("2024-05-01", [{ ...stranger, ownPledgeId: null }], 3)).toEqual({
      covered: true,
      declarationId: 2,
    });
    expect(giftAidApplies({ receivedOn: "2024-05-01", amountPence: 10000, pledgeId: 3 }, [stranger])).toBe(false);
  });

  it("reaches back exactly 4 years", () => {
    expect(coveringDeclaration("2022-03-05", [d(1, "2026-03-05")])).toEqual({ covered: true, declarationId: 1 });
    expect(coveringDeclaration("2022-03-04", [d(1, "2026-03-05")])).toEqual({
      covered: false,
      reason: "Received more than 4 years before the declaration",
    });
  });
});

describe("giftAidApplies", () => {
  const declarations = [d(1, "2025-01-01")];
  it("holds for money received on a covered day, and never for a refund or a gift given back", () => {
    expect(giftAidApplies({ receivedOn: "2025-03-01", amountPence: 2500, pledgeId: 1 }, declarations)).toBe(true);
    expect(giftAidApplies({ receivedOn: "2025-03-01", amountPence: -2500, pledgeId: 1 }, declarations)).toBe(false);
    expect(
      giftAidApplies({ receivedOn: "2025-03-01", amountPence: 2500, refunded: true, pledgeId: 1 }, declarations),
    ).toBe(false);
    expect(giftAidApplies({ receivedOn: "2025-03-01", amountPence: 2500, pledgeId: 1 }, [])).toBe(false);
  });
});
