import { describe, expect, it } from "vitest";
import { giftMethodLabel, giftMethodOf } from "~/giving/utils/payment-method";

// How a gift was paid, as statements and exports name it: the one function, across every kind of
// pledge and every way a payment reaches the books.

const oneTimeBank = { type: "one-time", payBy: "bank", directDebit: false } as const;
const monthlyBank = { type: "monthly", payBy: "bank", directDebit: false } as const;
const card = { type: "one-time", payBy: "card", directDebit: false } as const;
const monthlyCard = { type: "monthly", payBy: "card", directDebit: false } as const;
const directDebit = { type: "monthly", payBy: "card", directDebit: true } as const;

describe("giftMethodLabel", () => {
  it("names a pledge by how it is paid", () => {
    expect(giftMethodLabel(oneTimeBank)).toBe("Bank transfer");
    expect(giftMethodLabel(monthlyBank)).toBe("Standing order");
    expect(giftMethodLabel(card)).toBe("Card");
    expect(giftMethodLabel(monthlyCard)).toBe("Card");
    expect(giftMethodLabel(directDebit)).toBe("Direct Debit");
  });

  it("names a Stripe payment by its pledge: a card, or a Direct Debit collection", () => {
    expect(giftMethodLabel(card, { method: "card" })).toBe("Card");
    expect(giftMethodLabel(directDebit, { method: "card" })).toBe("Direct Debit");
  });

  it("names a bank statement payment a standing order for a monthly gift, else a transfer", () => {
    expect(giftMethodLabel(monthlyBank, { method: "bank-import" })).toBe("Standing order");
    expect(giftMethodLabel(oneTimeBank, { method: "bank-import" })).toBe("Bank transfer");
  });

  it("names a payment recorded by hand as staff said, else by its pledge's bank way", () => {
    expect(giftMethodLabel(oneTimeBank, { method: "manual", paidWith: "cheque" })).toBe("Cheque");
    expect(giftMethodLabel(oneTimeBank, { method: "manual", paidWith: "cash" })).toBe("Cash");
    expect(giftMethodLabel(monthlyBank, { method: "manual", paidWith: "other" })).toBe("Other");
    expect(giftMethodLabel(monthlyBank, { method: "manual", paidWith: "bank-transfer" })).toBe("Standing order");
    expect(giftMethodLabel(oneTimeBank, { method: "manual", paidWith: "bank-transfer" })).toBe("Bank transfer");
    // Recorded before staff said how: the pledge's own way; on a card gift, not called a bank payment.
    expect(giftMethodLabel(monthlyBank, { method: "manual", paidWith: null })).toBe("Standing order");
    expect(giftMethodOf(card, { method: "manual" })).toBe("other");
    expect(giftMethodOf(card, { method: "manual", paidWith: "bank-transfer" })).toBe("bank-transfer");
  });
});
