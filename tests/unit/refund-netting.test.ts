import { describe, expect, it } from "vitest";
import { netOfRefunds } from "~/utils/refund-netting";

describe("netOfRefunds", () => {
  it("nets part and full refunds off the gifts they give back, in order, and leaves refunds out", () => {
    const rows = [
      { id: 1, amountPence: 5000, refundOf: null },
      { id: 2, amountPence: 2000, refundOf: null },
      { id: 3, amountPence: -1500, refundOf: 1 },
      { id: 4, amountPence: -2000, refundOf: 2 },
      { id: 5, amountPence: -500, refundOf: 1 },
      { id: 6, amountPence: 700, refundOf: null },
    ];
    expect(netOfRefunds(rows).map((g) => [g.payment.id, g.refundedPence, g.keptPence])).toEqual([
      [1, 2000, 3000],
      [2, 2000, 0],
      [6, 0, 700],
    ]);
  });

  it("never keeps less than nothing", () => {
    const rows = [
      { id: 1, amountPence: 1000, refundOf: null },
      { id: 2, amountPence: -1200, refundOf: 1 },
    ];
    expect(netOfRefunds(rows)[0]).toMatchObject({ refundedPence: 1200, keptPence: 0 });
  });
});
