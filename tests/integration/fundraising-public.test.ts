// What the public and the exports see of supporters' pages: the sitemap lists a page only while
// it is public; a tribute page shows a donor's message only once staff approve it (a Share My Day
// page at once); a donor may give anonymously and hide the amount; the pledge and payment exports
// name the page or appeal a gift went to.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { action as donateAction } from "~/routes/_public+/donate/route";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import { createAppeal, publicAppeal } from "~/causes/services/appeals.server";
import {
  PAYMENT_EXPORT_HEADER,
  paymentExportRows,
  PLEDGE_EXPORT_HEADER,
  pledgeExportRows,
} from "~/giving/services/donation-exports.server";
import { recordManualPayment } from "~/giving/services/donations.server";
import {
  approveMessage,
  decideOnPage,
  FundraisingRefusal,
  hideMessage,
  ownerGiftList,
  publicFundraisingPage,
  startFundraisingPage,
  waitingForStaff,
} from "~/causes/services/fundraising.server";
import { getFundraisingPage } from "~/causes/models/fundraising-page.server";
import { immediateTransaction } from "~/infra/db.server";
import { pageCache } from "~/infra/page-cache.server";
import { recordPayment } from "~/giving/services/ledger.server";
import { ensureAdmin, getRequest, run } from "./admin-support";
import { formRequest, resetDatabase } from "./helpers";

beforeEach(resetDatabase);

const donor = { type: "one-time", customAmount: "", phone: "", website: "", lastName: "Bloggs", amount: "25" };

async function give(fields: Record<string, string>) {
  const response = (await donateAction({
    request: formRequest("/donate", { ...donor, ...fields }),
    params: {},
    context: {},
  } as any)) as Response;
  expect(response.status).toBe(303);
  const pledge = await getDb()
    .selectFrom("pledges")
    .selectAll()
    .where("email", "=", fields.email)
    .executeTakeFirstOrThrow();
  await recordManualPayment(
    { pledgeId: pledge.id, receivedOn: "2026-11-20", amountPence: 2_500, sendThanks: false },
    "admin",
  );
  return pledge;
}

const page = (kind: "share-my-day" | "memoriam", title: string, appeal?: string) =>
  startFundraisingPage({
    appeal,
    kind,
    name: "Jo Owner",
    email: `${kind}@example.com`,
    title,
    target: 30_000,
    story: "For the clinics.",
    occasion: kind === "share-my-day" ? "A run" : undefined,
    in_memory_of: kind === "memoriam" ? "Grandma Rose" : undefined,
    sponsored: false,
    image: undefined,
    image_alt: undefined,
    remove_image: false,
  } as Parameters<typeof startFundraisingPage>[0]);

const appeal = async (slug: string, isOpen = true) =>
  createAppeal(
    {
      slug,
      title: `The ${slug} appeal`,
      story: "Warm clinics.",
      goalPence: 500_000,
      goalDonors: null,
      startsOn: null,
      endsOn: null,
      isOpen,
    },
    {},
    await ensureAdmin(),
  );

const sitemap = async () => (await run(sitemapLoader, getRequest("/sitemap.xml"))).text();

describe("supporters' pages in public", () => {
  it("are in the sitemap only while public", async () => {
    const admin = await ensureAdmin();
    const created = await page("share-my-day", "Jo runs");
    expect(await sitemap()).not.toContain("/fundraise/jo-runs");
    await decideOnPage(created.id, "approve", null, admin);
    expect(await sitemap()).toContain("/fundraise/jo-runs</loc>");
    await decideOnPage(created.id, "take-down", "Reported", admin);
    expect(await sitemap()).not.toContain("/fundraise/jo-runs");
  });

  it("show a tribute message only once staff approve it, and hide a name or an amount as the donor asked", async () => {
    const admin = await ensureAdmin();
    const tribute = await page("memoriam", "For Rose");
    const day = await page("share-my-day", "Jo runs");
    await decideOnPage(tribute.id, "approve", null, admin);
    await decideOnPage(day.id, "approve", null, admin);

    const rose = await give({
      firstName: "Ann",
      email: "ann@example.com",
      fundraisingPage: tribute.slug,
      supporterMessage: "We miss her",
      anonymous: "on",
    });
    await give({
      firstName: "Bob",
      email: "bob@example.com",
      fundraisingPage: day.slug,
      supporterMessage: "Go Jo",
      hideAmount: "on",
    });

    expect((await publicFundraisingPage(tribute.slug))!.supporters).toEqual([
      { id: rose.id, name: null, amountPence: 2_500, message: null },
    ]);
    await approveMessage(tribute.id, rose.id, admin);
    expect((await publicFundraisingPage(tribute.slug))!.supporters[0].message).toBe("We miss her");
    expect((await publicFundraisingPage(day.slug))!.supporters).toEqual([
      expect.objectContaining({ name: "Bob B.", amountPence: null, message: "Go Jo" }),
    ]);
  });

  it("name the page or appeal a gift went to in the pledge and payment exports", async () => {
    const admin = await ensureAdmin();
    const day = await page("share-my-day", "Jo runs");
    await decideOnPage(day.id, "approve", null, admin);
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
    await give({ firstName: "Cy", email: "cy@example.com", fundraisingPage: day.slug });
    await give({ firstName: "Di", email: "di@example.com", appeal: "winter" });

    const pledgeColumn = PLEDGE_EXPORT_HEADER.indexOf("Given to");
    const pledges = await pledgeExportRows({});
    const byEmail = (rows: unknown[][], email: string) => rows.find((row) => row.includes(email))!;
    expect(String(byEmail(pledges, "cy@example.com")[pledgeColumn])).toContain("Jo runs");
    expect(String(byEmail(pledges, "di@example.com")[pledgeColumn])).toContain("Winter appeal");

    const paymentColumn = PAYMENT_EXPORT_HEADER.indexOf("Given to");
    const payments = await paymentExportRows();
    expect(String(byEmail(payments, "cy@example.com")[paymentColumn])).toContain("Jo runs");
    expect(String(byEmail(payments, "di@example.com")[paymentColumn])).toContain("Winter appeal");
  });
});

describe("supporters' pages for an appeal", () => {
  it("count a page's gifts in its appeal's total once paid, each gift once, and list the appeal's top pages", async () => {
    const admin = await ensureAdmin();
    await appeal("winter");
    const jo = await page("share-my-day", "Jo runs", "winter");
    const al = await page("share-my-day", "Al swims", "winter");
    await decideOnPage(jo.id, "approve", null, admin);
    await decideOnPage(al.id, "approve", null, admin);
    const given = async () => (await publicAppeal("winter"))!.totals;
    expect(await given()).toEqual({ givenPence: 0, donors: 0 });

    // A pledge through the page, not yet paid: the public figure moves only with the money.
    const response = (await donateAction({
      request: formRequest("/donate", { ...donor, firstName: "Ed", email: "ed@example.com", fundraisingPage: jo.slug }),
      params: {},
      context: {},
    } as any)) as Response;
    expect(response.status).toBe(303);
    const pledge = await getDb()
      .selectFrom("pledges")
      .selectAll()
      .where("email", "=", "ed@example.com")
      .executeTakeFirstOrThrow();
    expect(pledge).toMatchObject({ fundraising_page_id: jo.id, appeal_id: null });
    expect(await given()).toEqual({ givenPence: 0, donors: 0 });
    await recordManualPayment(
      { pledgeId: pledge.id, receivedOn: "2026-11-20", amountPence: 2_500, sendThanks: false },
      "admin",
    );
    expect(await given()).toEqual({ givenPence: 2_500, donors: 1 });

    // A gift to the appeal itself, one through the other page, and one that names both (counted once).
    await give({ firstName: "Di", email: "di@example.com", appeal: "winter" });
    const both = await give({ firstName: "Fay", email: "fay@example.com", fundraisingPage: al.slug });
    await getDb()
      .updateTable("pledges")
      .set({ appeal_id: await publicAppealId("winter") })
      .where("id", "=", both.id)
      .execute();
    expect(await given()).toEqual({ givenPence: 7_500, donors: 3 });
    expect((await publicFundraisingPage(al.slug))!.totals).toEqual({ givenPence: 2_500, donors: 1 });
    // The public appeal data carries no promised figure, and the page names its appeal.
    expect(Object.keys(await given())).toEqual(["givenPence", "donors"]);
    expect((await publicFundraisingPage(jo.slug))!.appeal).toEqual({ slug: "winter", title: "The winter appeal" });

    // Top pages, most raised first; a page waiting for review is not listed.
    await give({ firstName: "Gus", email: "gus@example.com", fundraisingPage: al.slug });
    await page("share-my-day", "Not yet approved", "winter");
    expect((await publicAppeal("winter"))!.topPages).toEqual([
      expect.objectContaining({ slug: al.slug, title: "Al swims", raisedPence: 5_000 }),
      expect.objectContaining({ slug: jo.slug, title: "Jo runs", raisedPence: 2_500 }),
    ]);
  });

  it("refuses a page for a closed appeal on its field, and starts one for no appeal", async () => {
    await appeal("summer", false);
    const refused = await page("share-my-day", "Too late", "summer").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FundraisingRefusal);
    expect(refused).toMatchObject({ field: "appeal", status: 400 });
    const none = await page("share-my-day", "Just for the clinics");
    expect((await getFundraisingPage(getDb(), none.id))!.appealId).toBeNull();
  });
});

describe("giving through a page", () => {
  it("is a single gift for the page: a monthly post is refused on its field, and no honour is recorded", async () => {
    const admin = await ensureAdmin();
    const day = await page("share-my-day", "Jo runs");
    await decideOnPage(day.id, "approve", null, admin);
    const post = (fields: Record<string, string>) =>
      donateAction({
        request: formRequest("/donate", {
          ...donor,
          firstName: "Ed",
          email: "ed@example.com",
          fundraisingPage: day.slug,
          ...fields,
        }),
        params: {},
        context: {},
      } as any) as Promise<Response>;
    const monthly = await post({ type: "monthly" });
    expect(monthly.status).toBe(400);
    const body = (await monthly.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.type).toEqual(["A gift through a supporter's page is a single gift: choose One-time"]);
    expect((await post({ inHonour: "on", honoreeName: "Someone Else" })).status).toBe(303);
    const pledge = await getDb()
      .selectFrom("pledges")
      .select(["type", "in_honour", "honoree_name", "fundraising_page_id"])
      .where("email", "=", "ed@example.com")
      .executeTakeFirstOrThrow();
    expect(pledge).toEqual({ type: "one-time", in_honour: 0, honoree_name: null, fundraising_page_id: day.id });
  });
});

describe("a page's cached copy", () => {
  it("goes when a card payment through the page is recorded (the webhook's path), so its total matches the owner's e-mail", async () => {
    const admin = await ensureAdmin();
    const day = await page("share-my-day", "Jo runs");
    await decideOnPage(day.id, "approve", null, admin);
    const response = (await donateAction({
      request: formRequest("/donate", {
        ...donor,
        firstName: "Ed",
        email: "ed@example.com",
        fundraisingPage: day.slug,
      }),
      params: {},
      context: {},
    } as any)) as Response;
    expect(response.status).toBe(303);
    const pledge = await getDb()
      .selectFrom("pledges")
      .select("id")
      .where("email", "=", "ed@example.com")
      .executeTakeFirstOrThrow();
    const key = `system /fundraise/${day.slug}`;
    const stored = { body: Buffer.from("£0 raised"), headers: [], leafData: null, dataVersion: 0 };
    pageCache.set(key, stored);
    expect(pageCache.get(key, 0)).toBeDefined();
    // A card webhook records through the ledger in its own transaction, as Stripe's actor.
    await immediateTransaction(getDb(), async (trx) => {
      await recordPayment(
        trx,
        { pledgeId: pledge.id, method: "card", amountPence: 2_500, receivedOn: "2026-11-20", stripeId: "pi_page_1" },
        "Stripe",
      );
      // Not before the commit: a render now would still read the old total.
      expect(pageCache.get(key, 0)).toBeDefined();
    });
    expect(pageCache.get(key, 0)).toBeUndefined();
    const mail = await getDb()
      .selectFrom("outbox")
      .select(["text_body", "html_body"])
      .where("to_address", "=", "share-my-day@example.com")
      .where("kind", "=", "fundraising.gift")
      .executeTakeFirstOrThrow();
    // The page's address once, under its label.
    const url = `/fundraise/${day.slug}`;
    expect(mail.text_body.split(url).length - 1).toBe(1);
    // In HTML: one link, its href and its visible text.
    expect(mail.html_body.split(url).length - 1).toBe(2);
  });
});

describe("messages on a page", () => {
  it("staff hide a message: gone from the page and the owner's list, kept on the gift, counted on the overview until then", async () => {
    const admin = await ensureAdmin();
    const tribute = await page("memoriam", "For Rose");
    await decideOnPage(tribute.id, "approve", null, admin);
    const gift = await give({
      firstName: "Ann",
      email: "ann@example.com",
      fundraisingPage: tribute.slug,
      supporterMessage: "Buy cheap watches",
    });
    expect(await waitingForStaff()).toEqual({ pages: 0, messages: 1 });
    const owner = async () => ownerGiftList((await getFundraisingPage(getDb(), tribute.id))!);
    expect((await owner()).gifts[0]).toMatchObject({ message: "Buy cheap watches", messageState: "waiting" });

    await hideMessage(tribute.id, gift.id, admin);
    expect((await publicFundraisingPage(tribute.slug))!.supporters[0]).toMatchObject({
      message: null,
      amountPence: 2_500,
    });
    expect((await owner()).gifts[0]).toMatchObject({ message: null, messageState: null });
    expect(await waitingForStaff()).toEqual({ pages: 0, messages: 0 });
    const row = await getDb()
      .selectFrom("pledges")
      .select(["supporter_message", "message_hidden_at"])
      .where("id", "=", gift.id)
      .executeTakeFirstOrThrow();
    expect(row.supporter_message).toBe("Buy cheap watches");
    expect(row.message_hidden_at).not.toBeNull();
    // An approved message can be hidden afterwards too; hiding twice is refused.
    await expect(hideMessage(tribute.id, gift.id, admin)).rejects.toBeInstanceOf(FundraisingRefusal);
    expect((await publicFundraisingPage(tribute.slug))!.giftAidPence).toBe(0);
  });
});

async function publicAppealId(slug: string): Promise<number> {
  const row = await getDb().selectFrom("appeals").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.id;
}
