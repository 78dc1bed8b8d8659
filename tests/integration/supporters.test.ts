// Supporters: one per address (case and spaces ignored), the check scenario (a second
// pledge in capitals without Gift Aid claimable under the first one's declaration), the staff
// list and page, the merge (every record moves, the survivor's privacy export holds both
// addresses' data), and erasure over all of a supporter's addresses.
import { beforeEach, describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { getDb } from "~/infra/db.server";
import { createEnquiry } from "~/supporters/models/enquiry.server";
import * as listRoute from "~/routes/admin+/dashboard+/supporters._index";
import * as pageRoute from "~/routes/admin+/dashboard+/supporters.$id._index";
import * as mergeRoute from "~/routes/admin+/dashboard+/supporters.$id.merge";
import * as exportRoute from "~/routes/admin+/dashboard+/privacy.export[.]json";
import * as privacyRoute from "~/routes/admin+/dashboard+/privacy._index";
import * as pledgeRoute from "~/routes/admin+/dashboard+/donations.$id/route";
import { getDeclarationForPledge } from "~/gift-aid/services/gift-aid-declarations.server";
import { createClaimBatch, listClaimCandidates } from "~/gift-aid/services/gift-aid-claims.server";
import { recordManualPayment } from "~/giving/services/donations.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { erasePersonalData, findPersonalData } from "~/supporters/services/privacy.server";
import { mergeSupporters } from "~/supporters/services/supporter-merge.server";
import { getSupporterPage, supportersPage } from "~/supporters/services/supporters.server";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { confirmedSubscriber, resetDatabase } from "./helpers";
import { nowIsoString } from "~/infra/clock.server";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const giftAid = {
  version: CURRENT_DECLARATION_VERSION,
  title: "Mr",
  house: "7",
  street: "Mill Lane",
  town: "York",
  postcode: "YO1 7HH",
};

function pledge(email: string, options: { giftAid?: boolean; type?: "one-time" | "monthly"; last?: string } = {}) {
  return submitPledge({
    type: options.type ?? "one-time",
    amountPence: 2500,
    firstName: "Sam",
    lastName: options.last ?? "Okafor",
    email,
    inHonour: false,
    giftAidDeclaration: options.giftAid ? giftAid : null,
  });
}

async function supporterIdOf(email: string): Promise<number> {
  const row = await getDb()
    .selectFrom("supporter_emails")
    .select("supporter_id")
    .where("address", "=", email)
    .executeTakeFirstOrThrow();
  return row.supporter_id;
}

describe("one supporter per address", () => {
  it("the issue's check: a later pledge in capitals without Gift Aid is claimable under the first declaration", async () => {
    const first = await pledge("sam.okafor@example.org", { giftAid: true });
    const second = await pledge("  SAM.OKAFOR@EXAMPLE.ORG ");
    const db = getDb();
    const supporters = await db.selectFrom("supporters").selectAll().execute();
    expect(supporters).toHaveLength(1);
    const pledges = await db.selectFrom("pledges").select(["id", "supporter_id"]).orderBy("id").execute();
    expect(pledges.map((p) => p.supporter_id)).toEqual([supporters[0].id, supporters[0].id]);

    const today = nowIsoString().slice(0, 10);
    const one = await recordManualPayment(
      { pledgeId: first.id, receivedOn: today, amountPence: 2500, note: null, sendThanks: true },
      "admin",
    );
    const two = await recordManualPayment(
      { pledgeId: second.id, receivedOn: today, amountPence: 2500, note: null, sendThanks: true },
      "admin",
    );

    const { claimable, notCovered } = await listClaimCandidates();
    expect(notCovered).toEqual([]);
    expect(claimable.map((c) => c.paymentId).sort()).toEqual([one!.payment.id, two!.payment.id].sort());
    const declarationIds = new Set(claimable.map((c) => c.declarationId));
    expect(declarationIds.size).toBe(1);

    // The thank-you page of the second pledge reveals nothing about the first…
    expect(await getDeclarationForPledge(second.id)).toBeNull();
    // …but the e-mail, which only the address's owner reads, says the declaration covers it.
    const mails = await db
      .selectFrom("outbox")
      .select(["pledge_id", "text_body"])
      .where("kind", "=", "pledge.donor")
      .orderBy("id")
      .execute();
    expect(mails[1].pledge_id).toBe(second.id);
    expect(mails[1].text_body).toMatch(/It covers this gift too/);

    // The supporter's page shows both pledges, and the one declaration covering both gifts.
    const response = await run(
      pageRoute.loader,
      getRequest(`/admin/dashboard/supporters/${supporters[0].id}`, { cookie }),
      {
        id: String(supporters[0].id),
      },
    );
    const page = await bodyOf(response);
    const references = page.timeline.filter((e: any) => e.kind === "pledge").map((e: any) => e.title);
    expect(references).toHaveLength(2);
    expect(references.join(" ")).toContain(first.reference);
    expect(references.join(" ")).toContain(second.reference);
    expect(page.declarations).toHaveLength(1);
    expect(page.declarations[0].covers.map((g: any) => g.reference).sort()).toEqual(
      [first.reference, second.reference].sort(),
    );
  });

  it("keeps Gmail-style dots and +tags apart, and a first pledge without Gift Aid gets no Gift Aid line", async () => {
    await pledge("ab@gmail.com");
    await pledge("a.b@gmail.com");
    await pledge("ab+x@gmail.com");
    expect(await getDb().selectFrom("supporters").selectAll().execute()).toHaveLength(3);
    const mail = await getDb().selectFrom("outbox").select("text_body").where("kind", "=", "pledge.donor").execute();
    for (const m of mail) expect(m.text_body).not.toMatch(/It covers this gift too/);
  });

  it("says why a gift is not covered: received after the declaration was cancelled", async () => {
    const first = await pledge("late@example.org", { giftAid: true });
    const db = getDb();
    await db
      .updateTable("gift_aid_declarations")
      .set({ cancelled_at: "2026-01-10T12:00:00.000Z", declared_at: "2025-06-01T12:00:00.000Z" })
      .execute();
    const second = await pledge("late@example.org");
    await recordManualPayment(
      { pledgeId: first.id, receivedOn: "2025-12-01", amountPence: 1000, note: null, sendThanks: true },
      "admin",
    );
    await recordManualPayment(
      { pledgeId: second.id, receivedOn: "2026-02-01", amountPence: 1000, note: null, sendThanks: true },
      "admin",
    );
    const page = (await getSupporterPage(await supporterIdOf("late@example.org")))!;
    expect(page.declarations[0].covers.map((g) => g.receivedOn)).toEqual(["2025-12-01"]);
    expect(page.uncovered).toMatchObject([
      { receivedOn: "2026-02-01", reason: "Received on or after the day the declaration was cancelled" },
    ]);
    // The cancelled declaration covered no e-mail claim either: the second pledge's e-mail says nothing.
    const mails = await db.selectFrom("outbox").select("text_body").where("pledge_id", "=", second.id).execute();
    for (const m of mails) expect(m.text_body).not.toMatch(/It covers this gift too/);
  });
});

describe("the supporters list", () => {
  it("searches by name, e-mail and reference prefix, filters by Gift Aid, date range and monthly giving", async () => {
    const ada = await pledge("ada@example.org", { giftAid: true, last: "Lovelace" });
    await recordManualPayment(
      { pledgeId: ada.id, receivedOn: "2026-03-05", amountPence: 2500, note: null, sendThanks: true },
      "admin",
    );
    const monthly = await pledge("grace@example.org", { type: "monthly", last: "Hopper" });
    await recordManualPayment(
      { pledgeId: monthly.id, receivedOn: "2020-01-05", amountPence: 1000, note: null, sendThanks: true },
      "admin",
    );

    const names = async (query: Parameters<typeof supportersPage>[0]) =>
      (await supportersPage(query, 1)).rows.map((r) => r.displayName);
    expect(await names({ q: "lovel" })).toEqual(["Sam Lovelace"]);
    expect(await names({ q: "sam h" })).toEqual(["Sam Hopper"]);
    expect(await names({ q: "GRACE@" })).toEqual(["Sam Hopper"]);
    expect(await names({ q: ada.reference.slice(4, 8).toLowerCase() })).toEqual(["Sam Lovelace"]);
    expect(await names({ giftAid: true })).toEqual(["Sam Lovelace"]);
    expect(await names({ gaveFrom: "2026-03-05", gaveTo: "2026-03-05" })).toEqual(["Sam Lovelace"]);
    expect(await names({ gaveTo: "2026-03-04" })).toEqual(["Sam Hopper"]);
    expect(await names({ monthly: "lapsed" })).toEqual(["Sam Hopper"]);
    expect(await names({ monthly: "monthly" })).toEqual([]);

    const all = (await supportersPage({}, 1)).rows;
    const row = all.find((r) => r.displayName === "Sam Lovelace")!;
    expect(row).toMatchObject({
      lifetimePence: 2500,
      firstGiftOn: "2026-03-05",
      lastGiftOn: "2026-03-05",
      claimedPence: 0,
    });
    await createClaimBatch({ paymentIds: "all", actor: "admin" });
    const claimed = (await supportersPage({ q: "lovelace" }, 1)).rows[0];
    expect(claimed).toMatchObject({ claimedPence: 2500, giftAidClaimedPence: 625 });
  });

  it("answers bad filters with a 400 and the field's message, never a 500", async () => {
    const response = await run(
      listRoute.loader,
      getRequest("/admin/dashboard/supporters?from=31/02/2026&monthly=x", { cookie }),
    );
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.errors.from).toMatch(/first day/);
    expect(body.errors.monthly).toMatch(/monthly/);
    expect(body.raw.from).toBe("31/02/2026");
  });
});

describe("merging two supporters", () => {
  async function twoPeople() {
    const db = getDb();
    const a = await pledge("jo.home@example.org", { giftAid: true, last: "Bloggs" });
    await recordManualPayment(
      { pledgeId: a.id, receivedOn: "2026-03-01", amountPence: 2500, note: null, sendThanks: true },
      "admin",
    );
    const b = await pledge("jo.work@example.org", { last: "Bloggs" });
    await recordManualPayment(
      { pledgeId: b.id, receivedOn: "2026-03-02", amountPence: 4000, note: null, sendThanks: true },
      "admin",
    );
    await createEnquiry(db, {
      name: "Jo",
      email: "Jo.Work@example.org",
      subject: "general",
      message: "Hi",
      channel: "email",
    });
    await confirmedSubscriber(db, "jo.work@example.org");
    return {
      a,
      b,
      survivor: await supporterIdOf("jo.home@example.org"),
      merged: await supporterIdOf("jo.work@example.org"),
    };
  }

  it("previews, asks for confirmation, then moves every record in one audited transaction", async () => {
    const { survivor, merged, b } = await twoPeople();
    const path = `/admin/dashboard/supporters/${survivor}/merge`;
    const preview = await run(mergeRoute.loader, getRequest(`${path}?other=JO.WORK@example.org`, { cookie }), {
      id: String(survivor),
    });
    const body = await bodyOf(preview);
    expect(body.preview.moves).toEqual(
      expect.arrayContaining([
        { label: "pledge", count: 1 },
        { label: "payment (with its pledge)", count: 1 },
        { label: "newsletter subscription", count: 1 },
        { label: "enquiry", count: 1 },
        { label: "e-mail address", count: 1 },
      ]),
    );
    // Not confirmed: nothing moves.
    const unconfirmed = await run(
      mergeRoute.action,
      postForm(path, { other: String(merged), confirmed: "yes" }, { cookie }),
      { id: String(survivor) },
    );
    expect(unconfirmed.status).toBe(400);
    expect(await supporterIdOf("jo.work@example.org")).toBe(merged);

    const done = await run(
      mergeRoute.action,
      postForm(path, { other: String(merged), confirmed: "yes", understood: "yes" }, { cookie }),
      { id: String(survivor) },
    );
    expect(done.status).toBe(303);
    const db = getDb();
    for (const table of ["pledges", "gift_aid_declarations", "newsletter_subscribers", "contact_enquiries"] as const) {
      const owners = await db.selectFrom(table).select("supporter_id").execute();
      expect(new Set(owners.map((o) => o.supporter_id)), table).toEqual(new Set([survivor]));
    }
    expect(await db.selectFrom("supporters").select("id").execute()).toEqual([{ id: survivor }]);
    const emails = await db.selectFrom("supporter_emails").select(["address", "is_primary"]).orderBy("id").execute();
    expect(emails).toEqual([
      { address: "jo.home@example.org", is_primary: 1 },
      { address: "jo.work@example.org", is_primary: 0 },
    ]);
    const audit = await db.selectFrom("audit_events").selectAll().where("entity", "=", "supporter").execute();
    expect(audit).toMatchObject([{ entity_id: survivor, action: "supporter.merged", actor: "admin" }]);

    // The merged-away gift is now claimable under the survivor's enduring declaration.
    const { claimable } = await listClaimCandidates();
    expect(claimable.map((c) => c.pledgeId).sort()).toEqual(
      (await db.selectFrom("pledges").select("id").execute()).map((p) => p.id).sort(),
    );
    expect(claimable.some((c) => c.pledgeId === b.id)).toBe(true);

    // The survivor's privacy export holds both addresses' data, asked by either address.
    const exported = await run(
      exportRoute.loader,
      getRequest("/admin/dashboard/privacy/export.json?email=jo.home@example.org", { cookie }),
    );
    const data = JSON.parse(await exported.text());
    expect(data.addresses).toEqual(["jo.home@example.org", "jo.work@example.org"]);
    expect(data.pledges).toHaveLength(2);
    expect(data.enquiries).toHaveLength(1);
    expect(data.newsletter).toHaveLength(1);
    expect(data.giftAid).toHaveLength(1);
    expect((await findPersonalData("jo.work@example.org")).pledges).toHaveLength(2);
    const lookup = await run(
      privacyRoute.loader,
      getRequest("/admin/dashboard/privacy?email=JO.WORK@example.org", { cookie }),
    );
    expect((await bodyOf(lookup)).addresses).toEqual(["jo.home@example.org", "jo.work@example.org"]);
    // The moved pledge's page links to the survivor.
    const pledgePage = await run(pledgeRoute.loader, getRequest(`/admin/dashboard/donations/${b.id}`, { cookie }), {
      id: String(b.id),
    });
    expect((await bodyOf(pledgePage)).supporterId).toBe(survivor);
  });

  it("refuses merging a supporter with themselves or an unknown one, with the form again", async () => {
    const { survivor } = await twoPeople();
    const path = `/admin/dashboard/supporters/${survivor}/merge`;
    const self = await run(mergeRoute.loader, getRequest(`${path}?other=${survivor}`, { cookie }), {
      id: String(survivor),
    });
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).error).toMatch(/themselves/);
    const unknown = await run(mergeRoute.loader, getRequest(`${path}?other=nobody@example.org`, { cookie }), {
      id: String(survivor),
    });
    expect(unknown.status).toBe(400);
    const missing = await run(
      mergeRoute.loader,
      getRequest(`/admin/dashboard/supporters/999999/merge?other=1`, { cookie }),
      { id: "999999" },
    );
    expect(missing.status).toBe(404);
  });

  it("erases over all of a merged supporter's addresses, keeping paid pledges and the declaration behind a claim", async () => {
    const { survivor, merged } = await twoPeople();
    const unpaid = await pledge("jo.work@example.org", { last: "Bloggs" });
    await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await mergeSupporters(survivor, merged, "admin");
    const report = await erasePersonalData("jo.home@example.org", "admin");
    expect(report.enquiries.deleted).toBe(1);
    expect(report.newsletter.deleted).toBe(1);
    expect(report.pledges).toEqual({ deleted: 1, kept: 2 });
    expect(report.giftAid).toEqual({ deleted: 0, kept: 1 });
    expect(await getDb().selectFrom("pledges").select("id").where("id", "=", unpaid.id).execute()).toEqual([]);
  });
});
