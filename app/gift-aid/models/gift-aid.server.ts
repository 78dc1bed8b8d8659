// Long because Gift Aid has three tables read together: declarations, claim batches and their
// items, with the query of payments a declaration covers. Only SQL and row mapping live here.
import type { Selectable } from "kysely";
import type { GiftAidClaimItemsTable, GiftAidClaimsTable, GiftAidDeclarationsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { netPenceOf } from "~/giving/index.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// Gift Aid declarations, claim batches and their frozen rows. Rules (what is claimable, what
// HMRC accepts, what a submitted batch allows) live in app/gift-aid/utils/gift-aid.ts and the service.

export interface Declaration {
  id: number;
  /** The pledge whose form carried it; null for one the donor made at Your giving. */
  pledgeId: number | null;
  title: string | null;
  firstName: string;
  lastName: string;
  house: string;
  street: string;
  town: string;
  postcode: string;
  email: string;
  version: string;
  text: string;
  declaredAt: string;
  coversPastFourYears: boolean;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Who cancelled it (null: staff, before 0024 recorded it). */
  cancelledBy: "staff" | "donor" | null;
  /** The supporter it belongs to (its pledge's), whose every gift in its window it covers. */
  supporterId: number | null;
  /**
   * Made on a public form for an address whose supporter already had a gift (0038): until
   * confirmed it covers only its own pledge's gifts.
   */
  ownGiftOnly: boolean;
  /** When the address's owner (Your giving) or staff confirmed it for all the supporter's gifts. */
  confirmedAt: string | null;
  /** "donor", or the staff username. */
  confirmedBy: string | null;
}

/**
 * What a new declaration records; id, the four-year flag and any cancellation come later. Made
 * with a pledge it belongs to the pledge's supporter; made without one, to `supporterId`.
 */
export type DeclarationInput = Omit<
  Declaration,
  | "id"
  | "coversPastFourYears"
  | "cancelledAt"
  | "cancelReason"
  | "cancelledBy"
  | "supporterId"
  | "pledgeId"
  | "ownGiftOnly"
  | "confirmedAt"
  | "confirmedBy"
> & { ownGiftOnly?: boolean } & ({ pledgeId: number; supporterId?: never } | { pledgeId: null; supporterId: number });

function toDeclaration(row: Selectable<GiftAidDeclarationsTable>): Declaration {
  return {
    id: row.id,
    pledgeId: row.pledge_id,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    house: row.house_name_or_number,
    street: row.address_line,
    town: row.town,
    postcode: row.postcode,
    email: row.email,
    version: row.declaration_version,
    text: row.declaration_text,
    declaredAt: row.declared_at,
    coversPastFourYears: row.covers_past_four_years === 1,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    cancelledBy: row.cancelled_by,
    supporterId: row.supporter_id,
    ownGiftOnly: row.own_gift_only === 1,
    confirmedAt: row.confirmed_at,
    confirmedBy: row.confirmed_by,
  };
}

export async function insertDeclaration(db: DB, input: DeclarationInput): Promise<Declaration> {
  const row = await db
    .insertInto("gift_aid_declarations")
    .values({
      pledge_id: input.pledgeId,
      title: input.title,
      first_name: input.firstName,
      last_name: input.lastName,
      house_name_or_number: input.house,
      address_line: input.street,
      town: input.town,
      postcode: input.postcode,
      email: input.email,
      declaration_version: input.version,
      declaration_text: input.text,
      declared_at: input.declaredAt,
      covers_past_four_years: 1,
      own_gift_only: input.ownGiftOnly ? 1 : 0,
      // The pledge's supporter: the declaration is theirs, for all their gifts.
      supporter_id:
        input.pledgeId === null
          ? input.supporterId
          : (eb) => eb.selectFrom("pledges").select("pledges.supporter_id").where("pledges.id", "=", input.pledgeId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDeclaration(row);
}

/** The declaration with this id, or the one made with this pledge (a pledge makes at most one). */
async function findDeclaration(db: DB, column: "id" | "pledge_id", value: number): Promise<Declaration | undefined> {
  const row = await db.selectFrom("gift_aid_declarations").selectAll().where(column, "=", value).executeTakeFirst();
  return row ? toDeclaration(row) : undefined;
}

export function getDeclaration(db: DB, id: number): Promise<Declaration | undefined> {
  return findDeclaration(db, "id", id);
}

export function getDeclarationByPledgeId(db: DB, pledgeId: number): Promise<Declaration | undefined> {
  return findDeclaration(db, "pledge_id", pledgeId);
}

export interface DeclarationListItem extends Declaration {
  /** Null for a declaration made at Your giving, with no pledge. */
  pledgeReference: string | null;
}

/** The newest declarations first. */
export async function listDeclarations(db: DB, limit = 100): Promise<DeclarationListItem[]> {
  const rows = await db
    .selectFrom("gift_aid_declarations")
    .leftJoin("pledges", "pledges.id", "gift_aid_declarations.pledge_id")
    .selectAll("gift_aid_declarations")
    .select("pledges.reference as pledge_reference")
    .orderBy("gift_aid_declarations.declared_at", "desc")
    .orderBy("gift_aid_declarations.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toDeclaration(row), pledgeReference: row.pledge_reference }));
}

/** Cancels a declaration that is not cancelled yet; false when there was none to cancel. */
export async function setDeclarationCancelled(
  db: DB,
  id: number,
  change: { at: string; reason: string; by: "staff" | "donor" },
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("gift_aid_declarations")
      .set({ cancelled_at: change.at, cancel_reason: change.reason, cancelled_by: change.by })
      .where("id", "=", id)
      .where("cancelled_at", "is", null),
  );
}

/**
 * Confirms a declaration that covers its own gift only, for all the supporter's gifts; false when
 * it is not waiting for that (gone, cancelled, already confirmed, or never limited).
 */
export async function setDeclarationConfirmed(
  db: DB,
  id: number,
  change: { at: string; by: string },
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("gift_aid_declarations")
      .set({ confirmed_at: change.at, confirmed_by: change.by })
      .where("id", "=", id)
      .where("own_gift_only", "=", 1)
      .where("confirmed_at", "is", null)
      .where("cancelled_at", "is", null),
  );
}

/**
 * A payment of a supporter who made at least one declaration, with every declaration of theirs:
 * which one covers it (if any) is decided by app/gift-aid/utils/gift-aid.ts (coveringDeclaration).
 */
export interface DeclaredPayment {
  paymentId: number;
  pledgeId: number;
  pledgeReference: string;
  supporterId: number;
  receivedOn: string;
  amountPence: number;
  declarations: Declaration[];
  /** Given through a sponsored-event page (HMRC's Sponsored event column). */
  sponsored: boolean;
}

/**
 * Payments (not refunds) in no claim batch whose supporter made a declaration, on any of their
 * pledges, with what the donor kept of each (less its refunds; those given back whole are left
 * out), oldest first, each with all of that supporter's declarations.
 */
export async function listUnclaimedDeclaredPayments(db: DB): Promise<DeclaredPayment[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .leftJoin("gift_aid_claim_items", "gift_aid_claim_items.payment_id", "payments.id")
    .leftJoin("fundraising_pages", "fundraising_pages.id", "pledges.fundraising_page_id")
    .where("gift_aid_claim_items.id", "is", null)
    // A refund (negative) is no gift, and a payment given back whole is no longer one.
    .where("payments.amount_pence", ">", 0)
    .where((eb) => eb(netPenceOf(eb), ">", 0))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("gift_aid_declarations")
          .select("gift_aid_declarations.id")
          .whereRef("gift_aid_declarations.supporter_id", "=", "pledges.supporter_id"),
      ),
    )
    .select((eb) => [
      "payments.id as payment_id",
      "payments.pledge_id",
      "payments.received_on",
      netPenceOf(eb).as("amount_pence"),
      "pledges.reference as pledge_reference",
      "pledges.supporter_id",
      "fundraising_pages.sponsored",
    ])
    .orderBy("payments.received_on", "asc")
    .orderBy("payments.id", "asc")
    .execute();
  const declarations = await listDeclarationsOfSupporters(db, [...new Set(rows.map((row) => row.supporter_id!))]);
  return rows.map((row) => ({
    ...camelRow(row),
    supporterId: row.supporter_id!,
    amountPence: Number(row.amount_pence),
    declarations: declarations.get(row.supporter_id!) ?? [],
    sponsored: row.sponsored === 1,
  }));
}

/** The declarations of the supporter a pledge belongs to (made on any of their pledges), oldest first. */
export async function listDeclarationsOfPledgeSupporter(db: DB, pledgeId: number): Promise<Declaration[]> {
  const rows = await db
    .selectFrom("gift_aid_declarations")
    .selectAll()
    .where("supporter_id", "=", (eb) =>
      eb.selectFrom("pledges").select("pledges.supporter_id").where("pledges.id", "=", pledgeId),
    )
    .orderBy("declared_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toDeclaration);
}

/** The declarations of each supporter, oldest first. */
export async function listDeclarationsOfSupporters(
  db: DB,
  supporterIds: readonly number[],
): Promise<Map<number, Declaration[]>> {
  const bySupporter = new Map<number, Declaration[]>();
  for (let i = 0; i < supporterIds.length; i += 500) {
    const rows = await db
      .selectFrom("gift_aid_declarations")
      .selectAll()
      .where("supporter_id", "in", supporterIds.slice(i, i + 500))
      .orderBy("declared_at", "asc")
      .orderBy("id", "asc")
      .execute();
    for (const row of rows) {
      const list = bySupporter.get(row.supporter_id!) ?? [];
      list.push(toDeclaration(row));
      bySupporter.set(row.supporter_id!, list);
    }
  }
  return bySupporter;
}

/** A Gift Aid claim batch: its row (columns described in db/schema.ts), camelCase. */
export type Claim = CamelRow<Selectable<GiftAidClaimsTable>>;

/**
 * One payment in a claim batch, with the donor's details as claimed (a row of the batch's HMRC
 * schedule as it was when the batch was made): its row (columns in db/schema.ts), camelCase.
 */
export type ClaimItem = CamelRow<Selectable<GiftAidClaimItemsTable>>;
export type ClaimItemInput = Omit<ClaimItem, "id" | "claimId" | "sponsored"> & { sponsored?: 0 | 1 };

const toClaim = (row: Selectable<GiftAidClaimsTable>): Claim => camelRow(row);

const toClaimItem = (row: Selectable<GiftAidClaimItemsTable>): ClaimItem => camelRow(row);

/** Inserts a batch and its rows; call inside a transaction so they commit together. */
export async function insertClaim(
  db: DB,
  claim: Omit<
    Claim,
    "id" | "submittedOn" | "submittedBy" | "refundNote" | "adjustmentPence" | "hmrcCorrelationId" | "hmrcReceipt"
  > & {
    adjustmentPence?: number;
  },
  items: ClaimItemInput[],
): Promise<Claim> {
  const row = await db
    .insertInto("gift_aid_claims")
    .values({
      created_at: claim.createdAt,
      created_by: claim.createdBy,
      total_pence: claim.totalPence,
      gift_aid_pence: claim.giftAidPence,
      item_count: claim.itemCount,
      adjustment_pence: claim.adjustmentPence ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const item of items) {
    await db
      .insertInto("gift_aid_claim_items")
      .values({
        claim_id: row.id,
        payment_id: item.paymentId,
        declaration_id: item.declarationId,
        title: item.title,
        first_name: item.firstName,
        last_name: item.lastName,
        house_name_or_number: item.houseNameOrNumber,
        postcode: item.postcode,
        donation_date: item.donationDate,
        sponsored: item.sponsored ?? 0,
        amount_pence: item.amountPence,
      })
      .execute();
  }
  return toClaim(row);
}

export async function getClaim(db: DB, id: number): Promise<Claim | undefined> {
  const row = await db.selectFrom("gift_aid_claims").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toClaim(row) : undefined;
}

/** The newest batches first. */
export async function listClaims(db: DB): Promise<Claim[]> {
  const rows = await db
    .selectFrom("gift_aid_claims")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toClaim);
}

export async function listClaimItems(db: DB, claimId: number): Promise<ClaimItem[]> {
  const rows = await db
    .selectFrom("gift_aid_claim_items")
    .selectAll()
    .where("claim_id", "=", claimId)
    .orderBy("donation_date", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toClaimItem);
}

/** Marks a batch submitted, once: false when it is missing or already submitted. */
export async function setClaimSubmitted(db: DB, id: number, change: { on: string; by: string }): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("gift_aid_claims")
      .set({ submitted_on: change.on, submitted_by: change.by })
      .where("id", "=", id)
      .where("submitted_on", "is", null),
  );
}

/** Deletes a batch that was never submitted, releasing its payments; false otherwise. */
export async function deleteUnsubmittedClaim(db: DB, id: number): Promise<boolean> {
  const claim = await db
    .selectFrom("gift_aid_claims")
    .select("id")
    .where("id", "=", id)
    .where("submitted_on", "is", null)
    .executeTakeFirst();
  if (!claim) return false;
  await db.updateTable("payments").set({ adjusted_in_claim: null }).where("adjusted_in_claim", "=", id).execute();
  await db.deleteFrom("gift_aid_claim_items").where("claim_id", "=", id).execute();
  await db.deleteFrom("gift_aid_claims").where("id", "=", id).where("submitted_on", "is", null).execute();
  return true;
}

/** Flags a claim batch: a payment in it was refunded, and HMRC must be told. Notes add up. */
export async function flagClaimRefund(db: DB, claimId: number, note: string): Promise<void> {
  const claim = await db
    .selectFrom("gift_aid_claims")
    .select("refund_note")
    .where("id", "=", claimId)
    .executeTakeFirst();
  if (!claim) return;
  const refundNote = claim.refund_note ? `${claim.refund_note}\n${note}` : note;
  await db.updateTable("gift_aid_claims").set({ refund_note: refundNote }).where("id", "=", claimId).execute();
}

/** A refund of a payment that is in a claim batch, as the adjustment rule reads it. */
export interface ClaimedPaymentRefund {
  refundId: number;
  paymentId: number;
  /** Given back, positive pence. */
  refundPence: number;
  /** The batch that accounted for the refund (its payment's, claimed net of it; or a later one that deducted it), or null. */
  adjustedInClaim: number | null;
  /** The batch the payment is in, whether it went to HMRC, and the amount claimed on it. */
  claimId: number;
  claimSubmitted: boolean;
  claimedPence: number;
}

/**
 * Every refund of a payment that is in a claim batch, with that batch: one query, joined in SQL
 * (the refunds of claimed payments grow for the charity's whole life, so never a bound id each).
 */
export async function listRefundsOfClaimedPayments(db: DB): Promise<ClaimedPaymentRefund[]> {
  const rows = await db
    .selectFrom("payments as refunds")
    .innerJoin("gift_aid_claim_items as item", "item.payment_id", "refunds.refund_of")
    .innerJoin("gift_aid_claims as claim", "claim.id", "item.claim_id")
    .select([
      "refunds.id as refund_id",
      "refunds.refund_of as payment_id",
      "refunds.amount_pence",
      "refunds.adjusted_in_claim",
      "item.claim_id",
      "claim.submitted_on",
      "item.amount_pence as claimed_pence",
    ])
    .orderBy("refunds.id", "asc")
    .execute();
  return rows.map(({ amount_pence, submitted_on, ...row }) => ({
    ...camelRow(row),
    paymentId: row.payment_id!,
    refundPence: -amount_pence,
    claimSubmitted: submitted_on !== null,
  }));
}

/** Marks refunds as accounted for by a claim batch (claimed net of them, or deducted as its adjustment). */
export async function markRefundsAdjusted(db: DB, refundIds: readonly number[], claimId: number): Promise<void> {
  for (let i = 0; i < refundIds.length; i += 500) {
    await db
      .updateTable("payments")
      .set({ adjusted_in_claim: claimId })
      .where("id", "in", refundIds.slice(i, i + 500))
      .execute();
  }
}

/** The ids of the refunds of these payments that no batch accounts for yet. */
export async function listUnadjustedRefundsOf(db: DB, paymentIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < paymentIds.length; i += 500) {
    const rows = await db
      .selectFrom("payments")
      .select("id")
      .where("refund_of", "in", paymentIds.slice(i, i + 500))
      .where("adjusted_in_claim", "is", null)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
