// Gift Aid test data in the e2e database: a pledge with its declaration (through the donate
// form's use case) and a payment as the Donations back office would record it. Names are
// unique so each test finds exactly its own rows in the shared database.
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { createPledge, type PledgeInput } from "~/giving/models/pledge.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { getCharitySettings } from "~/site/services/charity-settings.server";
import { addDeclaration } from "~/gift-aid/services/gift-aid-declarations.server";
import type { Page } from "@playwright/test";
import { signIn } from "./auth";
import { e2eDb, uniqueLetters } from "./db";

/** Letters only: a last name HMRC accepts, unique in a shared database. */
export function uniqueLastName(prefix: string): string {
  return `${prefix}${uniqueLetters()}`;
}

/**
 * What submitPledge stores for a pledge with Gift Aid (the pledge and its declaration, in one
 * transaction), written to the e2e server's database file from the test process, without the
 * donor's e-mail (submitPledge works on the app's own database and wakes its mail sender).
 */
export async function pledgeWithDeclaration(input: PledgeInput & { giftAidDeclaration: GiftAidDetails }, db = e2eDb()) {
  const { giftAidDeclaration, ...pledge } = input;
  const charity = await getCharitySettings(db);
  return db.transaction().execute(async (trx) => {
    const created = await createPledge(trx, pledge);
    await addDeclaration(trx, created, giftAidDeclaration, charity);
    return created;
  });
}

export async function createDeclaredPayment(lastName: string, receivedOn = "2026-03-05", amountPence = 4321) {
  const pledge = await pledgeWithDeclaration(
    {
      type: "one-time",
      amountPence,
      firstName: "Ada",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      inHonour: false,
      giftAidDeclaration: {
        version: CURRENT_DECLARATION_VERSION,
        title: "Dr",
        house: "7",
        street: "Queen Street",
        town: "Bristol",
        postcode: "BS1 4DJ",
      },
    },
    e2eDb(),
  );
  const db = e2eDb();
  // A declaration made before the payment arrived.
  await db
    .updateTable("gift_aid_declarations")
    .set({ declared_at: "2026-01-01T10:00:00.000Z" })
    .where("pledge_id", "=", pledge.id)
    .execute();
  const payment = await db
    .insertInto("payments")
    .values({
      pledge_id: pledge.id,
      received_on: receivedOn,
      amount_pence: amountPence,
      method: "manual",
      bank_line: null,
      note: null,
      recorded_by: "e2e",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const declaration = await db
    .selectFrom("gift_aid_declarations")
    .select("id")
    .where("pledge_id", "=", pledge.id)
    .executeTakeFirstOrThrow();
  return { pledge, paymentId: payment.id, declarationId: declaration.id };
}

/** Signs staff in and opens the supporter page of the pledge's donor; the supporter's id. */
export async function openSupporterOfPledge(page: Page, baseURL: string, pledgeId: number): Promise<number> {
  const { supporter_id } = await e2eDb()
    .selectFrom("pledges")
    .select("supporter_id")
    .where("id", "=", pledgeId)
    .executeTakeFirstOrThrow();
  await signIn(page.context(), baseURL);
  await page.goto(`/admin/dashboard/supporters/${supporter_id}`);
  return supporter_id!;
}
