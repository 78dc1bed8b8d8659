import { listAudit, recordAudit, type AuditEvent } from "~/models/audit.server";
import { insertPayment, listPaymentsForPledge, type Payment, type PaymentMethod } from "~/models/payment.server";
import {
  getPledge,
  listPledges,
  markPledgeCancelled,
  refreshPledgeTotals,
  type Pledge,
  type PledgeQuery,
} from "~/models/pledge.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { PLEDGES_PER_PAGE } from "~/schemas/donations";
import { formatPence } from "~/utils/money";

// Staff use cases for pledges and payments. Every change and its audit event commit in one
// transaction; the log gets ids and amounts, never who the donor is.

export async function findPledgesPage(query: PledgeQuery, page: number) {
  const { pledges, total } = await listPledges(getDb(), query, {
    offset: (page - 1) * PLEDGES_PER_PAGE,
    limit: PLEDGES_PER_PAGE,
  });
  return { pledges, total, pageCount: Math.max(1, Math.ceil(total / PLEDGES_PER_PAGE)) };
}

export async function getPledgeRecord(
  id: number,
): Promise<{ pledge: Pledge; payments: Payment[]; history: AuditEvent[] } | undefined> {
  const db = getDb();
  const pledge = await getPledge(db, id);
  if (!pledge) return undefined;
  const [payments, history] = await Promise.all([listPaymentsForPledge(db, id), listAudit(db, "pledge", id)]);
  return { pledge, payments, history };
}

export interface NewPayment {
  pledgeId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  note?: string | null;
  bankLine?: string | null;
}

/**
 * Records a payment, updates the pledge's total and status, and audits it, inside the caller's
 * transaction. Undefined when the pledge does not exist.
 */
export async function recordPaymentIn(
  trx: DB,
  input: NewPayment,
  actor: string,
): Promise<{ payment: Payment; pledge: Pledge } | undefined> {
  const before = await getPledge(trx, input.pledgeId);
  if (!before) return undefined;
  const payment = await insertPayment(trx, { ...input, recordedBy: actor });
  const pledge = (await refreshPledgeTotals(trx, input.pledgeId))!;
  const how = input.method === "bank-import" ? "from a bank statement" : "by hand";
  const change = before.status === pledge.status ? "" : `; status ${before.status} → ${pledge.status}`;
  await recordAudit(trx, {
    entity: "pledge",
    entityId: pledge.id,
    action: "payment.recorded",
    detail: `${formatPence(payment.amountPence)} received ${payment.receivedOn}, ${how}${change}`,
    actor,
  });
  return { payment, pledge };
}

export async function recordManualPayment(
  input: Omit<NewPayment, "method" | "bankLine">,
  actor: string,
): Promise<{ payment: Payment; pledge: Pledge } | undefined> {
  const result = await immediateTransaction(getDb(), (trx) =>
    recordPaymentIn(trx, { ...input, method: "manual" }, actor),
  );
  if (result) {
    logger.info(
      {
        event: "payment.recorded",
        pledge_id: result.pledge.id,
        payment_id: result.payment.id,
        amount_pence: result.payment.amountPence,
        method: "manual",
      },
      "Payment recorded",
    );
  }
  return result;
}

export type CancelResult = { ok: true; pledge: Pledge } | { ok: false; reason: "not-found" | "already-cancelled" };

export async function cancelPledge(id: number, reason: string, actor: string): Promise<CancelResult> {
  const result = await immediateTransaction(getDb(), async (trx): Promise<CancelResult> => {
    const existing = await getPledge(trx, id);
    if (!existing) return { ok: false, reason: "not-found" };
    const pledge = await markPledgeCancelled(trx, id, reason);
    if (!pledge) return { ok: false, reason: "already-cancelled" };
    // The reason stays on the pledge (erased with it); the trail says only that it happened.
    await recordAudit(trx, {
      entity: "pledge",
      entityId: id,
      action: "pledge.cancelled",
      detail: `status ${existing.status} → cancelled`,
      actor,
    });
    return { ok: true, pledge };
  });
  if (result.ok) logger.info({ event: "pledge.cancelled", pledge_id: id }, "Pledge cancelled");
  return result;
}
