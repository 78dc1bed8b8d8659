/** How a payment reached the books, in words for staff (pages and exports). */
export function paymentMethodLabel(method: "manual" | "bank-import" | "card", amountPence: number): string {
  if (method === "bank-import") return "Bank statement";
  if (method === "card") return amountPence < 0 ? "Card refund (Stripe)" : "Card (Stripe)";
  return "By hand";
}
