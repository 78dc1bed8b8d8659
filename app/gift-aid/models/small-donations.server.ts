import type { DB } from "~/infra/db.server";
import { deletedAny } from "~/infra/row-count.server";
import type { SmallDonationKind, SmallDonationMethod } from "~/gift-aid/utils/gasds";

// Small donations (Gift Aid Small Donations Scheme): cash and contactless gifts without a
// declaration, recorded by staff (0019). The claim itself is worked out in app/gift-aid/utils/gasds.ts.

export interface SmallDonation {
  id: number;
  collectedOn: string;
  amountPence: number;
  method: SmallDonationMethod;
  kind: SmallDonationKind;
  place: string;
  recordedBy: string;
  createdAt: string;
}

export type SmallDonationInput = Omit<SmallDonation, "id">;

const columns = ["id", "collected_on", "amount_pence", "method", "kind", "place", "recorded_by", "created_at"] as const;

type Row = {
  id: number;
  collected_on: string;
  amount_pence: number;
  method: SmallDonationMethod;
  kind: SmallDonationKind;
  place: string;
  recorded_by: string;
  created_at: string;
};

function toSmallDonation(row: Row): SmallDonation {
  return {
    id: Number(row.id),
    collectedOn: row.collected_on,
    amountPence: Number(row.amount_pence),
    method: row.method,
    kind: row.kind,
    place: row.place,
    recordedBy: row.recorded_by,
    createdAt: row.created_at,
  };
}

export async function insertSmallDonation(db: DB, input: SmallDonationInput): Promise<SmallDonation> {
  const row = await db
    .insertInto("small_donations")
    .values({
      collected_on: input.collectedOn,
      amount_pence: input.amountPence,
      method: input.method,
      kind: input.kind,
      place: input.place,
      recorded_by: input.recordedBy,
      created_at: input.createdAt,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toSmallDonation(row);
}

export async function getSmallDonation(db: DB, id: number): Promise<SmallDonation | undefined> {
  const row = await db.selectFrom("small_donations").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toSmallDonation(row) : undefined;
}

/** Small donations collected from `first` to `last` (YYYY-MM-DD, both included), newest first. */
export async function listSmallDonationsBetween(db: DB, first: string, last: string): Promise<SmallDonation[]> {
  const rows = await db
    .selectFrom("small_donations")
    .select(columns)
    .where((eb) => eb.between("collected_on", first, last))
    .orderBy("collected_on", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSmallDonation);
}

/** The earliest day any small donation was collected, or null when there are none. */
export async function firstSmallDonationDay(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("small_donations")
    .select((eb) => eb.fn.min<string | null>("collected_on").as("first"))
    .executeTakeFirst();
  return row?.first ?? null;
}

export async function deleteSmallDonation(db: DB, id: number): Promise<boolean> {
  return deletedAny(db.deleteFrom("small_donations").where("id", "=", id));
}

/**
 * Gift Aid donations claimed with a donation date from `first` to `last` (both included): the
 * donations in claim batches, whether the batch was submitted yet or not (the matching rule's base).
 */
export async function sumClaimedGiftAidDonations(db: DB, first: string, last: string): Promise<number> {
  const row = await db
    .selectFrom("gift_aid_claim_items")
    .select((eb) => eb.fn.sum<number | null>("amount_pence").as("total"))
    .where((eb) => eb.between("donation_date", first, last))
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}
