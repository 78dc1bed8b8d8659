import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formRequest, resetDatabase } from "./helpers";
import { cardGiftsOn, checkoutSession, postCardPledge, webhookRequest } from "./stripe-support";

// A donor who leaves Stripe Checkout and presses "Pay by bank transfer instead" makes a real bank
// pledge: the method changes (audited), the bank details and reference come by e-mail, the
// reminder applies, and staff see "Bank transfer (switched from card)".
const WEBHOOK_SECRET = "whsec_test_secret_for_switch";
await cardGiftsOn(WEBHOOK_SECRET, { staffEmail: "staff@example.org" });

const { getDb } = await import("~/infra/db.server");
const { setClock, now: clockNow } = await import("~/infra/clock.server");
const cardPage = await import("~/routes/_public+/donate_.card.$reference");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { getPledge } = await import("~/giving/models/pledge.server");
const { payingByLabel } = await import("~/giving/schemas/donations");
const { sendDueReminders } = await import("~/giving/services/receipts.server");
const { getCharitySettings } = await import("~/site/services/charity-settings.server");

beforeEach(resetDatabase);
afterEach(() => setClock(null));

const DAY_MS = 86_400_000;

const cardPledge = () => postCardPledge();

async function payByBankInstead(reference: string): Promise<Response> {
  const request = formRequest(`/donate/card/${reference}?cancelled=1`, { intent: "bank" });
  try {
    return (await cardPage.action({ request, params: { reference }, context: {} } as any)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const mailOf = (kind: string) =>
  getDb().selectFrom("outbox").select(["to_address", "subject", "text_body"]).where("kind", "=", kind).execute();

describe("Pay by bank transfer instead", () => {
  it("makes the card pledge a bank pledge: audited, e-mailed the bank details and reference, shown to staff", async () => {
    const pledge = await cardPledge();
    expect(await mailOf("pledge.donor")).toEqual([]);

    const response = await payByBankInstead(pledge.reference);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/donate/thank-you/${pledge.reference}`);

    const switched = (await getPledge(getDb(), pledge.id))!;
    expect(switched).toMatchObject({ payBy: "bank", status: "pending" });
    expect(switched.switchedFromCardAt).not.toBeNull();
    expect(payingByLabel(switched)).toBe("Bank transfer (switched from card)");

    const [donorMail] = await mailOf("pledge.donor");
    const charity = await getCharitySettings();
    expect(donorMail.to_address).toBe("jo@example.com");
    expect(donorMail.text_body).toContain(pledge.reference);
    expect(donorMail.text_body).toContain(charity.sortCode);
    expect(donorMail.text_body).toContain(charity.accountNumber);
    expect(await mailOf("pledge.staff")).toHaveLength(1);
    const history = await getDb()
      .selectFrom("audit_events")
      .select(["action", "actor", "detail"])
      .where("entity_id", "=", pledge.id)
      .execute();
    expect(history).toMatchObject([{ action: "pledge.switched-to-bank", actor: "donor" }]);

    // Pressed twice (or reloaded): nothing more is sent or recorded.
    expect((await payByBankInstead(pledge.reference)).status).toBe(303);
    expect(await mailOf("pledge.donor")).toHaveLength(1);
    expect(await getDb().selectFrom("audit_events").selectAll().execute()).toHaveLength(1);
  });

  it("the bank pledge's reminder reaches the donor a week later", async () => {
    const start = clockNow();
    setClock(() => start);
    const pledge = await cardPledge();
    await payByBankInstead(pledge.reference);
    expect(await sendDueReminders(new Date(start + 7 * DAY_MS + 60_000))).toBe(1);
    const [reminder] = await mailOf("pledge.reminder");
    expect(reminder.text_body).toContain(pledge.reference);
  });

  it("a card pledge already paid stays a card pledge; an unknown reference is 404", async () => {
    const pledge = await cardPledge();
    const paid = webhookRequest("checkout.session.completed", checkoutSession(pledge.reference, 2500), {
      secret: WEBHOOK_SECRET,
    });
    expect(((await webhookAction({ request: paid, params: {}, context: {} } as any)) as Response).status).toBe(200);
    const response = await payByBankInstead(pledge.reference);
    expect(response.headers.get("Location")).toBe(`/donate/card/${pledge.reference}`);
    expect((await getPledge(getDb(), pledge.id))!.payBy).toBe("card");
    expect((await payByBankInstead("CHA-00000000")).status).toBe(404);
  });
});
