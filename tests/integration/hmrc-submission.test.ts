import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HmrcGatewayStandIn } from "../../scripts/lib/hmrc-gateway-stand-in";

// Claims sent to HMRC through the gateway stand-in (loopback), on the engine of the run: the
// messages the gateway receives, the durable state machine, the lease, and HMRC's answers.

const PASSWORD = "gateway-secret-password";
// The environment this file runs with, set before its imports run (vi.hoisted): the gateway is
// a stand-in on loopback.
const standIn: HmrcGatewayStandIn = await vi.hoisted(async () => {
  const { startHmrcGatewayStandIn } = await import("../../scripts/lib/hmrc-gateway-stand-in");
  const standIn = await startHmrcGatewayStandIn({ pollInterval: 1 });
  const { setHmrcGatewayEnv } = await import("./hmrc-env-support");
  // The production gateway (its stand-in); HMRC's test service: hmrc-test-gateway.test.ts.
  setHmrcGatewayEnv(standIn.url, "0");
  return standIn;
});
afterAll(() => standIn.close());

const { getDb } = await import("~/infra/db.server");
const { setClock, now } = await import("~/infra/clock.server");
const { irmarkOf } = await import("~/infra/govtalk.server");
const { createClaimBatch, deleteClaimBatch } = await import("~/gift-aid/services/gift-aid-claims.server");
const { saveClaimantSettings } = await import("./hmrc-settings-support");
const hmrc = await import("~/gift-aid/services/hmrc-submissions.server");
const { pledgeWithDeclaration, recordPaymentForTest } = await import("./gift-aid-support");
const { resetDatabase } = await import("./helpers");

let clock = 0;
beforeEach(async () => {
  await resetDatabase();
  clock = Date.parse("2026-11-26T10:00:00.000Z");
  setClock(() => clock);
  standIn.requests.length = 0;
  standIn.outcome = { kind: "accept" };
  standIn.pollsBeforeAnswer = 0;
  await saveClaimantSettings();
});
afterEach(() => setClock(null));

async function batch(donors: { firstName: string; lastName: string; house?: string; amountPence: number }[]) {
  for (const donor of donors) {
    const { pledge } = await pledgeWithDeclaration({
      declaredAt: "2026-02-10T12:00:00.000Z",
      firstName: donor.firstName,
      lastName: donor.lastName,
      house: donor.house,
    });
    await recordPaymentForTest(pledge.id, "2026-03-05", donor.amountPence);
  }
  return createClaimBatch({ paymentIds: "all", actor: "admin" });
}

/** Lets the poll interval pass and moves every due submission on, as the worker's timer would. */
async function later(seconds = 2) {
  clock += seconds * 1000;
  return hmrc.runDueSubmissions();
}

describe("Submit to HMRC", () => {
  it("sends an HMRC-CHAR-CLM claim, polls with the correlation id, deletes, and the batch is accepted", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", house: "12", amountPence: 2500 }]);
    const plan = await hmrc.planSubmission(claim.id);
    expect(plan).toMatchObject({ totalPence: 2500, giftAidPence: 625, heldBack: [], blockers: [] });

    const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(submission.state).toBe("submitted");
    expect(await later(0)).toEqual(["polling"]);

    const [submit] = standIn.requests;
    expect(submit).toMatchObject({ path: "/submission", qualifier: "request", fn: "submit" });
    expect(submit.body).toContain("<Class>HMRC-CHAR-CLM</Class>");
    expect(submit.body).toContain("<GatewayTest>0</GatewayTest>");
    expect(submit.body).toContain("<SenderID>CHARITY-SENDER</SenderID>");
    expect(submit.body).toContain(`<Value>${PASSWORD}</Value>`);
    expect(submit.body).toContain('xmlns="http://www.govtalk.gov.uk/taxation/charities/r68/2"');
    expect(submit.body).toContain('<Key Type="CHARID">AB12345</Key>');
    expect(submit.body).toContain(
      "<GAD><Donor><Ttl>Ms</Ttl><Fore>Ann</Fore><Sur>Donor</Sur><House>12</House><Postcode>LS1 4AP</Postcode></Donor><Date>2026-03-05</Date><Total>25.00</Total></GAD>",
    );
    expect(submit.body).toContain(`<IRmark Type="generic">${irmarkOf(submit.body)}</IRmark>`);
    const correlationId = [...standIn.submissions.keys()][0];

    // Not yet: the poll interval has not passed.
    expect(await hmrc.runDueSubmissions()).toEqual([]);
    expect(await later()).toEqual(["accepted"]);
    expect(standIn.requests.map((r) => [r.path, r.qualifier, r.fn, r.correlationId])).toEqual([
      ["/submission", "request", "submit", ""],
      ["/poll", "poll", "submit", correlationId],
      ["/poll", "request", "delete", correlationId],
    ]);

    const db = getDb();
    const stored = await db
      .selectFrom("gift_aid_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      submitted_on: "2026-11-26",
      submitted_by: "admin",
      hmrc_correlation_id: correlationId,
    });
    expect(stored.hmrc_receipt).toContain("HMRC has received the HMRC-CHAR-CLM document");
    const [view] = await hmrc.submissionsOfClaim(claim.id);
    expect(view.submission).toMatchObject({ state: "accepted", correlationId, irmark: submission.irmark });
    expect(view.submission.deletedAt).not.toBeNull();
    expect(view.messages.map((m) => `${m.direction} ${m.kind}`)).toEqual([
      "sent submit",
      "received submit",
      "sent poll",
      "received poll",
      "sent delete",
      "received delete",
    ]);
    // The exact request is kept, but never the password.
    expect(view.submission.requestXml).toBe(
      submit.body.replace(`<Value>${PASSWORD}</Value>`, "<Value>********</Value>"),
    );
    const everything = JSON.stringify([
      await db.selectFrom("hmrc_submissions").selectAll().execute(),
      await db.selectFrom("hmrc_messages").selectAll().execute(),
      await db.selectFrom("audit_events").selectAll().execute(),
    ]);
    expect(everything).not.toContain(PASSWORD);
    // Accepted: not sent again, not deleted.
    await expect(hmrc.startSubmission(claim.id, "admin", { drive: false })).rejects.toThrow(/already accepted/);
    await expect(deleteClaimBatch(claim.id, "admin")).rejects.toThrow(/submitted/);
  });

  it("shows HMRC's business errors per line; the refused lines can be taken out and the rest sent again", async () => {
    const claim = await batch([
      { firstName: "Ann", lastName: "Good", amountPence: 1000 },
      { firstName: "Bob", lastName: "Refused", amountPence: 2000 },
    ]);
    standIn.outcome = {
      kind: "business-error",
      lines: [{ gad: 2, field: "Postcode", number: "7038", text: "The postcode is not a real one" }],
    };
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    await later(0);
    expect(await later()).toEqual(["rejected"]);
    const [view] = await hmrc.submissionsOfClaim(claim.id);
    expect(view.errors).toMatchObject([{ number: "7038", text: "The postcode is not a real one", line: 2 }]);
    expect(view.errors[0].declarationId).not.toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({ qualifier: "request", fn: "delete" });

    expect(await hmrc.removeRefusedLines(claim.id, "admin")).toBe(1);
    standIn.outcome = { kind: "accept" };
    const again = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(again).toMatchObject({ lineCount: 1, totalPence: 1000 });
    await later(0);
    expect(await later()).toEqual(["accepted"]);
  });

  it("reports GovTalk errors with their numbers and text", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    standIn.outcome = { kind: "govtalk-error", errors: [{ number: "1046", text: "Authentication Failure" }] };
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    await later(0);
    expect(await later()).toEqual(["rejected"]);
    const [view] = await hmrc.submissionsOfClaim(claim.id);
    expect(view.errors).toMatchObject([{ number: "1046", text: "Authentication Failure", type: "fatal", line: null }]);
  });

  it("keeps polling while HMRC has no answer yet", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    standIn.pollsBeforeAnswer = 2;
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(await later(0)).toEqual(["polling"]);
    expect(await later()).toEqual(["polling"]);
    expect(await later()).toEqual(["polling"]);
    expect(await later()).toEqual(["accepted"]);
  });

  it("holds back lines HMRC would refuse, with the reason, and sends the rest", async () => {
    const claim = await batch([
      { firstName: "Ann", lastName: "Donor", amountPence: 1000 },
      { firstName: "R2D2", lastName: "Robot", amountPence: 3000 },
    ]);
    const plan = await hmrc.planSubmission(claim.id);
    expect(plan.totalPence).toBe(1000);
    expect(plan.heldBack).toMatchObject([
      {
        donor: "R2D2 Robot",
        amountPence: 3000,
        problems: [expect.stringMatching(/^First name may contain only letters/)],
      },
    ]);
    const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(submission).toMatchObject({ lineCount: 1, totalPence: 1000, giftAidPence: 250 });
    const stored = await getDb()
      .selectFrom("gift_aid_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ item_count: 1, total_pence: 1000, gift_aid_pence: 250 });
  });
});

describe("small donations (GASDS) with the claim", () => {
  it("offers the claim's tax year's small donations once, and sends them in the GASDS block", async () => {
    const { recordSmallDonation } = await import("~/gift-aid/services/small-donations.server");
    // Gift Aid donations of 2025-26 (5 March 2026) allow 10 times as much in small donations.
    await recordSmallDonation(
      { collectedOn: "2026-03-01", amountPence: 12_000, method: "cash", kind: "collection", place: "Gala" },
      "admin",
    );
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 2500 }]);
    const plan = await hmrc.planSubmission(claim.id);
    expect(plan.gasds).toEqual({ year: 2025, label: "2025 to 2026", amountPence: 12_000, topUpPence: 3000 });

    await hmrc.startSubmission(claim.id, "admin", { drive: false, includeGasds: true });
    await later(0);
    const submit = standIn.requests.find((r) => r.qualifier === "request" && r.fn === "submit")!;
    expect(submit.body).toContain(
      "<GASDS><ConnectedCharities>no</ConnectedCharities><GASDSClaim><Year>2026</Year><Amount>120.00</Amount></GASDSClaim><CommBldgs>no</CommBldgs></GASDS>",
    );
    expect(await later()).toEqual(["accepted"]);
    // Claimed: a later batch of the same tax year is not offered them again.
    const next = await batch([{ firstName: "Bea", lastName: "Donor", amountPence: 1000 }]);
    expect((await hmrc.planSubmission(next.id)).gasds).toBeNull();
    await expect(hmrc.startSubmission(next.id, "admin", { drive: false, includeGasds: true })).rejects.toThrow(
      /no small donations/,
    );
  });
});

describe("never twice", () => {
  it("starts one submission per batch, even when asked twice at once", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    const results = await Promise.allSettled([
      hmrc.startSubmission(claim.id, "admin", { drive: false }),
      hmrc.startSubmission(claim.id, "fundraiser", { drive: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await getDb().selectFrom("hmrc_submissions").selectAll().execute()).toHaveLength(1);
  });

  it("lets one of two workers racing for the lease post the claim", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    const outcomes = await Promise.all([
      hmrc.advanceSubmission(submission.id, { owner: "instance-a" }),
      hmrc.advanceSubmission(submission.id, { owner: "instance-b" }),
    ]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o === "polling")).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.fn === "submit" && r.qualifier === "request")).toHaveLength(1);
  });

  it("never takes a lease another worker still holds, and takes it over once it expires", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    const db = getDb();
    // A worker that died holding the lease.
    await db
      .updateTable("hmrc_submissions")
      .set({ lease_owner: "crashed", lease_expires_at: new Date(now() + hmrc.LEASE_MS).toISOString() })
      .where("id", "=", submission.id)
      .execute();
    expect(await hmrc.advanceSubmission(submission.id, { owner: "other" })).toBeNull();
    clock += hmrc.LEASE_MS + 1;
    expect(await hmrc.advanceSubmission(submission.id, { owner: "other" })).toBe("polling");
  });

  it("after a restart, a claim posted without a kept answer is never posted again", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    // The server stopped after posting, before the acknowledgement was stored.
    await getDb()
      .updateTable("hmrc_submissions")
      .set({ sent_at: new Date(now()).toISOString() })
      .where("id", "=", submission.id)
      .execute();
    expect(await later(0)).toEqual(["error"]);
    expect(standIn.requests).toHaveLength(0);
    const [view] = await hmrc.submissionsOfClaim(claim.id);
    expect(view.submission.problem).toMatch(/not sent again: check Charities Online/);
  });

  it("after a restart, a claim waiting for HMRC's answer is polled where it was left", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(await later(0)).toEqual(["polling"]);
    // A new process: nothing in memory, only the database.
    expect(await later()).toEqual(["accepted"]);
  });

  it("a server's start moves on, in the background, a claim a stopped server left waiting", async () => {
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 1000 }]);
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(await later(0)).toEqual(["polling"]);
    clock += 2000;
    hmrc.startHmrcSubmissions();
    await vi.waitFor(async () => {
      const [view] = await hmrc.submissionsOfClaim(claim.id);
      expect(view.submission.state).toBe("accepted");
    });
  });
});

const { adminCookie, bodyOf, getRequest, postForm, run } = await import("./admin-support");
const route = await import("~/routes/admin+/dashboard+/gift-aid.claims.$id");
const { adminPaths } = await import("~/utils/admin-paths");

describe("the batch page", () => {
  it("asks first (total and Gift Aid), refuses a cross-site post, and shows HMRC's answer", async () => {
    const { cookie } = await adminCookie();
    const claim = await batch([{ firstName: "Ann", lastName: "Donor", amountPence: 2500 }]);
    const params = { id: String(claim.id) };
    const page = await bodyOf(
      await run(route.loader, getRequest(adminPaths.giftAidClaim(claim.id), { cookie }), params),
    );
    expect(page).toMatchObject({
      hmrcOn: true,
      plan: { totalPence: 2500, giftAidPence: 625, blockers: [] },
      submissions: [],
    });

    // Without the confirmation, the page asks first.
    const unconfirmed = await run(
      route.action,
      postForm(adminPaths.giftAidClaim(claim.id), { intent: "hmrc" }, { cookie }),
      params,
    );
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`${adminPaths.giftAidClaim(claim.id)}?confirm=hmrc#hmrc`);
    const crossSite = await run(
      route.action,
      postForm(
        adminPaths.giftAidClaim(claim.id),
        { intent: "hmrc", confirmed: "yes" },
        { cookie, headers: { "Sec-Fetch-Site": "cross-site" } },
      ),
      params,
    );
    expect(crossSite.status).toBe(403);
    expect(await getDb().selectFrom("hmrc_submissions").selectAll().execute()).toHaveLength(0);

    // Started as the route does, then moved on here (not by the page's timer) to HMRC's answer.
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    await later(0);
    await later();
    const after = await bodyOf(
      await run(route.loader, getRequest(adminPaths.giftAidClaim(claim.id), { cookie }), params),
    );
    expect(after.claim).toMatchObject({ submittedOn: "2026-11-26" });
    expect(after.claim.hmrcReceipt).toContain("HMRC has received");
    expect(after.submissions[0].submission.state).toBe("accepted");
    expect(after.plan).toBeNull();
    // A second post is refused in words, not a 500.
    const again = await run(
      route.action,
      postForm(adminPaths.giftAidClaim(claim.id), { intent: "hmrc", confirmed: "yes" }, { cookie }),
      params,
    );
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).error).toBe("HMRC already accepted this batch.");
  });
});
