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

/** A payment as staff pages name it: "£25.00 received 5 October 2025". */
export function paymentReceived(payment: { amountPence: number; receivedOn: string }): string {
  return `${formatPence(payment.amountPence)} received ${formatLongDate(`${payment.receivedOn}T12:00:00Z`)}`;
}
