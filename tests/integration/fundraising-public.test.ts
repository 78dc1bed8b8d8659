// What the public and the exports see of supporters' pages: the sitemap lists a page only while
// it is public; a tribute page shows a donor's message only once staff approve it (a Share My Day
// page at once); a donor may give anonymously and hide the amount; the pledge and payment exports
// name the page or appeal a gift went to.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { action as donateAction } from "~/routes/_public+/donate/route";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import { createAppeal } from "~/causes/services/appeals.server";
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
  publicFundraisingPage,
  startFundraisingPage,
} from "~/causes/services/fundraising.server";
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

const page = (kind: "share-my-day" | "memoriam", title: string) =>
  startFundraisingPage({
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
