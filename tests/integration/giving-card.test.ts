// Your giving and a monthly card gift: the donor stops it, Stripe (the stand-in) is asked to
// cancel the subscription, the pledge is cancelled and the supporter's record says the donor did it.
import { beforeEach, describe, expect, it } from "vitest";
import { cardGiftsOn } from "./stripe-support";

const standIn = await cardGiftsOn("whsec_test_giving_card");

const { getDb } = await import("~/infra/db.server");
const { submitPledge } = await import("~/services/pledges.server");
const { requestDonorLink } = await import("~/services/donor-portal.server");
const linkRoute = await import("~/routes/_public+/giving.link.$token");
const stopRoute = await import("~/routes/_public+/giving.pledges.$reference.stop");
const { getRequest, postForm, run, bodyOf } = await import("./admin-support");
const { resetDatabase } = await import("./helpers");

beforeEach(async () => {
  await resetDatabase();
  standIn.requests.length = 0;
  standIn.failWith = null;
});

async function monthlyCardGift() {
  const pledge = await submitPledge({
    type: "monthly",
    amountPence: 2000,
    firstName: "Kim",
    lastName: "Lee",
    email: "kim@example.com",
    inHonour: false,
    giftAidDeclaration: null,
  });
  await getDb()
    .updateTable("pledges")
    .set({ pay_by: "card", stripe_subscription: "sub_giving_1", stripe_customer: "cus_giving_1" })
    .where("id", "=", pledge.id)
    .execute();
  return pledge;
}

async function signIn() {
  await requestDonorLink("kim@example.com", postForm("/giving", {}), { minMs: 0 });
  const mail = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("kind", "=", "donor-giving-link")
    .executeTakeFirstOrThrow();
  const path = /(\/giving\/link\/[A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
  const response = await run(linkRoute.loader, getRequest(path), { token: path.split("/").pop()! });
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}

describe("a monthly card gift at Your giving", () => {
  it("is stopped through Stripe after a confirmation, and staff see the donor did it", async () => {
    const pledge = await monthlyCardGift();
    const cookie = await signIn();
    const path = `/giving/pledges/${pledge.reference}/stop`;
    const confirm = await run(stopRoute.loader, getRequest(path, { cookie }), { reference: pledge.reference });
    expect((await bodyOf(confirm)).gift).toMatchObject({ payBy: "card", amountPence: 2000 });

    const done = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: pledge.reference });
    expect(done.status).toBe(303);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_giving_1"]);
    const row = await getDb().selectFrom("pledges").selectAll().where("id", "=", pledge.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect(row.cancel_reason).toMatch(/by the donor/);
    const audit = await getDb().selectFrom("audit_events").select(["action", "actor"]).orderBy("id").execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "subscription.cancelled", actor: "the donor (Your giving)" },
        { action: "donor.monthly-stopped", actor: "the donor (Your giving)" },
      ]),
    );
  });

  it("says so when Stripe cannot be reached, and stops nothing", async () => {
    const pledge = await monthlyCardGift();
    const cookie = await signIn();
    standIn.failWith = 500;
    const path = `/giving/pledges/${pledge.reference}/stop`;
    const refused = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: pledge.reference });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/could not reach our card payment service/);
    const row = await getDb().selectFrom("pledges").selectAll().where("id", "=", pledge.id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).toBeNull();
  });
});
