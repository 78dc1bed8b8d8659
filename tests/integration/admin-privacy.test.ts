// Privacy requests: lookup by address in any letter case, the JSON export, and erasure rules
// (enquiries, subscription and unpaid pledges deleted; paid pledges kept), audited by counts.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { createEnquiry } from "~/supporters/models/enquiry.server";
import { createPledge } from "~/giving/models/pledge.server";
import * as eraseRoute from "~/routes/admin+/dashboard+/privacy.erase";
import * as exportRoute from "~/routes/admin+/dashboard+/privacy.export[.]json";
import * as lookupRoute from "~/routes/admin+/dashboard+/privacy._index";
import { erasePersonalData, findPersonalData } from "~/supporters/services/privacy.server";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { resetDatabase, confirmedSubscriber } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const PRIVACY = "/admin/dashboard/privacy";

async function person(email = "Jane.Doe@Example.org") {
  const db = getDb();
  const enquiry = await createEnquiry(db, { name: "Jane", email, subject: "general", message: "Hi", channel: "email" });
  await createEnquiry(db, {
    name: "Jane",
    email: email.toLowerCase(),
    subject: "media",
    message: "Again",
    channel: "whatsapp",
  });
  await confirmedSubscriber(db, email.toUpperCase());
  const pledge = {
    type: "one-time" as const,
    amountPence: 2500,
    firstName: "Jane",
    lastName: "Doe",
    email,
    inHonour: false,
  };
  const unpaid = await createPledge(db, pledge);
  const paid = await createPledge(db, { ...pledge, amountPence: 1000 });
  await db
    .insertInto("payments")
    .values({
      pledge_id: paid.id,
      received_on: "2030-01-05",
      amount_pence: 1000,
      method: "manual",
      recorded_by: "admin",
      created_at: new Date().toISOString(),
    })
    .execute();
  // Someone else, who must not be touched.
  await createEnquiry(db, {
    name: "Other",
    email: "jane.doe@example.com",
    subject: "general",
    message: "x",
    channel: "email",
  });
  await createPledge(db, { ...pledge, email: "xjane.doe@example.org" });
  return { enquiry, unpaid, paid };
}

describe("finding a person's data", () => {
  it("finds enquiries, pledges with payments and the subscription in any letter case, nobody else's", async () => {
    const { paid } = await person();
    const response = await run(lookupRoute.loader, getRequest(`${PRIVACY}?email=JANE.DOE%40example.ORG`, { cookie }));
    expect(response.status).toBe(200);
    const { data } = await bodyOf(response);
    expect(data.enquiries).toHaveLength(2);
    expect(data.newsletter).toHaveLength(1);
    expect(data.pledges).toHaveLength(2);
    const paidPledge = data.pledges.find((p: { id: number }) => p.id === paid.id);
    expect(paidPledge.payments).toMatchObject([{ amount_pence: 1000, received_on: "2030-01-05" }]);
    expect(paidPledge.payments[0]).not.toHaveProperty("bank_line");
  });

  it.each(["", "not-an-address", "a@", "x".repeat(300) + "@example.org"])(
    "answers the bad address %j with a 400 and the input kept",
    async (email) => {
      const response = await run(
        lookupRoute.loader,
        getRequest(`${PRIVACY}?email=${encodeURIComponent(email)}`, { cookie }),
      );
      expect(response.status).toBe(400);
      const body = await bodyOf(response);
      expect(body.error).toBeTruthy();
      expect(body.email).toBe(email);
    },
  );

  it("shows only the form without an address, and needs a signed-in user", async () => {
    expect((await bodyOf(await run(lookupRoute.loader, getRequest(PRIVACY, { cookie })))).data).toBeNull();
    expect((await run(lookupRoute.loader, getRequest(`${PRIVACY}?email=a@b.org`))).status).toBe(302);
    expect((await run(exportRoute.loader, getRequest(`${PRIVACY}/export.json?email=a@b.org`))).status).toBe(302);
  });
});

describe("the subject access export", () => {
  it("downloads everything held as private JSON", async () => {
    await person();
    const response = await run(
      exportRoute.loader,
      getRequest(`${PRIVACY}/export.json?email=jane.doe@example.org`, { cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await bodyOf(response);
    expect(body.subject).toBe("jane.doe@example.org");
    expect(body.enquiries.map((e: { message: string }) => e.message).sort()).toEqual(["Again", "Hi"]);
    expect(body.pledges).toHaveLength(2);
    expect(body.newsletter).toHaveLength(1);
    const bad = await run(exportRoute.loader, getRequest(`${PRIVACY}/export.json?email=nope`, { cookie }));
    expect(bad.status).toBe(400);
  });
});

describe("erasure", () => {
  it("deletes enquiries, the subscription and unpaid pledges, keeps paid pledges, and audits counts only", async () => {
    const { paid, unpaid } = await person();
    const report = await erasePersonalData("JANE.doe@example.org", "admin");
    expect(report).toEqual({
      enquiries: { deleted: 2, kept: 0 },
      giftAid: { deleted: 0, kept: 0 },
      pledges: { deleted: 1, kept: 1 },
      newsletter: { deleted: 1, kept: 0 },
      volunteers: { deleted: 0, kept: 0 },
      eventBookings: { deleted: 0, kept: 0 },
      eventWaitlist: { deleted: 0, kept: 0 },
    });
    const left = await findPersonalData("jane.doe@example.org");
    expect(left.enquiries).toHaveLength(0);
    expect(left.newsletter).toHaveLength(0);
    expect(left.pledges.map((p) => p.id)).toEqual([paid.id]);
    expect(left.pledges.map((p) => p.id)).not.toContain(unpaid.id);
    // Other people untouched.
    expect(await getDb().selectFrom("contact_enquiries").select("email").execute()).toEqual([
      { email: "jane.doe@example.com" },
    ]);
    expect(
      await getDb().selectFrom("pledges").select("email").where("email", "=", "xjane.doe@example.org").execute(),
    ).toHaveLength(1);

    const audit = await getDb().selectFrom("audit_events").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "privacy", entity_id: null, action: "privacy.erased", actor: "admin" });
    expect(audit[0].detail).toBe(
      "enquiries: 2 deleted; Gift Aid declarations: 0 deleted; pledges: 1 deleted, 1 kept; newsletter subscriptions: 1 deleted; volunteer applications: 0 deleted; event bookings: 0 deleted; event waiting lists: 0 deleted",
    );
    expect(JSON.stringify(audit[0]).toLowerCase()).not.toContain("jane");
  });

  it("finds Gift Aid declarations, erases those never paid with their pledge, and keeps claimable ones", async () => {
    const unpaid = await pledgeWithDeclaration();
    const paid = await pledgeWithDeclaration();
    // Both under one address, as one donor giving twice.
    await getDb().updateTable("pledges").set({ email: "gift.donor@example.org" }).execute();
    await getDb().updateTable("gift_aid_declarations").set({ email: "gift.donor@example.org" }).execute();
    await recordPaymentForTest(paid.pledge.id, "2026-01-10", 5000);

    const found = await findPersonalData("Gift.Donor@example.org");
    expect(found.giftAid.map((d) => d.postcode)).toEqual(["LS1 4AP", "LS1 4AP"]);

    const report = await erasePersonalData("gift.donor@example.org", "admin");
    expect(report.giftAid).toEqual({ deleted: 1, kept: 1 });
    expect(report.pledges).toEqual({ deleted: 1, kept: 1 });
    const left = await findPersonalData("gift.donor@example.org");
    expect(left.giftAid.map((d) => d.pledge_id)).toEqual([paid.pledge.id]);
    expect(left.pledges.map((p) => p.id)).toEqual([paid.pledge.id]);
    expect(unpaid.declarationId).not.toBeNull();
  });

  it("asks for confirmation without it, then erases and returns to the lookup saying so", async () => {
    await person();
    const unconfirmed = await run(
      eraseRoute.action,
      postForm(`${PRIVACY}/erase`, { email: "jane.doe@example.org" }, { cookie }),
    );
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`${PRIVACY}/erase?email=jane.doe%40example.org`);
    expect((await findPersonalData("jane.doe@example.org")).enquiries).toHaveLength(2);

    const page = await bodyOf(
      await run(eraseRoute.loader, getRequest(`${PRIVACY}/erase?email=jane.doe%40example.org`, { cookie })),
    );
    expect(page.data.enquiries).toHaveLength(2);

    const confirmed = await run(
      eraseRoute.action,
      postForm(`${PRIVACY}/erase`, { email: "jane.doe@example.org", confirmed: "yes" }, { cookie }),
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`${PRIVACY}?email=jane.doe%40example.org`);
    expect((await findPersonalData("jane.doe@example.org")).enquiries).toHaveLength(0);
    const after = await bodyOf(
      await run(
        lookupRoute.loader,
        getRequest(confirmed.headers.get("Location")!, {
          cookie: `${cookie}; ${(confirmed.headers.get("Set-Cookie") ?? "").split(";")[0]}`,
        }),
      ),
    );
    expect(after.erased).toBe("Erased. Anything still listed below is kept by law.");
    expect(after.data.pledges).toHaveLength(1);
  });

  it("refuses bad addresses (400) and cross-site posts (403)", async () => {
    await person();
    expect(
      (await run(eraseRoute.action, postForm(`${PRIVACY}/erase`, { email: "", confirmed: "yes" }, { cookie }))).status,
    ).toBe(400);
    expect((await run(eraseRoute.action, postForm(`${PRIVACY}/erase`, { confirmed: "yes" }, { cookie }))).status).toBe(
      400,
    );
    expect((await run(eraseRoute.loader, getRequest(`${PRIVACY}/erase?email=x`, { cookie }))).status).toBe(400);
    const cross = await run(
      eraseRoute.action,
      postForm(
        `${PRIVACY}/erase`,
        { email: "jane.doe@example.org", confirmed: "yes" },
        { cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } },
      ),
    );
    expect(cross.status).toBe(403);
    expect((await findPersonalData("jane.doe@example.org")).enquiries).toHaveLength(2);
  });
});
