// Gift Aid test data: pledges with declarations (through the donate form's use case, submitPledge) and
// payments inserted directly (recording payments belongs to the Donations back office).
import type { DB } from "~/infra/db.server";
import { getDb } from "~/infra/db.server";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { submitPledge } from "~/giving/services/pledges.server";
import { refreshPledgeTotals, type Pledge } from "~/giving/models/pledge.server";

let counter = 0;

export async function pledgeWithDeclaration(
  options: {
    declaredAt?: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    postcode?: string;
    house?: string;
    giftAid?: boolean;
  } = {},
  db: DB = getDb(),
): Promise<{ pledge: Pledge; declarationId: number | null }> {
  counter += 1;
  const pledge = await submitPledge(
    {
      type: "one-time",
      amountPence: 5000,
      firstName: options.firstName ?? "Jo",
      lastName: options.lastName ?? `Donor${counter}`,
      email: options.email ?? `donor${counter}@example.com`,
      inHonour: false,
      giftAidDeclaration:
        options.giftAid === false
          ? null
          : {
              version: CURRENT_DECLARATION_VERSION,
              title: "Ms",
              house: options.house ?? "12",
              street: "High Street",
              town: "Leeds",
              postcode: options.postcode ?? "LS1 4AP",
            },
    },
    { db },
  );
  const declaration = await db
    .selectFrom("gift_aid_declarations")
    .select("id")
    .where("pledge_id", "=", pledge.id)
    .executeTakeFirst();
  if (declaration && options.declaredAt) {
    await db
      .updateTable("gift_aid_declarations")
      .set({ declared_at: options.declaredAt })
      .where("id", "=", declaration.id)
      .execute();
  }
  return { pledge, declarationId: declaration?.id ?? null };
}

/** A payment as the Donations back office would record it. */
export async function recordPaymentForTest(
  pledgeId: number,
  receivedOn: string,
  amountPence: number,
  db: DB = getDb(),
): Promise<number> {
  const row = await db
    .insertInto("payments")
    .values({
      pledge_id: pledgeId,
      received_on: receivedOn,
      amount_pence: amountPence,
      method: "manual",
      bank_line: null,
      note: null,
      recorded_by: "test",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // As recording one through the service would: the pledge's total, last payment day and status follow.
  await refreshPledgeTotals(db, pledgeId);
  return row.id;
}

export const claimItems = (db: DB = getDb()) =>
  db.selectFrom("gift_aid_claim_items").selectAll().orderBy("id").execute();
export const claims = (db: DB = getDb()) => db.selectFrom("gift_aid_claims").selectAll().orderBy("id").execute();
