// Long because a claim batch's whole life is here: what is claimable (net of refunds), making,
// submitting and deleting a batch, refunds of claimed gifts as the next batch's adjustment, the CSV.
import { londonToday, nowIsoString } from "~/infra/clock.server";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { toCsv } from "~/infra/csv.server";
import { writeOds, type OdsCell } from "~/infra/ods.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  deleteUnsubmittedClaim,
  getClaim,
  insertClaim,
  listClaimItems,
  listClaims,
  listRefundsOfClaimedPayments,
  listUnadjustedRefundsOf,
  listUnclaimedDeclaredPayments,
  markRefundsAdjusted,
  setClaimSubmitted,
  type ClaimedPaymentRefund,
  type Claim,
  type ClaimItem,
  type DeclaredPayment,
} from "~/gift-aid/models/gift-aid.server";
import { listSubmissionsOfClaim } from "~/gift-aid/models/hmrc-submission.server";
import { isCalendarDay, toLondonDay } from "~/utils/dates";
import {
  cellIndex,
  HMRC_SCHEDULE_TEMPLATE,
  hmrcScheduleColumns,
  schedulePartCount,
} from "~/gift-aid/utils/gift-aid-schedule";
import {
  coveringDeclaration,
  SCHEDULE_HEADER,
  scheduleCells,
  scheduleRow,
  type ScheduleRow,
} from "~/gift-aid/utils/gift-aid";
import { formatPence } from "~/utils/money";
import { coverOf, GiftAidError } from "./gift-aid-declarations.server";

// Gift Aid claims: which payments can be claimed (covered by one of their supporter's
// declarations, on any pledge: docs/gift-aid.md; not yet claimed),
// claim batches (all or nothing, a payment in one batch ever), their HMRC schedule, submission.

export interface ClaimCandidate {
  paymentId: number;
  pledgeId: number;
  pledgeReference: string;
  declarationId: number;
  donorName: string;
  receivedOn: string;
  amountPence: number;
  /** Given through a sponsored-event page: "Yes" in HMRC's Sponsored event column. */
  sponsored: boolean;
  /** The HMRC row when it would be accepted. */
  row: ScheduleRow | null;
  /** Why HMRC would reject the row, or why the payment is not claimable. */
  problems: string[];
}

export interface ClaimCandidates {
  /** Ready for a batch. */
  claimable: ClaimCandidate[];
  /** Claimable under the declaration, but HMRC would reject the row. */
  rejected: ClaimCandidate[];
  /** Not claimable under the declaration (cancelled, or received outside its cover). */
  notCovered: ClaimCandidate[];
}

export { coverOf };

function candidateOf(payment: DeclaredPayment): { candidate: ClaimCandidate; covered: boolean } {
  const cover = coveringDeclaration(payment.receivedOn, payment.declarations.map(coverOf), payment.pledgeId);
  // The covering declaration, or (not covered) the latest one, for the name shown.
  const declaration = cover.covered
    ? payment.declarations.find((d) => d.id === cover.declarationId)!
    : payment.declarations[payment.declarations.length - 1];
  const result = scheduleRow({
    title: declaration.title,
    firstName: declaration.firstName,
    lastName: declaration.lastName,
    house: declaration.house,
    postcode: declaration.postcode,
    receivedOn: payment.receivedOn,
    amountPence: payment.amountPence,
  });
  const candidate: ClaimCandidate = {
    paymentId: payment.paymentId,
    pledgeId: payment.pledgeId,
    pledgeReference: payment.pledgeReference,
    declarationId: declaration.id,
    donorName: `${declaration.firstName} ${declaration.lastName}`,
    receivedOn: payment.receivedOn,
    amountPence: payment.amountPence,
    sponsored: payment.sponsored,
    row: result.ok ? { ...result.row, sponsored: payment.sponsored } : null,
    problems: !cover.covered ? [cover.reason] : result.ok ? [] : result.problems,
  };
  return { candidate, covered: cover.covered };
}

/** Every unclaimed payment under a declaration, sorted into claimable, rejected by HMRC's rules, and not covered. */
export async function listClaimCandidates(db: DB = getDb()): Promise<ClaimCandidates> {
  const lists: ClaimCandidates = { claimable: [], rejected: [], notCovered: [] };
  for (const payment of await listUnclaimedDeclaredPayments(db)) {
    const { candidate, covered } = candidateOf(payment);
    if (!covered) lists.notCovered.push(candidate);
    else if (candidate.row) lists.claimable.push(candidate);
    else lists.rejected.push(candidate);
  }
  return lists;
}

/** Gift Aid over-claimed in submitted batches (their payments refunded since), which the next batch deducts. */
export interface ClaimAdjustment {
  /** The refunds it accounts for. */
  refundIds: number[];
  /** What was given back of claimed payments, positive pence. */
  refundedPence: number;
  /** The Gift Aid to deduct: what was claimed on those payments less what their net now allows. */
  giftAidPence: number;
}

/**
 * The adjustment the next batch must make, from the refunds of claimed payments: for each payment
 * in a submitted batch, the Gift Aid on what was claimed (less refunds already deducted) minus the
 * Gift Aid on what the donor kept. A refund made while its payment is in a batch not yet submitted
 * waits for that batch to go; one made before its payment was claimed is not an adjustment (the
 * payment was claimed net of it).
 */
export function claimAdjustmentOf(refunds: readonly ClaimedPaymentRefund[]): ClaimAdjustment {
  const byPayment = new Map<number, ClaimedPaymentRefund[]>();
  for (const refund of refunds) byPayment.set(refund.paymentId, [...(byPayment.get(refund.paymentId) ?? []), refund]);
  const adjustment: ClaimAdjustment = { refundIds: [], refundedPence: 0, giftAidPence: 0 };
  for (const list of byPayment.values()) {
    const { claimId, claimSubmitted, claimedPence } = list[0];
    if (!claimSubmitted) continue;
    const after = list.filter((refund) => refund.adjustedInClaim !== claimId);
    const deducted = after.filter((refund) => refund.adjustedInClaim !== null);
    const pending = after.filter((refund) => refund.adjustedInClaim === null);
    if (pending.length === 0) continue;
    const sum = (rows: ClaimedPaymentRefund[]) => rows.reduce((total, refund) => total + refund.refundPence, 0);
    const before = Math.max(0, claimedPence - sum(deducted));
    const kept = Math.max(0, before - sum(pending));
    adjustment.refundIds.push(...pending.map((refund) => refund.refundId));
    adjustment.refundedPence += before - kept;
    adjustment.giftAidPence += giftAidOnPence(before) - giftAidOnPence(kept);
  }
  return adjustment;
}

/** The adjustment waiting for the next batch (shown on the Gift Aid page). */
export async function pendingClaimAdjustment(db: DB = getDb()): Promise<ClaimAdjustment> {
  return claimAdjustmentOf(await listRefundsOfClaimedPayments(db));
}

/**
 * Makes a claim batch from the claimable payments (all of them, or the selected ones), all or
 * nothing. The write lock is taken before the read, so two staff making batches at once are
 * served one after the other: the second sees the first's payments as claimed, and the unique
 * payment_id is the last guard. A selection with any payment no longer claimable is refused whole.
 */
export async function createClaimBatch(
  selection: { paymentIds: readonly number[] | "all"; actor: string },
  db: DB = getDb(),
): Promise<Claim> {
  const claim = await immediateTransaction(db, async (trx) => {
    const { claimable } = await listClaimCandidates(trx);
    let chosen: ClaimCandidate[];
    if (selection.paymentIds === "all") {
      chosen = claimable;
    } else {
      const byId = new Map(claimable.map((candidate) => [candidate.paymentId, candidate]));
      const ids = [...new Set(selection.paymentIds)];
      const gone = ids.filter((id) => !byId.has(id));
      if (gone.length > 0) {
        throw new GiftAidError(
          `${gone.length === 1 ? "One selected payment is" : `${gone.length} selected payments are`} no longer claimable (already in a batch, or changed). Nothing was claimed; check the list and try again.`,
        );
      }
      chosen = ids.map((id) => byId.get(id)!);
    }
    if (chosen.length === 0) throw new GiftAidError("There are no claimable payments to put in a batch.", 400);

    const total = chosen.reduce((sum, candidate) => sum + candidate.amountPence, 0);
    const adjustment = await pendingClaimAdjustment(trx);
    const created = await insertClaim(
      trx,
      {
        createdAt: nowIsoString(),
        createdBy: selection.actor,
        totalPence: total,
        giftAidPence: giftAidOnPence(total),
        itemCount: chosen.length,
        adjustmentPence: adjustment.giftAidPence,
      },
      chosen.map((candidate) => ({
        paymentId: candidate.paymentId,
        declarationId: candidate.declarationId,
        title: candidate.row!.title,
        firstName: candidate.row!.firstName,
        lastName: candidate.row!.lastName,
        houseNameOrNumber: candidate.row!.house,
        postcode: candidate.row!.postcode,
        donationDate: candidate.row!.receivedOn,
        amountPence: candidate.row!.amountPence,
        sponsored: candidate.sponsored ? 1 : 0,
      })),
    );
    // The refunds this batch accounts for: those it deducts, and those of its own payments
    // (claimed net of them).
    const claimedNetOf = await listUnadjustedRefundsOf(
      trx,
      chosen.map((candidate) => candidate.paymentId),
    );
    await markRefundsAdjusted(trx, [...adjustment.refundIds, ...claimedNetOf], created.id);
    const deducts = adjustment.giftAidPence
      ? `; adjustment ${formatPence(adjustment.giftAidPence)} Gift Aid over-claimed before (${formatPence(adjustment.refundedPence)} refunded)`
      : "";
    await recordAudit(trx, {
      entity: "claim",
      entityId: created.id,
      action: "claim.created",
      detail: `${chosen.length} payment${chosen.length === 1 ? "" : "s"}, donations ${formatPence(total)}${deducts}`,
      actor: selection.actor,
    });
    return created;
  });
  logger.info(
    { event: "gift_aid.claim_created", claim_id: claim.id, items: claim.itemCount },
    "Gift Aid claim batch created",
  );
  return claim;
}

export interface ClaimDetail {
  claim: Claim;
  items: (ClaimItem & { cells: string[] })[];
}

export async function getClaimDetail(id: number, db: DB = getDb()): Promise<ClaimDetail | null> {
  const claim = await getClaim(db, id);
  if (!claim) return null;
  const items = await listClaimItems(db, id);
  return { claim, items: items.map((item) => ({ ...item, cells: cellsOf(item) })) };
}

export async function listClaimBatches(db: DB = getDb()): Promise<Claim[]> {
  return listClaims(db);
}

function cellsOf(item: ClaimItem): string[] {
  return scheduleCells({
    title: item.title,
    firstName: item.firstName,
    lastName: item.lastName,
    house: item.houseNameOrNumber,
    postcode: item.postcode,
    receivedOn: item.donationDate,
    amountPence: item.amountPence,
    sponsored: item.sponsored === 1,
  });
}

/** The batch's HMRC schedule as CSV text with its file name, or null when there is no such batch. */
export async function claimScheduleCsv(
  id: number,
  db: DB = getDb(),
): Promise<{ filename: string; csv: string } | null> {
  const detail = await getClaimDetail(id, db);
  if (!detail) return null;
  const csv = toCsv(
    SCHEDULE_HEADER,
    detail.items.map((item) => item.cells),
  );
  return { filename: `gift-aid-claim-${id}.csv`, csv };
}

/**
 * One schedule laid out as HMRC's template (HMRC_SCHEDULE_TEMPLATE): Box 1 the earliest donation
 * date of its rows, Box 2 the adjustment (Gift Aid over-claimed before) or blank, the donations
 * table's header, then one row per donation from the first data row, numbered from 1 in Item.
 * Aggregated donations and Sponsored event stay blank (never 0.00); the date is a date shown
 * DD/MM/YY, the amount a number with two decimals and no £.
 */
function hmrcScheduleSheet(items: readonly ClaimItem[], adjustmentPence: number): OdsCell[][] {
  const t = HMRC_SCHEDULE_TEMPLATE;
  const grid: OdsCell[][] = Array.from({ length: t.firstDataRow - 1 + items.length }, () => []);
  const put = (row: number, column: number, cell: OdsCell) => {
    const line = grid[row];
    while (line.length < column) line.push("");
    line[column] = cell;
  };
  const at = (reference: string, cell: OdsCell) => {
    const { row, column } = cellIndex(reference);
    put(row, column, cell);
  };
  at(t.earliestDateLabel.cell, t.earliestDateLabel.text);
  const earliest = items.reduce<string | null>(
    (min, item) => (min === null || item.donationDate < min ? item.donationDate : min),
    null,
  );
  if (earliest) at(t.earliestDate.cell, { day: earliest });
  at(t.adjustmentLabel.cell, t.adjustmentLabel.text);
  if (adjustmentPence > 0) at(t.adjustment.cell, { pence: adjustmentPence });
  const first = cellIndex(`${t.firstColumn}1`).column;
  hmrcScheduleColumns().forEach((name, i) => put(t.headerRow - 1, first + i, name));
  items.forEach((item, index) => {
    const row = t.firstDataRow - 1 + index;
    const cells = cellsOf(item);
    const values: OdsCell[] = [
      { number: index + 1 },
      ...cells.slice(0, 7),
      { day: item.donationDate },
      { pence: item.amountPence },
    ];
    values.forEach((cell, i) => put(row, first + i, cell));
  });
  return grid;
}

/**
 * The batch's HMRC schedule as HMRC's Gift Aid schedule spreadsheet (OpenDocument), one file per
 * 1,000 donation rows (`part` 1, 2, …): each file is one sheet named as HMRC's template names it, to
 * attach to one Charities Online claim. The adjustment is on the first file only (it is deducted
 * once). Null when there is no such batch or no such part.
 */
export async function claimScheduleOds(
  id: number,
  part = 1,
  db: DB = getDb(),
): Promise<{ filename: string; bytes: Uint8Array } | null> {
  const detail = await getClaimDetail(id, db);
  if (!detail) return null;
  const parts = schedulePartCount(detail.items.length);
  if (!Number.isInteger(part) || part < 1 || part > parts) return null;
  const size = HMRC_SCHEDULE_TEMPLATE.rowsPerSheet;
  const items = detail.items.slice((part - 1) * size, part * size);
  const rows = hmrcScheduleSheet(items, part === 1 ? detail.claim.adjustmentPence : 0);
  const filename = parts === 1 ? `gift-aid-claim-${id}.ods` : `gift-aid-claim-${id}-part-${part}-of-${parts}.ods`;
  return { filename, bytes: writeOds([{ name: HMRC_SCHEDULE_TEMPLATE.sheetName, rows }]) };
}

/** A batch being sent to HMRC (or accepted) from this site cannot be deleted or marked by hand. */
async function refuseWhileSending(db: DB, id: number): Promise<void> {
  const live = (await listSubmissionsOfClaim(db, id)).find((s) =>
    ["submitted", "polling", "accepted"].includes(s.state),
  );
  if (live) throw new GiftAidError("This batch is being sent to HMRC from this site: wait for HMRC's answer.");
}

/** Records the day a batch went to HMRC. Once submitted, a batch never changes again. */
export async function markClaimSubmitted(
  id: number,
  submittedOn: string,
  actor: string,
  db: DB = getDb(),
): Promise<void> {
  const day = submittedOn.trim();
  if (!isCalendarDay(day)) {
    throw new GiftAidError("Enter the date you submitted the claim, like 2026-04-30.", 400);
  }
  await immediateTransaction(db, async (trx) => {
    const claim = await getClaim(trx, id);
    if (!claim) throw new GiftAidError("There is no such claim batch.", 404);
    if (claim.submittedOn) throw new GiftAidError("This batch was already submitted: it cannot change.");
    await refuseWhileSending(trx, id);
    if (day > londonToday()) throw new GiftAidError("The submission date cannot be in the future.", 400);
    if (day < toLondonDay(claim.createdAt)) {
      throw new GiftAidError("The submission date cannot be before the batch was made.", 400);
    }
    if (!(await setClaimSubmitted(trx, id, { on: day, by: actor }))) {
      throw new GiftAidError("This batch was already submitted: it cannot change.");
    }
    await recordAudit(trx, { entity: "claim", entityId: id, action: "claim.submitted", detail: `on ${day}`, actor });
  });
  logger.info({ event: "gift_aid.claim_submitted", claim_id: id }, "Gift Aid claim batch marked submitted");
}

/** Deletes a batch that was not submitted, so its payments can be claimed again; a submitted batch is refused. */
export async function deleteClaimBatch(id: number, actor: string, db: DB = getDb()): Promise<void> {
  await immediateTransaction(db, async (trx) => {
    const claim = await getClaim(trx, id);
    if (!claim) throw new GiftAidError("There is no such claim batch.", 404);
    if (claim.submittedOn) throw new GiftAidError("This batch was submitted to HMRC: it cannot be deleted.");
    await refuseWhileSending(trx, id);
    if (!(await deleteUnsubmittedClaim(trx, id))) {
      throw new GiftAidError("This batch was submitted to HMRC: it cannot be deleted.");
    }
    await recordAudit(trx, {
      entity: "claim",
      entityId: id,
      action: "claim.deleted",
      detail: `${claim.itemCount} payments released`,
      actor,
    });
  });
  logger.info({ event: "gift_aid.claim_deleted", claim_id: id }, "Gift Aid claim batch deleted");
}
