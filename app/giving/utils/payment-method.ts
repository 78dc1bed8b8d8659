import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";

/** How a payment reached the books, in words for staff (pages and exports). */
export function paymentMethodLabel(
  method: "manual" | "bank-import" | "card",
  amountPence: number,
  /** A Stripe payment of a Direct Debit gift (recorded as method "card": a Stripe payment). */
  directDebit = false,
): string {
  if (method === "card" && directDebit)
    return amountPence < 0 ? "Direct Debit refund (Stripe)" : "Direct Debit (Stripe)";
  if (method === "card") return amountPence < 0 ? "Card refund (Stripe)" : "Card (Stripe)";
  if (amountPence < 0) return method === "bank-import" ? "Refund of a bank payment" : "Refund recorded by hand";
  if (method === "bank-import") return "Bank statement";
  return "By hand";
}

/**
 * How a gift was paid, as donors and staff name it on statements, pages and exports. The one place
 * these words live: statements (PDF and pages), the donations and payments CSVs and the pledge
 * page take them from here.
 */
export const giftMethods = [
  "card",
  "direct-debit",
  "standing-order",
  "bank-transfer",
  "cheque",
  "cash",
  "other",
] as const;
export type GiftMethod = (typeof giftMethods)[number];
export const giftMethodNames: Record<GiftMethod, string> = {
  card: "Card",
  "direct-debit": "Direct Debit",
  "standing-order": "Standing order",
  "bank-transfer": "Bank transfer",
  cheque: "Cheque",
  cash: "Cash",
  other: "Other",
};

/** How staff say a payment they record by hand was paid (payments.paid_with). */
export const handPaidWith = ["bank-transfer", "cheque", "cash", "other"] as const;
export type HandPaidWith = (typeof handPaidWith)[number];

/** A pledge as far as its method goes. */
export interface MethodPledge {
  type: "one-time" | "monthly";
  payBy: "bank" | "card";
  /** A Stripe gift by Direct Debit (Bacs). */
  directDebit: boolean;
}

/** A payment as far as its method goes: how it reached the books, and what staff said of one recorded by hand. */
export interface MethodPayment {
  method: "manual" | "bank-import" | "card";
  paidWith?: HandPaidWith | null;
}

/**
 * How a pledge is paid (no payment given) or how one payment of it was paid: a Stripe payment is
 * the pledge's card or Direct Debit; one recorded by hand is what staff said (cash, cheque…), else
 * the pledge's own bank way; a bank one is a standing order for a monthly gift, else a transfer.
 */
export function giftMethodOf(pledge: MethodPledge, payment?: MethodPayment): GiftMethod {
  const bankWay: GiftMethod = pledge.type === "monthly" && pledge.payBy === "bank" ? "standing-order" : "bank-transfer";
  if (payment?.method === "manual") {
    if (payment.paidWith && payment.paidWith !== "bank-transfer") return payment.paidWith;
    // Recorded by hand before staff said how (or on a card gift without saying): not named as a bank payment.
    if (!payment.paidWith && pledge.payBy === "card") return "other";
    return bankWay;
  }
  if (payment ? payment.method === "card" : pledge.payBy === "card") {
    return pledge.directDebit ? "direct-debit" : "card";
  }
  return bankWay;
}

/** The words of giftMethodOf: "Direct Debit", "Standing order", "Cheque"… */
export function giftMethodLabel(pledge: MethodPledge, payment?: MethodPayment): string {
  return giftMethodNames[giftMethodOf(pledge, payment)];
}

/** A payment as staff pages name it: "£25.00 received 5 October 2025". */
export function paymentReceived(payment: { amountPence: number; receivedOn: string }): string {
  return `${formatPence(payment.amountPence)} received ${formatLongDate(`${payment.receivedOn}T12:00:00Z`)}`;
}
