import { describe, expect, it } from "vitest";
import { orderTotal, orderTotalText, quantityChoices } from "~/events/utils/ticket-order";

describe("the ticket form's quantity menu", () => {
  it("offers only the places left, within the per-order and per-buyer limits", () => {
    expect(quantityChoices(2, 10, 10)).toEqual([1, 2]);
    expect(quantityChoices(120, 10, 10)).toHaveLength(10);
    expect(quantityChoices(120, 10, 4)).toEqual([1, 2, 3, 4]);
    expect(quantityChoices(0, 10)).toEqual([]);
  });
});

describe("an order's total before Stripe", () => {
  it("adds the tickets and the donation in pence", () => {
    expect(orderTotal(5000, 2)).toEqual({ ticketsPence: 10000, donationPence: 0, totalPence: 10000 });
    expect(orderTotal(5000, 2, 1050)).toEqual({ ticketsPence: 10000, donationPence: 1050, totalPence: 11050 });
  });

  it("says it in pounds", () => {
    expect(orderTotalText(5000, 2)).toBe("2 × £50 = £100");
    expect(orderTotalText(5000, 2, 1050)).toBe("2 × £50 + £10.50 donation = £110.50");
    expect(orderTotalText(0, 3)).toBe("Free");
    expect(orderTotalText(0, 1, 500)).toBe("1 × free + £5 donation = £5");
  });
});
