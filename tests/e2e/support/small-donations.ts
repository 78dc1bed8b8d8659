// Small donations (GASDS) test data in the e2e database. Each project gets a tax year of its own
// (long past, nobody else's), emptied first, so the claim's figures are exact in a shared database.
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { insertClaim } from "~/gift-aid/models/gift-aid.server";
import { taxYearDays } from "~/utils/tax-year";
import { e2eDb } from "./db";
import { createDeclaredPayment, uniqueLastName } from "./gift-aid";

/** A tax year reserved for one spec and project. */
export function reservedTaxYear(spec: "journey" | "stats" | "a11y", project: string): number {
  const base = { journey: 2012, stats: 2014, a11y: 2016 }[spec];
  return base + (project === "no-js" ? 1 : 0);
}

/** Empties the year, then puts `giftAidPence` of Gift Aid donations in a claim batch in it. */
export async function freshTaxYear(year: number, giftAidDonationsPence: number): Promise<void> {
  const db = e2eDb();
  const { first, last } = taxYearDays(year);
  await db.deleteFrom("small_donations").where("collected_on", ">=", first).where("collected_on", "<=", last).execute();
  const items = await db
    .selectFrom("gift_aid_claim_items")
    .select(["id", "claim_id"])
    .where("donation_date", ">=", first)
    .where("donation_date", "<=", last)
    .execute();
  for (const item of items) {
    await db.deleteFrom("gift_aid_claim_items").where("id", "=", item.id).execute();
    await db.deleteFrom("gift_aid_claims").where("id", "=", item.claim_id).execute();
  }
  const day = `${year}-06-01`;
  const lastName = uniqueLastName("Gasds");
  const { paymentId, declarationId } = await createDeclaredPayment(lastName, day, giftAidDonationsPence);
  await db.transaction().execute((trx) =>
    insertClaim(
      trx,
      {
        createdAt: new Date().toISOString(),
        createdBy: "e2e",
        totalPence: giftAidDonationsPence,
        giftAidPence: giftAidOnPence(giftAidDonationsPence),
        itemCount: 1,
      },
      [
        {
          paymentId,
          declarationId,
          title: "Dr",
          firstName: "Ada",
          lastName,
          houseNameOrNumber: "7",
          postcode: "BS1 4DJ",
          donationDate: day,
          amountPence: giftAidDonationsPence,
        },
      ],
    ),
  );
}

/** A small donation recorded straight into the database. */
export async function seedSmallDonation(
  collectedOn: string,
  amountPence: number,
  place: string,
  kind: "gift" | "collection" = "collection",
): Promise<void> {
  await e2eDb()
    .insertInto("small_donations")
    .values({
      collected_on: collectedOn,
      amount_pence: amountPence,
      method: "cash",
      kind,
      place,
      recorded_by: "e2e",
      created_at: new Date().toISOString(),
    })
    .execute();
}
