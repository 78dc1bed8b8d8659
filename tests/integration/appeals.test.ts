// Appeals and supporters' pages, through the services and the donate action: an
// appeal's figures (given net of refunds, promised apart, donors) from its pledges; the donate
// form naming the appeal or page; a page's life (start, throttle per address, approval, 404
// before it); the owner told of each gift; a sponsored-event gift marked for HMRC.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { action as donateAction } from "~/routes/_public+/donate/route";
import { appealRecord, createAppeal, publicAppeal, reviseAppeal } from "~/causes/services/appeals.server";
import {
  decideOnPage,
  FundraisingRefusal,
  PAGES_PER_ADDRESS_PER_DAY,
  publicFundraisingPage,
  startFundraisingPage,
} from "~/causes/services/fundraising.server";
import { recordManualPayment } from "~/giving/services/donations.server";
import { recordRefund } from "~/giving/services/ledger.server";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { claimScheduleCsv } from "~/gift-aid/services/gift-aid-claims.server";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { formRequest, resetDatabase } from "./helpers";
import { ensureAdmin } from "./admin-support";
import { staffMember } from "./team-support";

const donor = { type: "one-time", customAmount: "", phone: "", website: "", lastName: "Bloggs" };

async function donate(fields: Record<string, string>) {
  return (await donateAction({ request: formRequest("/donate", fields), params: {}, context: {} } as any)) as Response;
}

/** What the public sees (only money received) and what staff see (with the unverified promises). */
async function figures(slug: string) {
  const shown = (await publicAppeal(slug))!;
  const staff = (await appealRecord(
    (await getDb().selectFrom("appeals").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id,
  ))!;
  return { public: shown.totals, promisedToStaff: staff.totals.promisedPence };
}

const pledgeOf = (email: string) =>
  getDb().selectFrom("pledges").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

const outboxTo = (to: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["kind", "subject", "text_body"])
    .where("to_address", "=", to)
    .orderBy("id")
    .execute();

beforeEach(resetDatabase);

describe("appeals", () => {
  it("counts paid gifts net of refunds, promised pledges apart, and donors, from the appeal's pledges", async () => {
    const admin = await ensureAdmin();
    const appeal = await createAppeal(
      {
        slug: "winter",
        title: "Winter appeal",
        story: "Warm **clinics**.",
        goalPence: 500_000,
        goalDonors: 100,
        startsOn: null,
        endsOn: null,
        isOpen: true,
      },
      {},
      admin,
    );
    expect(await figures("winter")).toEqual({ public: { givenPence: 0, donors: 0 }, promisedToStaff: 0 });

    for (const [firstName, amount] of [
      ["Ann", "120"],
      ["Bob", "50"],
    ]) {
      const response = await donate({
        ...donor,
        firstName,
        email: `${firstName}@example.com`,
        amount: "",
        customAmount: amount,
        appeal: "winter",
      });
      expect(response.status).toBe(303);
    }
    // A gift without the field goes to the general fund.
    await donate({ ...donor, firstName: "Cy", email: "cy@example.com", amount: "25" });
    const ann = await pledgeOf("Ann@example.com");
    expect(ann.appeal_id).toBe(appeal.id);
    expect((await pledgeOf("cy@example.com")).appeal_id).toBeNull();
    expect(await figures("winter")).toEqual({ public: { givenPence: 0, donors: 0 }, promisedToStaff: 17_000 });

    const paid = await recordManualPayment(
      { pledgeId: ann.id, receivedOn: "2026-11-20", amountPence: 12_000, sendThanks: false },
      admin.username,
    );
    expect(await figures("winter")).toEqual({ public: { givenPence: 12_000, donors: 1 }, promisedToStaff: 5_000 });

    await getDb()
      .transaction()
      .execute((trx) =>
        recordRefund(
          trx,
          { paymentId: paid!.payment.id, amountPence: 2_000, receivedOn: "2026-11-21" } as any,
          "admin",
        ),
      );
    expect(await figures("winter")).toEqual({ public: { givenPence: 10_000, donors: 1 }, promisedToStaff: 5_000 });
    const after = await publicAppeal("winter");
    expect(after!.storyHtml).toContain("<strong>clinics</strong>");
  });

  it("never shows the public an unpaid pledge: £100,000 promised in one post moves nothing on the appeal's page", async () => {
    const admin = await ensureAdmin();
    await createAppeal(
      {
        slug: "winter",
        title: "Winter appeal",
        story: "Warm clinics.",
        goalPence: 500_000,
        goalDonors: null,
        startsOn: null,
        endsOn: null,
        isOpen: true,
      },
      {},
      admin,
    );
    const response = await donate({
      ...donor,
      firstName: "Mallory",
      email: "mallory@example.com",
      amount: "",
      customAmount: "100000",
      appeal: "winter",
    });
    expect(response.status).toBe(303);
    const shown = (await publicAppeal("winter"))!;
    expect(shown.totals).toEqual({ givenPence: 0, donors: 0 });
    expect(JSON.stringify(shown)).not.toContain("10000000");
    // Staff still see it, as a promise not yet paid.
    expect((await figures("winter")).promisedToStaff).toBe(10_000_000);
  });

  it("leaves a gift to a closed appeal to the general fund", async () => {
    const admin = await ensureAdmin();
    await createAppeal(
      {
        slug: "done",
        title: "Done",
        story: "Over.",
        goalPence: 100_00,
        goalDonors: null,
        startsOn: null,
        endsOn: null,
        isOpen: false,
      },
      {},
      admin,
    );
    await donate({ ...donor, firstName: "Di", email: "di@example.com", amount: "25", appeal: "done" });
    expect((await pledgeOf("di@example.com")).appeal_id).toBeNull();
  });

  it("makes a new appeal's address from its title when it is left empty, as an event's is, and keeps it on an edit left empty", async () => {
    const admin = await ensureAdmin();
    const input = {
      slug: "",
      title: "Winter Appeal: 2026!",
      story: "Warm clinics.",
      goalPence: 100_000,
      goalDonors: null,
      startsOn: null,
      endsOn: null,
      isOpen: true,
    };
    expect((await createAppeal(input, {}, admin)).slug).toBe("winter-appeal-2026");
    const second = await createAppeal(input, {}, admin);
    expect(second.slug).toBe("winter-appeal-2026-2");
    expect((await reviseAppeal(second.id, { ...input, title: "Renamed" }, {}, admin)).slug).toBe(
      "winter-appeal-2026-2",
    );
  });

  it("saves each field of a change in its column; an editor's change keeps the goal, dates and open/closed", async () => {
    const admin = await ensureAdmin();
    const input = {
      slug: "spring",
      title: "Spring appeal",
      story: "Seeds.",
      goalPence: 200_00,
      goalDonors: null,
      startsOn: null,
      endsOn: null,
      isOpen: true,
    };
    const appeal = await createAppeal(input, {}, admin);
    const revised = await reviseAppeal(
      appeal.id,
      { ...input, slug: "spring-2027", goalPence: 300_00, goalDonors: 40, startsOn: "2027-03-01", isOpen: false },
      {},
      admin,
    );
    expect(revised).toMatchObject({
      slug: "spring-2027",
      goalPence: 300_00,
      goalDonors: 40,
      startsOn: "2027-03-01",
      endsOn: null,
      isOpen: false,
      imageUpload: null,
    });

    const editor = await staffMember("editor");
    const edited = await reviseAppeal(
      appeal.id,
      { ...input, title: "Spring appeal 2027", story: "Seeds and tools.", goalPence: 1, isOpen: true },
      {},
      editor,
    );
    expect(edited).toMatchObject({
      slug: "spring-2027",
      title: "Spring appeal 2027",
      story: "Seeds and tools.",
      goalPence: 300_00,
      goalDonors: 40,
      startsOn: "2027-03-01",
      isOpen: false,
    });
  });
});

const start = {
  kind: "share-my-day" as const,
  name: "Jo Runner",
  email: "jo.runner@example.com",
  title: "Jo's 40 km",
  target: 30_000,
  story: "Running for clinics.",
  occasion: "My 40th",
  in_memory_of: undefined,
  sponsored: true,
};

describe("supporters' pages", () => {
  it("starts a page waiting for review, mails its owner a management link, and throttles an address", async () => {
    const page = await startFundraisingPage(start);
    expect(page).toMatchObject({ slug: "jos-40-km", status: "pending", targetPence: 30_000, sponsored: true });
    const mail = await outboxTo(start.email);
    expect(mail[0].text_body).toMatch(/\/fundraise\/manage\/[A-Za-z0-9_-]+/);
    expect(await publicFundraisingPage(page.slug)).toBeUndefined();

    for (let i = 1; i < PAGES_PER_ADDRESS_PER_DAY; i++)
      await startFundraisingPage({ ...start, email: "JO.RUNNER@example.com" });
    await expect(startFundraisingPage(start)).rejects.toBeInstanceOf(FundraisingRefusal);
    expect(await getDb().selectFrom("fundraising_pages").select("id").execute()).toHaveLength(
      PAGES_PER_ADDRESS_PER_DAY,
    );
  });

  it("approves, counts gifts once paid, tells the owner of each, and marks a sponsored gift on its claim line", async () => {
    const admin = await ensureAdmin();
    const page = await startFundraisingPage(start);
    await expect(decideOnPage(page.id, "take-down", "No", admin)).rejects.toBeInstanceOf(FundraisingRefusal);
    await decideOnPage(page.id, "approve", null, admin);
    expect((await outboxTo(start.email)).map((m) => m.kind)).toEqual(["fundraising.started", "fundraising.approve"]);

    const response = await donate({
      ...donor,
      firstName: "Sam",
      email: "sam@example.com",
      amount: "25",
      fundraisingPage: page.slug,
      supporterMessage: "Go Jo!",
      hideAmount: "on",
      giftAid: "on",
      giftAidVersion: String(CURRENT_DECLARATION_VERSION),
      title: "Mr",
      house: "1",
      street: "High Street",
      town: "Leeds",
      postcode: "LS1 4AP",
    });
    expect(response.status).toBe(303);
    const gift = await pledgeOf("sam@example.com");
    expect(gift).toMatchObject({
      fundraising_page_id: page.id,
      supporter_message: "Go Jo!",
      show_amount: 0,
      show_name: 1,
    });
    expect((await publicFundraisingPage(page.slug))!.totals.givenPence).toBe(0);

    await recordManualPayment(
      { pledgeId: gift.id, receivedOn: "2026-11-20", amountPence: 2_500, sendThanks: false },
      admin.username,
    );
    const shown = await publicFundraisingPage(page.slug);
    expect(shown!.totals.givenPence).toBe(2_500);
    expect(shown!.supporters).toEqual([{ id: gift.id, name: "Sam B.", amountPence: null, message: "Go Jo!" }]);
    const told = (await outboxTo(start.email)).find((m) => m.kind === "fundraising.gift");
    expect(told?.text_body).toContain("Sam gave a gift through your page");

    const declared = await getDb()
      .selectFrom("gift_aid_declarations")
      .select("id")
      .where("pledge_id", "=", gift.id)
      .execute();
    expect(declared).toHaveLength(1);
    const claim = await createClaimBatch({ paymentIds: "all", actor: admin.username });
    // Kept as the record on the claim line; the schedule's column stays blank on a sponsor's own
    // line, as HMRC's schedule instructions say (docs/gift-aid.md).
    const item = await getDb()
      .selectFrom("gift_aid_claim_items")
      .select("sponsored")
      .where("claim_id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(item.sponsored).toBe(1);
    const csv = (await claimScheduleCsv(claim.id))!.csv;
    expect(csv.split("\n")[1]).not.toContain("Yes");

    await decideOnPage(page.id, "take-down", "Reported", admin);
    expect(await publicFundraisingPage(page.slug)).toBeUndefined();
  });
});
