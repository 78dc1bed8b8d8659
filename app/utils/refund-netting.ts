// The one refund netting: a gift counts for what the donor kept. A refund is a payment row with a
// negative amount whose `refundOf` names the payment it gives back (part or all of). Used by the
// supporter page's Gift Aid coverage and by the donor's Your giving.

export interface LedgerPayment {
  id: number;
  amountPence: number;
  refundOf: number | null;
}

export interface NetGift<P> {
  payment: P;
  /** What was given back of this payment, in pence (0 if nothing). */
  refundedPence: number;
  /** What the donor kept: the amount less its refunds, never below 0. */
  keptPence: number;
}

/** Each payment received (amount above 0), in the order given, with its refunds netted off. */
export function netOfRefunds<P extends LedgerPayment>(payments: readonly P[]): NetGift<P>[] {
  const refunded = new Map<number, number>();
  for (const p of payments) {
    if (p.refundOf !== null) refunded.set(p.refundOf, (refunded.get(p.refundOf) ?? 0) - p.amountPence);
  }
  return payments
    .filter((p) => p.amountPence > 0)
    .map((payment) => {
      const refundedPence = refunded.get(payment.id) ?? 0;
      return { payment, refundedPence, keptPence: Math.max(0, payment.amountPence - refundedPence) };
    });
}
