// Your giving: the donor changes their name and home address (checked as on the donate form;
// declarations keep the address they were made with) and makes a Gift Aid declaration (the
// exact words and version kept, covering the 4 years before and every gift after, shown at once
// with the gifts it covers); staff see both on the supporter's page as done by the donor.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION, GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import { londonToday, setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import * as accountRoute from "~/routes/_public+/giving.account";
import * as detailsRoute from "~/routes/_public+/giving.details";
import * as declareRoute from "~/routes/_public+/giving.declarations.new";
import * as supporterRoute from "~/routes/admin+/dashboard+/supporters.$id._index";
import { recordManualPayment } from "~/giving/services/donations.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { givingNoticeOf, signInDonor } from "./giving-support";
import { resetDatabase } from "./helpers";

const EMAIL = "rosa@example.com";
const address = { title: "Dr", house: "3", street: "Mill Lane", town: "York", postcode: "YO1 7HH" };

async function donor(giftAid: boolean) {
  const pledge = await submitPledge({
    type: "one-time",
    amountPence: 5000,
    firstName: "Rosa",
    lastName: "Park",
    email: EMAIL,
    inHonour: false,
    giftAidDeclaration: giftAid ? { version: CURRENT_DECLARATION_VERSION, ...address } : null,
  });
  await recordManualPayment(
    { pledgeId: pledge.id, receivedOn: londonToday(), amountPence: 5000, note: null, sendThanks: false },
    "admin",
  );
  return pledge;
}

const supporterId = async () =>
  (await getDb().selectFrom("pledges").select("supporter_id").executeTakeFirstOrThrow()).supporter_id!;

async function staffPage() {
  const { cookie } = await adminCookie();
  const id = await supporterId();
  return bodyOf(
    await run(supporterRoute.loader, getRequest(`/admin/dashboard/supporters/${id}`, { cookie }), { id: String(id) }),
  );
}

const newAddress = {
  title: "Ms",
  firstName: "Rosa",
  lastName: "Parkes",
  house: "Flat 2",
  street: "Station Road",
  town: "Bristol",
  postcode: "bs1 4dj",
};

beforeEach(resetDatabase);
afterEach(() => setClock(null));

describe("name and home address", () => {
  it("refuses what the donate form refuses, with each field's message and the values kept", async () => {
    await donor(true);
    const cookie = await signInDonor(EMAIL);
    const refused = await run(
      detailsRoute.action,
      postForm("/giving/details", { ...newAddress, postcode: "NOT A CODE", street: "" }, { cookie }),
    );
    expect(refused.status).toBe(400);
    const { result } = await bodyOf(refused);
    expect(result.error.postcode).toEqual([expect.stringMatching(/UK postcode/)]);
    expect(result.error.street).toEqual(["Street is required for Gift Aid"]);
    expect(result.initialValue.town).toBe("Bristol");
    const row = await getDb().selectFrom("supporters").selectAll().executeTakeFirstOrThrow();
    expect(row.postcode).toBeNull();
  });

  it("is saved on the supporter, audited as the donor's; the old declaration keeps its address", async () => {
    await donor(true);
    const cookie = await signInDonor(EMAIL);
    // Before any change, the form starts from the declaration's address.
    const form = await bodyOf(await run(detailsRoute.loader, getRequest("/giving/details", { cookie })));
    expect(form.details).toMatchObject({ firstName: "Rosa", lastName: "Park", postcode: "YO1 7HH" });

    const saved = await run(detailsRoute.action, postForm("/giving/details", newAddress, { cookie }));
    expect(await givingNoticeOf(saved)).toEqual({
      location: "/giving/account",
      notice: "Your name and home address are saved.",
    });
    const row = await getDb().selectFrom("supporters").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      display_name: "Rosa Parkes",
      house_name_or_number: "Flat 2",
      town: "Bristol",
      postcode: "BS1 4DJ",
    });
    const [declaration] = await getDb().selectFrom("gift_aid_declarations").selectAll().execute();
    expect(declaration).toMatchObject({ address_line: "Mill Lane", postcode: "YO1 7HH", last_name: "Park" });

    const account = await bodyOf(await run(accountRoute.loader, getRequest("/giving/account", { cookie })));
    expect(account.details).toMatchObject({ street: "Station Road", postcode: "BS1 4DJ" });
    const page = await staffPage();
    expect(page.timeline.map((e: { title: string }) => e.title)).toContain(
      "Name and home address updated at Your giving by the donor",
    );
  });
});

describe("a new Gift Aid declaration", () => {
  it("records the current words and version with the new address, covers past gifts, and shows at once", async () => {
    await donor(false);
    const cookie = await signInDonor(EMAIL);
    // No address yet: the page says to add it, and a post is refused.
    const before = await bodyOf(await run(declareRoute.loader, getRequest("/giving/declarations/new", { cookie })));
    expect(before.complete).toBe(false);
    const refused = await run(declareRoute.action, postForm("/giving/declarations/new", {}, { cookie })).catch(
      (response: Response) => response,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/home address/);

    await run(detailsRoute.action, postForm("/giving/details", newAddress, { cookie }));
    const made = await run(declareRoute.action, postForm("/giving/declarations/new", {}, { cookie }));
    expect(await givingNoticeOf(made)).toMatchObject({ notice: expect.stringMatching(/declaration is made/) });

    const [row] = await getDb().selectFrom("gift_aid_declarations").selectAll().execute();
    expect(row).toMatchObject({
      pledge_id: null,
      supporter_id: await supporterId(),
      declaration_version: CURRENT_DECLARATION_VERSION,
      covers_past_four_years: 1,
      first_name: "Rosa",
      last_name: "Parkes",
      house_name_or_number: "Flat 2",
      postcode: "BS1 4DJ",
      email: EMAIL,
    });
    expect(row.declaration_text).toContain("I want to Gift Aid this donation");
    expect(row.declaration_text.length).toBeGreaterThanOrEqual(
      GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION].length - 40,
    );

    // Shown at once, covering the gift made before it.
    const account = await bodyOf(await run(accountRoute.loader, getRequest("/giving/account", { cookie })));
    expect(account.portal.declarations).toEqual([
      expect.objectContaining({ id: row.id, coversPastFourYears: true, cancelledOn: null }),
    ]);
    expect(account.portal.declarations[0].covers).toEqual([expect.objectContaining({ amountPence: 5000 })]);
    expect(account.portal.gifts[0]).toMatchObject({ giftAid: "to-claim", giftAidPence: 1250 });

    // Audited as the donor's; a second one while this is in force is refused.
    const audit = await getDb().selectFrom("audit_events").select(["action", "actor", "actor_id"]).execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "declaration.made", actor: "the donor (Your giving)", actor_id: null },
        { action: "donor.declaration-made", actor: "the donor (Your giving)", actor_id: null },
      ]),
    );
    const again = await run(declareRoute.action, postForm("/giving/declarations/new", {}, { cookie })).catch(
      (response: Response) => response,
    );
    expect(again.status).toBe(409);
    const page = await staffPage();
    expect(page.timeline.map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining([
        "Gift Aid declaration made by the donor at Your giving",
        `Gift Aid declaration ${row.id} made at Your giving by the donor`,
      ]),
    );
  });
});
