import { getDb } from "~/infra/db.server";
import {
  listClaimsOfPayments,
  listPaymentsInRange,
  sumPaymentsByDayAndMethod,
  type DayMethodTotal,
  type PaymentClaim,
  type PaymentListRow,
} from "~/giving/models/payment.server";
import { paymentMethods, type PaymentMethodValue, type PaymentsRange } from "~/giving/schemas/donations";

// The Payments list (/admin/dashboard/payments): the money received by UK day and method, to
// reconcile a day against the bank. `received_on` is already the UK day the bank gives; a refund
// counts on the day it was given back, so each day's net is what the account moved that day.

export const PAYMENTS_PER_PAGE = 50;

export interface MethodTotal {
  method: PaymentMethodValue;
  netPence: number;
  inPence: number;
  refundedPence: number;
  payments: number;
  refunds: number;
}

export interface PaymentsDay {
  /** YYYY-MM-DD, the UK day received. */
  day: string;
  /** The whole day's net (every payment of the day within the filters, on any page). */
  netPence: number;
  methods: MethodTotal[];
  /** This page's payments and refunds of the day. */
  payments: (PaymentListRow & { claim: PaymentClaim | null })[];
}

export interface PaymentsPage {
  days: PaymentsDay[];
  /** The whole range's totals, by method and in all. */
  totals: { netPence: number; methods: MethodTotal[] };
  total: number;
  pageCount: number;
}

const add = (into: MethodTotal, row: Omit<MethodTotal, "method">) => {
  into.netPence += row.netPence;
  into.inPence += row.inPence;
  into.refundedPence += row.refundedPence;
  into.payments += row.payments;
  into.refunds += row.refunds;
};

/** The totals of these rows by method, in the methods' order, methods with nothing left out. */
function byMethod(rows: readonly DayMethodTotal[]): MethodTotal[] {
  const totals = new Map<PaymentMethodValue, MethodTotal>();
  for (const row of rows) {
    const into = totals.get(row.method) ?? {
      method: row.method,
      netPence: 0,
      inPence: 0,
      refundedPence: 0,
      payments: 0,
      refunds: 0,
    };
    add(into, row);
    totals.set(row.method, into);
  }
  return paymentMethods.flatMap((method) => totals.get(method) ?? []);
}

const net = (methods: readonly MethodTotal[]) => methods.reduce((sum, m) => sum + m.netPence, 0);

/** One page of payments grouped by day, each day with its totals (the whole day's, not only this page's). */
export async function paymentsPage(range: PaymentsRange, page: number): Promise<PaymentsPage> {
  const db = getDb();
  const { rows, total } = await listPaymentsInRange(db, range, {
    offset: (page - 1) * PAYMENTS_PER_PAGE,
    limit: PAYMENTS_PER_PAGE,
  });
  const days = [...new Set(rows.map((row) => row.receivedOn))];
  const [dayTotals, rangeTotals, claims] = await Promise.all([
    sumPaymentsByDayAndMethod(db, range, days),
    sumPaymentsByDayAndMethod(db, range),
    listClaimsOfPayments(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const methods = byMethod(rangeTotals);
  return {
    days: days.map((day) => {
      const dayMethods = byMethod(dayTotals.filter((row) => row.receivedOn === day));
      return {
        day,
        netPence: net(dayMethods),
        methods: dayMethods,
        payments: rows
          .filter((row) => row.receivedOn === day)
          .map((row) => ({ ...row, claim: claims.get(row.id) ?? null })),
      };
    }),
    totals: { netPence: net(methods), methods },
    total,
    pageCount: Math.max(1, Math.ceil(total / PAYMENTS_PER_PAGE)),
  };
}
