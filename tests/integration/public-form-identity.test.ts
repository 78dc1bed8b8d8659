// Issue 50 item 2: an e-mail address is not a person. Bob has a £100 payment from 2024 without
// Gift Aid; a stranger posts /donate (£5, never paid) with Bob's address, the name "Mallory
// Stranger", a made-up address and Gift Aid ticked. Bob's £100 must not become claimable, Bob's
// name and address must not change, and no claim may carry the stranger's details, until Bob
// confirms the declaration at Your giving or staff accept it; the stranger's name and address
// wait beside Bob's record for staff to merge or reject; the thank-you page tells the poster
// nothing about the address.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { action as donateAction } from "~/routes/_public+/donate/route";
import { loader as thankYouLoader } from "~/routes/_public+/donate_.thank-you.$reference";
import * as accountRoute from "~/routes/_public+/giving.account";
import * as confirmRoute from "~/routes/_public+/giving.declarations.$id.confirm";
import * as supporterRoute from "~/routes/admin+/dashboard+/supporters.$id._index";
import { recordManualPayment } from "~/giving/services/donations.server";
import { createClaimBatch, listClaimCandidates } from "~/gift-aid/services/gift-aid-claims.server";
import { buildStatement } from "~/supporters/services/giving-statements.server";
import { UNCONFIRMED_REASON } from "~/gift-aid/utils/gift-aid";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { signInDonor } from "./giving-support";
import { formRequest, resetDatabase } from "./helpers";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

const at = (iso: string) => setClock(() => Date.parse(iso));

let client = 0;
/** A post to /donate from its own loopback address, as the probe sent them. */
async function donate(fields: Record<string, string>): Promise<string> {
  const request = formRequest("/donate", fields, { headers: { "X-Forwarded-For": `127.0.0.${++client + 1}` } });
  const response = (await donateAction({ request, params: {}, context: {} } as never)) as Response;
  if (response.status !== 303) throw new Error(`${response.status}: ${await response.text()}`);
  return response.headers.get("Location")!.split("/").pop()!;
}

async function thankYou(reference: string) {
  const response = (await thankYouLoader({
    request: new Request(`http://localhost/donate/thank-you/${reference}`),
    params: { reference },
    context: {},
  } as never)) as Response;
  return response.json();
}

const stranger = {
  customAmount: "5",
  firstName: "Mallory",
  lastName: "Stranger",
  email: "bob@example.com",
  giftAid: "on",
  giftAidVersion: CURRENT_DECLARATION_VERSION,
  house: "99",
  street: "Made Up Lane",
  town: "Nowhere",
  postcode: "SW1A 1AA",
};

async function bobAndTheStranger() {
  at("2024-05-01T10:00:00.000Z");
  const bobRef = await donate({ customAmount: "100", firstName: "Bob", lastName: "Jones", email: "bob@example.com" });
  const bob = await getDb().selectFrom("pledges").selectAll().where("reference", "=", bobRef).executeTakeFirstOrThrow();
  await recordManualPayment(
    { pledgeId: bob.id, receivedOn: "2024-05-03", amountPence: 10000, note: null, sendThanks: false },
    "admin",
  );
  at("2026-11-28T12:00:00.000Z");
  const strangerRef = await donate(stranger);
  const bobPayment = await getDb().selectFrom("payments").select("id").executeTakeFirstOrThrow();
  return { bob, supporterId: bob.supporter_id!, bobPaymentId: bobPayment.id, strangerRef };
}

beforeEach(async () => {
  await resetDatabase();
  client = 0;
});
afterEach(() => setClock(null));

describe("a stranger's donation with Bob's e-mail address", () => {
  it("makes none of Bob's gifts claimable, changes nothing of Bob's, and waits for staff beside his record", async () => {
    const { supporterId, bobPaymentId, strangerRef } = await bobAndTheStranger();

    // Not claimable, not in a batch, and no claim carries the stranger's details.
    const lists = await listClaimCandidates();
    expect(lists.claimable).toEqual([]);
    expect(lists.notCovered.map((c) => [c.paymentId, c.problems])).toEqual([[bobPaymentId, [UNCONFIRMED_REASON]]]);
    await expect(createClaimBatch({ paymentIds: "all", actor: "admin" })).rejects.toThrow(/no claimable payments/);
    expect(await getDb().selectFrom("gift_aid_claim_items").selectAll().execute()).toEqual([]);

    // Bob's record: his name, no address; the statement is his.
    const supporter = await getDb()
      .selectFrom("supporters")
      .selectAll()
      .where("id", "=", supporterId)
      .executeTakeFirstOrThrow();
    expect(supporter).toMatchObject({ display_name: "Bob Jones", first_name: null, postcode: null });
    const statement = await buildStatement(
      (await getDb().selectFrom("pledges").select("id").executeTakeFirstOrThrow()).id,
      2024,
    );
    expect(statement?.statement.donorName).toBe("Bob Jones");
    expect(statement?.statement.gifts.map((g) => g.giftAid)).toEqual([false]);

    // Bob's Your giving: his name and none of the stranger's details as his; the declaration waits for him.
    const cookie = await signInDonor("bob@example.com");
    const account = await bodyOf(await run(accountRoute.loader, getRequest("/giving/account", { cookie })));
    expect(account.portal.name).toBe("Bob Jones");
    expect(account.details).toMatchObject({ firstName: "Bob", lastName: "Jones", house: "", postcode: "" });
    expect(account.portal.gifts.map((g: { giftAid: string }) => g.giftAid)).toEqual(["none"]);
    expect(account.portal.declarations).toHaveLength(1);
    expect(account.portal.declarations[0].waiting).toEqual({
      name: "Mallory Stranger",
      address: "99 Made Up Lane, Nowhere, SW1A 1AA",
    });

    // Staff see the stranger's details waiting, and the declaration waiting for confirmation.
    const { cookie: staff } = await adminCookie();
    const page = await bodyOf(
      await run(supporterRoute.loader, getRequest(`/admin/dashboard/supporters/${supporterId}`, { cookie: staff }), {
        id: String(supporterId),
      }),
    );
    expect(page.pending).toMatchObject([
      { name: "Mallory Stranger", address: "99 Made Up Lane, Nowhere, SW1A 1AA", source: "the donate form" },
    ]);
    expect(page.declarations[0]).toMatchObject({ waitingConfirmation: true });

    // The stranger's thank-you page is the same as a new donor's: nothing of Bob's, nothing about the address.
    const theirs = await thankYou(strangerRef);
    const fresh = await thankYou(await donate({ ...stranger, email: "someone-new@example.com" }));
    const theirPage = { ...theirs, reference: "" };
    const freshPage = { ...fresh, reference: "" };
    expect({ ...theirPage, declaration: { ...theirPage.declaration, id: 0, declaredAt: "" } }).toEqual({
      ...freshPage,
      declaration: { ...freshPage.declaration, id: 0, declaredAt: "" },
    });
    expect(JSON.stringify(theirs)).not.toMatch(/Bob|Jones/);
  });

  it("once Bob confirms the declaration at Your giving, it covers his past gift as any confirmed one does", async () => {
    const { bobPaymentId } = await bobAndTheStranger();
    const cookie = await signInDonor("bob@example.com");
    const declaration = await getDb().selectFrom("gift_aid_declarations").select("id").executeTakeFirstOrThrow();
    const page = await run(
      confirmRoute.loader,
      getRequest(`/giving/declarations/${declaration.id}/confirm`, { cookie }),
      { id: String(declaration.id) },
    );
    expect(page.status).toBe(200);
    expect((await bodyOf(page)).waiting.name).toBe("Mallory Stranger");
    const done = await run(
      confirmRoute.action,
      postForm(`/giving/declarations/${declaration.id}/confirm`, {}, { cookie }),
      { id: String(declaration.id) },
    );
    expect(done.status).toBe(303);
    expect((await listClaimCandidates()).claimable.map((c) => c.paymentId)).toEqual([bobPaymentId]);
    // Confirmed once: a second confirmation is refused, and another donor cannot confirm it.
    const again = await run(
      confirmRoute.action,
      postForm(`/giving/declarations/${declaration.id}/confirm`, {}, { cookie }),
      { id: String(declaration.id) },
    );
    expect(again.status).toBe(409);
    const audit = await getDb()
      .selectFrom("audit_events")
      .select(["action", "actor"])
      .where("entity", "=", "declaration")
      .execute();
    expect(audit).toContainEqual({ action: "declaration.confirmed", actor: "the donor (Your giving)" });
  });

  it("staff accept the declaration, merge or reject the details: each audited, nothing applied before", async () => {
    const { supporterId, bobPaymentId } = await bobAndTheStranger();
    const { cookie } = await adminCookie();
    const declaration = await getDb().selectFrom("gift_aid_declarations").select("id").executeTakeFirstOrThrow();
    const path = `/admin/dashboard/supporters/${supporterId}`;
    const params = { id: String(supporterId) };
    // Rejecting the details leaves Bob's record as it is.
    const [pending] = await getDb().selectFrom("supporter_pending_details").select("id").execute();
    const rejected = await run(
      supporterRoute.action,
      postForm(path, { intent: "reject-details", id: String(pending.id) }, { cookie }),
      params,
    );
    expect(rejected.status).toBe(303);
    expect(
      (await getDb().selectFrom("supporters").select("display_name").where("id", "=", supporterId).executeTakeFirst())
        ?.display_name,
    ).toBe("Bob Jones");
    const twice = await run(
      supporterRoute.action,
      postForm(path, { intent: "merge-details", id: String(pending.id) }, { cookie }),
      params,
    );
    expect(twice.status).toBe(409);

    expect((await listClaimCandidates()).claimable).toEqual([]);
    const accepted = await run(
      supporterRoute.action,
      postForm(path, { intent: "accept-declaration", id: String(declaration.id) }, { cookie }),
      params,
    );
    expect(accepted.status).toBe(303);
    expect((await listClaimCandidates()).claimable.map((c) => c.paymentId)).toEqual([bobPaymentId]);

    // A second stranger: the details merged this time become the record's.
    await donate({ ...stranger, firstName: "Robert", lastName: "Jones", house: "1", street: "Real Road" });
    const [second] = await getDb()
      .selectFrom("supporter_pending_details")
      .select("id")
      .where("resolved_at", "is", null)
      .execute();
    const merged = await run(
      supporterRoute.action,
      postForm(path, { intent: "merge-details", id: String(second.id) }, { cookie }),
      params,
    );
    expect(merged.status).toBe(303);
    expect(
      await getDb()
        .selectFrom("supporters")
        .select(["display_name", "house_name_or_number", "postcode"])
        .where("id", "=", supporterId)
        .executeTakeFirst(),
    ).toEqual({ display_name: "Robert Jones", house_name_or_number: "1", postcode: "SW1A 1AA" });
    const audit = await getDb()
      .selectFrom("audit_events")
      .select("action")
      .where("entity", "in", ["supporter", "declaration"])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["supporter.details-rejected", "declaration.confirmed", "supporter.details-merged"]),
    );
  });

  it("a declaration with a supporter's first gift still covers their later gifts and the 4 years before", async () => {
    at("2026-01-10T10:00:00.000Z");
    await donate({ ...stranger, email: "first@example.com", firstName: "Fay", lastName: "First" });
    const later = await donate({ customAmount: "20", firstName: "Fay", lastName: "First", email: "first@example.com" });
    const pledge = await getDb()
      .selectFrom("pledges")
      .select("id")
      .where("reference", "=", later)
      .executeTakeFirstOrThrow();
    await recordManualPayment(
      { pledgeId: pledge.id, receivedOn: "2026-01-12", amountPence: 2000, note: null, sendThanks: false },
      "admin",
    );
    expect((await listClaimCandidates()).claimable).toHaveLength(1);
  });
});
