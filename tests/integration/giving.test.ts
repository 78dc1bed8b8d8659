// Your giving (/giving): the link request (the same answer for an unknown address, throttled per
// address and per client), the single-use link (once, 1 hour, tampered), the donor session (its
// own cookie, 30 minutes idle), what the donor sees, and cancelling a Gift Aid declaration
// (claimed gifts stay claimed, later ones uncovered, staff see "by the donor").

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { getDb } from "~/infra/db.server";
import { londonToday, now, setClock } from "~/infra/clock.server";
import * as givingRoute from "~/routes/_public+/giving._index";
import * as accountRoute from "~/routes/_public+/giving.account";
import * as linkRoute from "~/routes/_public+/giving.link.$token";
import * as cancelRoute from "~/routes/_public+/giving.declarations.$id.cancel";
import * as signOutRoute from "~/routes/_public+/giving.sign-out";
import * as newsletterRoute from "~/routes/_public+/giving.newsletter";
import { newsletterConsent } from "~/content/newsletter-consent";
import * as dataRoute from "~/routes/_public+/giving.data[.]json";
import * as stopRoute from "~/routes/_public+/giving.pledges.$reference.stop";
import * as statementRoute from "~/routes/_public+/giving.statements.$year[.]pdf";
import * as supporterRoute from "~/routes/admin+/dashboard+/supporters.$id._index";
import { recordManualPayment } from "~/giving/services/donations.server";
import { DONOR_IDLE_MS, DONOR_LINK_TTL_MS, requestDonorLink } from "~/supporters/services/donor-sign-in.server";
import { createClaimBatch, listClaimCandidates } from "~/gift-aid/services/gift-aid-claims.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { runHousekeeping } from "~/site/services/housekeeping.server";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { resetDatabase } from "./helpers";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
  // Per client, a link request may be made as often as the public form allows in an hour.
  process.env.PUBLIC_FORM_LIMIT_PER_HOUR = "8";
});

const giftAid = {
  version: CURRENT_DECLARATION_VERSION,
  title: "Ms",
  house: "12",
  street: "Elm Road",
  town: "Leeds",
  postcode: "LS1 4AP",
};

let client = 0;
/** A fresh client address per request group, so the per-client throttle is met only on purpose. */
const nextClient = () => `198.51.100.${++client % 250}`;

async function giftAidDonor(email = "dana@example.com") {
  const pledge = await submitPledge({
    type: "one-time",
    amountPence: 4000,
    firstName: "Dana",
    lastName: "Mbeki",
    email,
    inHonour: false,
    giftAidDeclaration: giftAid,
  });
  const paid = await recordManualPayment(
    { pledgeId: pledge.id, receivedOn: londonToday(), amountPence: 4000, note: null, sendThanks: false },
    "admin",
  );
  return { pledge, payment: paid!.payment };
}

async function mailTo(email: string) {
  return getDb()
    .selectFrom("outbox")
    .selectAll()
    .where("to_address", "=", email)
    .where("kind", "=", "donor-giving-link")
    .orderBy("id", "desc")
    .execute();
}

async function linkPathIn(email: string): Promise<string> {
  const [mail] = await mailTo(email);
  const match = /https?:\/\/[^\s/]+(\/giving\/link\/[A-Za-z0-9_-]+)/.exec(mail.text_body);
  if (!match) throw new Error("no link");
  return match[1];
}

async function ask(email: string, forwardedFor = nextClient()) {
  return run(
    givingRoute.action,
    postForm("/giving?index", { email }, { headers: { "X-Forwarded-For": forwardedFor } }),
  );
}

/** Opens the link (its page, with the button) and presses "Sign in": the POST's answer. */
async function open(path: string, cookie?: string) {
  const token = path.split("/").pop()!;
  const page = await run(linkRoute.loader, getRequest(path, { cookie }), { token });
  if (page.status !== 200) return page;
  return run(linkRoute.action, postForm(path, {}, { cookie }), { token });
}

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];

/** What the signed-in page shows, or { portal: null } when the session has ended (sent back to /giving). */
async function portalOf(cookie: string) {
  const response = await run(accountRoute.loader, getRequest("/giving/account", { cookie }));
  if (response.status === 303) {
    expect(response.headers.get("Location")).toBe("/giving");
    return { portal: null };
  }
  return bodyOf(response);
}

async function signIn(email = "dana@example.com") {
  await requestDonorLink(email, postForm("/giving", {}, { headers: { "X-Forwarded-For": nextClient() } }), {
    minMs: 0,
  });
  const response = await open(await linkPathIn(email));
  expect(response.status).toBe(303);
  return cookieOf(response);
}

beforeEach(resetDatabase);
afterEach(() => setClock(null));

describe("asking for a link", () => {
  it("answers the same for a donor and an unknown address, and e-mails only the donor a link", async () => {
    await giftAidDonor();
    const known = await ask("Dana@Example.com ");
    const unknown = await ask("nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await bodyOf(known), await bodyOf(unknown)];
    // The same answer, but for the address said back (so a typo shows).
    expect({ ...a, email: undefined }).toEqual({ ...b, email: undefined });
    expect(a.sent).toBe(true);
    expect([a.email, b.email]).toEqual(["Dana@Example.com", "nobody@example.com"]);
    expect(await mailTo("nobody@example.com")).toHaveLength(0);
    const [mail] = await mailTo("dana@example.com");
    expect(mail.subject).toMatch(/Your giving/);
    expect(mail.text_body).toMatch(/works once, for 1 hour/);
    // Only the token's hash is stored.
    const token = (await linkPathIn("dana@example.com")).split("/").pop()!;
    const rows = await getDb().selectFrom("donor_links").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("throttles per address (from any client) and per client (whatever the address)", async () => {
    await giftAidDonor();
    for (let i = 0; i < 5; i++) expect((await ask("dana@example.com")).status).toBe(200);
    const refused = await ask("dana@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await bodyOf(refused)).result.error[""][0]).toMatch(/Too many tries/);
    expect(await mailTo("dana@example.com")).toHaveLength(5);

    // Per client: as many as the public form allows in an hour (8 here), then no more.
    const oneClient = "203.0.113.9";
    for (let i = 0; i < 8; i++) {
      await requestDonorLink(
        `someone${i}@example.com`,
        postForm("/giving", {}, { headers: { "X-Forwarded-For": oneClient } }),
        {
          minMs: 0,
        },
      );
    }
    await expect(
      requestDonorLink("another@example.com", postForm("/giving", {}, { headers: { "X-Forwarded-For": oneClient } })),
    ).rejects.toMatchObject({ status: 429 });
  });
});

describe("the link", () => {
  it("signs the donor in once: the page shows their reference and amount; a second opening says it was used", async () => {
    const { pledge } = await giftAidDonor();
    await requestDonorLink("dana@example.com", postForm("/giving", {}), { minMs: 0 });
    const path = await linkPathIn("dana@example.com");
    const first = await open(path);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/giving/account");
    const setCookie = first.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__donor=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/giving/);

    const { portal } = await portalOf(cookieOf(first));
    expect(portal.gifts).toEqual([
      expect.objectContaining({
        reference: pledge.reference,
        amountPence: 4000,
        giftAid: "to-claim",
        giftAidPence: 1000,
      }),
    ]);
    expect(portal.pledges[0]).toMatchObject({ reference: pledge.reference, amountPence: 4000, status: "paid" });

    const again = await open(path);
    expect(again.status).toBe(410);
    expect(await bodyOf(again)).toEqual({ reason: "used" });
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("is not used up by opening it (GET twice, HEAD, as mail scanners do): only the button's POST signs in", async () => {
    await giftAidDonor();
    await requestDonorLink("dana@example.com", postForm("/giving", {}), { minMs: 0 });
    const path = await linkPathIn("dana@example.com");
    const token = path.split("/").pop()!;
    for (const method of ["GET", "GET", "HEAD"]) {
      const page = await run(linkRoute.loader, new Request(new URL(path, "http://localhost").toString(), { method }), {
        token,
      });
      expect(page.status).toBe(200);
      expect(page.headers.get("Set-Cookie")).toBeNull();
      expect(await bodyOf(page)).toEqual({ reason: null });
    }
    expect(
      await getDb().selectFrom("donor_sessions").select("id").execute(),
      "no session from opening the link",
    ).toHaveLength(0);
    // A cross-site POST (a page elsewhere submitting the button) is refused and uses nothing up.
    const crossSite = await run(
      linkRoute.action,
      postForm(path, {}, { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" } }),
      { token },
    );
    expect(crossSite.status).toBe(403);

    const signedIn = await run(linkRoute.action, postForm(path, {}), { token });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/giving/account");
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/^__donor=/);
    const { portal } = await portalOf(cookieOf(signedIn));
    expect(portal).not.toBeNull();
    // Used now: opening it again says so.
    const after = await run(linkRoute.loader, getRequest(path), { token });
    expect(after.status).toBe(410);
    expect(await bodyOf(after)).toEqual({ reason: "used" });
  });

  it("has expired after an hour, and a tampered one is not ours", async () => {
    await giftAidDonor();
    await requestDonorLink("dana@example.com", postForm("/giving", {}), { minMs: 0 });
    const path = await linkPathIn("dana@example.com");
    const tampered = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
    const bad = await open(tampered);
    expect(bad.status).toBe(404);
    expect(await bodyOf(bad)).toEqual({ reason: "invalid" });

    const start = now();
    setClock(() => start + DONOR_LINK_TTL_MS + 1000);
    const late = await open(path);
    expect(late.status).toBe(410);
    expect(await bodyOf(late)).toEqual({ reason: "expired" });
  });

  it("is no staff session: the donor cookie opens no staff page, and staff sessions are untouched", async () => {
    await giftAidDonor();
    const cookie = await signIn();
    const staff = await run(supporterRoute.loader, getRequest("/admin/dashboard/supporters/1", { cookie }), {
      id: "1",
    });
    expect(staff.status).toBe(302);
    expect(staff.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await getDb().selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });
});

describe("the donor session", () => {
  it("ends after 30 minutes idle, and stays while the donor is active", async () => {
    await giftAidDonor();
    const cookie = await signIn();
    const start = now();
    setClock(() => start + DONOR_IDLE_MS - 60_000);
    expect((await portalOf(cookie)).portal).not.toBeNull();
    // Active a moment ago: another 29 minutes is still within the idle limit.
    setClock(() => start + 2 * DONOR_IDLE_MS - 120_000);
    expect((await portalOf(cookie)).portal).not.toBeNull();
    setClock(() => start + 3 * DONOR_IDLE_MS);
    expect((await portalOf(cookie)).portal).toBeNull();
  });

  it("ends when the donor signs out", async () => {
    await giftAidDonor();
    const cookie = await signIn();
    const out = await run(signOutRoute.action, postForm("/giving/sign-out", {}, { cookie }));
    expect(out.status).toBe(303);
    expect((await portalOf(cookie)).portal).toBeNull();
  });
});

describe("cancelling a Gift Aid declaration", () => {
  it("asks first; then claimed gifts stay claimed, later gifts are not covered, and staff see it was the donor", async () => {
    const { pledge, payment } = await giftAidDonor();
    const { claimable } = await listClaimCandidates();
    expect(claimable.map((c) => c.paymentId)).toEqual([payment.id]);
    await createClaimBatch({ paymentIds: [payment.id], actor: "admin" });
    const cookie = await signIn();
    const { portal } = await portalOf(cookie);
    const declarationId = portal.declarations[0].id;
    expect(portal.gifts[0]).toMatchObject({ giftAid: "claimed", giftAidPence: 1000 });

    const confirm = await run(
      cancelRoute.loader,
      getRequest(`/giving/declarations/${declarationId}/cancel`, { cookie }),
      {
        id: String(declarationId),
      },
    );
    expect(confirm.status).toBe(200);
    expect((await bodyOf(confirm)).declaration.cancelledOn).toBeNull();

    const done = await run(
      cancelRoute.action,
      postForm(`/giving/declarations/${declarationId}/cancel`, {}, { cookie }),
      { id: String(declarationId) },
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/giving/account");

    // A gift received tomorrow is not covered; the claimed one stays claimed.
    const start = now();
    setClock(() => start + 24 * 60 * 60 * 1000);
    await recordManualPayment(
      { pledgeId: pledge.id, receivedOn: londonToday(), amountPence: 500, note: null, sendThanks: false },
      "admin",
    );
    expect((await listClaimCandidates()).claimable).toEqual([]);
    setClock(null);
    const after = (await portalOf(cookie)).portal;
    expect(after.declarations[0].cancelledOn).not.toBeNull();
    expect(after.gifts.find((g: { paymentId: number }) => g.paymentId === payment.id)).toMatchObject({
      giftAid: "claimed",
    });

    const { cookie: staff } = await adminCookie();
    const supporterId = (await getDb().selectFrom("pledges").select("supporter_id").executeTakeFirstOrThrow())
      .supporter_id!;
    const page = await bodyOf(
      await run(supporterRoute.loader, getRequest(`/admin/dashboard/supporters/${supporterId}`, { cookie: staff }), {
        id: String(supporterId),
      }),
    );
    expect(page.declarations[0]).toMatchObject({ cancelledByDonor: true });
    expect(page.timeline.map((e: { title: string }) => e.title)).toContain(
      `Gift Aid declaration ${declarationId} cancelled by the donor`,
    );
    const audit = await getDb().selectFrom("audit_events").selectAll().where("entity", "=", "declaration").execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: "declaration.cancelled", actor: "the donor (Your giving)" }),
    ]);

    // Twice: already cancelled, the confirmation goes back to the page.
    const twice = await run(
      cancelRoute.loader,
      getRequest(`/giving/declarations/${declarationId}/cancel`, { cookie }),
      {
        id: String(declarationId),
      },
    );
    expect(twice.status).toBe(303);
  });

  it("refuses another supporter's declaration, and a post without a session goes back to /giving", async () => {
    await giftAidDonor();
    const other = await submitPledge({
      type: "one-time",
      amountPence: 1000,
      firstName: "Olu",
      lastName: "Ade",
      email: "olu@example.com",
      inHonour: false,
      giftAidDeclaration: giftAid,
    });
    const theirs = await getDb()
      .selectFrom("gift_aid_declarations")
      .select("id")
      .where("pledge_id", "=", other.id)
      .executeTakeFirstOrThrow();
    const cookie = await signIn();
    const refused = await run(
      cancelRoute.action,
      postForm(`/giving/declarations/${theirs.id}/cancel`, {}, { cookie }),
      {
        id: String(theirs.id),
      },
    );
    expect(refused.status).toBe(404);
    const anonymous = await run(cancelRoute.action, postForm(`/giving/declarations/${theirs.id}/cancel`, {}), {
      id: String(theirs.id),
    });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe("/giving");
    const row = await getDb()
      .selectFrom("gift_aid_declarations")
      .select("cancelled_at")
      .where("id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(row.cancelled_at).toBeNull();
  });
});

describe("pledges, declarations and statements", () => {
  it("shows an open pledge's amount to pay, the declaration's exact words, and downloads a tax year's statement", async () => {
    const { pledge } = await giftAidDonor();
    const open = await submitPledge({
      type: "one-time",
      amountPence: 2500,
      firstName: "Dana",
      lastName: "Mbeki",
      email: "dana@example.com",
      inHonour: false,
      giftAidDeclaration: null,
    });
    const cookie = await signIn();
    const { portal } = await portalOf(cookie);
    expect(portal.pledges).toEqual([
      expect.objectContaining({ reference: open.reference, status: "pending", outstandingPence: 2500, payBy: "bank" }),
      expect.objectContaining({ reference: pledge.reference, status: "paid", outstandingPence: 0 }),
    ]);
    const stored = await getDb().selectFrom("gift_aid_declarations").selectAll().executeTakeFirstOrThrow();
    expect(portal.declarations[0]).toMatchObject({
      text: stored.declaration_text,
      version: CURRENT_DECLARATION_VERSION,
      covers: [expect.objectContaining({ reference: pledge.reference, amountPence: 4000 })],
    });
    expect(portal.statementYears).toHaveLength(1);
    const { year } = portal.statementYears[0];

    const pdf = await run(statementRoute.loader, getRequest(`/giving/statements/${year}.pdf`, { cookie }), {
      year: String(year),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename="giving-statement-/);
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const signedOut = await run(statementRoute.loader, getRequest(`/giving/statements/${year}.pdf`), {
      year: String(year),
    });
    expect(signedOut.status).toBe(303);
    const bad = await run(statementRoute.loader, getRequest("/giving/statements/1999.pdf", { cookie }), {
      year: "1999",
    });
    expect(bad.status).toBe(404);
  });
});

describe("the way in", () => {
  it("every donor e-mail links to Your giving", async () => {
    await giftAidDonor();
    const mail = await getDb().selectFrom("outbox").selectAll().where("kind", "!=", "donor-giving-link").execute();
    const donorMail = mail.filter((m) => m.to_address === "dana@example.com");
    expect(donorMail.length).toBeGreaterThan(0);
    for (const m of donorMail) {
      expect(m.text_body).toMatch(/at Your giving:\nhttps?:\/\/[^\s]+\/giving\n/);
      expect(m.html_body).toMatch(/href="https?:\/\/[^"]+\/giving"/);
    }
  });
});

describe("what the donor can do", () => {
  it("downloads their own data, audited as theirs", async () => {
    const { pledge } = await giftAidDonor();
    const cookie = await signIn();
    const response = await run(dataRoute.loader, getRequest("/giving/data.json", { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-/);
    const body = await response.text();
    expect(body).toContain(pledge.reference);
    expect(body).toContain("dana@example.com");
    const audit = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "donor.data-downloaded")
      .execute();
    expect(audit).toHaveLength(1);
    expect((await run(dataRoute.loader, getRequest("/giving/data.json"))).status).toBe(303);
  });

  it("stops a monthly bank gift after a confirmation that says to cancel the standing order; staff see it cancelled by the donor", async () => {
    await giftAidDonor();
    const monthly = await submitPledge({
      type: "monthly",
      amountPence: 1500,
      firstName: "Dana",
      lastName: "Mbeki",
      email: "dana@example.com",
      inHonour: false,
      giftAidDeclaration: null,
    });
    const cookie = await signIn();
    const path = `/giving/pledges/${monthly.reference}/stop`;
    const confirm = await run(stopRoute.loader, getRequest(path, { cookie }), { reference: monthly.reference });
    expect(confirm.status).toBe(200);
    expect((await bodyOf(confirm)).gift).toMatchObject({ reference: monthly.reference, amountPence: 1500 });

    const done = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: monthly.reference });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/giving/account");
    const row = await getDb().selectFrom("pledges").selectAll().where("id", "=", monthly.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect(row.cancel_reason).toMatch(/by the donor/);
    const { portal } = await portalOf(cookie);
    expect(portal.pledges.find((p: { reference: string }) => p.reference === monthly.reference).status).toBe(
      "cancelled",
    );
    // Again: nothing to stop, back to the page.
    expect((await run(stopRoute.loader, getRequest(path, { cookie }), { reference: monthly.reference })).status).toBe(
      303,
    );
    const again = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: monthly.reference });
    expect(again.status).toBe(409);
  });

  it("cannot stop someone else's gift or a one-time gift", async () => {
    const { pledge } = await giftAidDonor();
    const other = await submitPledge({
      type: "monthly",
      amountPence: 1500,
      firstName: "Olu",
      lastName: "Ade",
      email: "olu@example.com",
      inHonour: false,
      giftAidDeclaration: null,
    });
    const cookie = await signIn();
    const theirs = await run(stopRoute.action, postForm(`/giving/pledges/${other.reference}/stop`, {}, { cookie }), {
      reference: other.reference,
    });
    expect(theirs.status).toBe(404);
    const once = await run(stopRoute.action, postForm(`/giving/pledges/${pledge.reference}/stop`, {}, { cookie }), {
      reference: pledge.reference,
    });
    expect(once.status).toBe(409);
  });
});

describe("the newsletter switch", () => {
  it("turns the newsletter on and off with the words shown recorded, audited as the donor's", async () => {
    await giftAidDonor();
    const cookie = await signIn();
    expect((await portalOf(cookie)).portal.newsletter).toBe(false);
    const on = await run(newsletterRoute.action, postForm("/giving/newsletter", { newsletter: "on" }, { cookie }));
    expect(on.status).toBe(303);
    expect((await portalOf(cookie)).portal.newsletter).toBe(true);
    const subscriber = await getDb()
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "dana@example.com")
      .executeTakeFirstOrThrow();
    expect(subscriber.status).toBe("confirmed");
    await run(newsletterRoute.action, postForm("/giving/newsletter", { newsletter: "off" }, { cookie }));
    expect((await portalOf(cookie)).portal.newsletter).toBe(false);
    const events = await getDb()
      .selectFrom("newsletter_consent_events")
      .select(["kind", "wording"])
      .where("subscriber_id", "=", subscriber.id)
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { kind: "signed-up", wording: newsletterConsent.givingOn },
      { kind: "confirmed", wording: newsletterConsent.givingOn },
      { kind: "unsubscribed", wording: newsletterConsent.givingOff },
    ]);
    const audit = await getDb()
      .selectFrom("audit_events")
      .select("action")
      .where("action", "like", "donor.newsletter%")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["donor.newsletter-on", "donor.newsletter-off"]);
    // Without a session nothing changes.
    const anonymous = await run(newsletterRoute.action, postForm("/giving/newsletter", { newsletter: "on" }));
    expect(anonymous.status).toBe(303);
    expect((await portalOf(cookie)).portal.newsletter).toBe(false);
  });
});

describe("housekeeping", () => {
  it("deletes links a day after they expired and sessions that ended, keeping live ones", async () => {
    await giftAidDonor();
    const cookie = await signIn();
    expect(await getDb().selectFrom("donor_links").selectAll().execute()).toHaveLength(1);
    const start = now();
    expect((await runHousekeeping(new Date(start + 60_000))).staleDonorRows).toBe(0);
    expect((await portalOf(cookie)).portal).not.toBeNull();
    expect((await runHousekeeping(new Date(start + 26 * 60 * 60 * 1000))).staleDonorRows).toBe(2);
    expect(await getDb().selectFrom("donor_sessions").selectAll().execute()).toHaveLength(0);
  });
});
