import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HmrcGatewayStandIn } from "../../scripts/lib/hmrc-gateway-stand-in";

// HMRC_GATEWAY_TEST=1: every message goes with GatewayTest 1 to HMRC's test service, which checks
// it and claims nothing. Such a submission is a test everywhere (its state, the batch's status,
// the list of batches, the audit trail), is never "Accepted by HMRC", and leaves the batch open
// and claimable for real. The Gift Aid pages say which gateway the server sends to.

// The environment this file runs with, set before its imports run (vi.hoisted): the gateway is
// a stand-in on loopback.
const standIn: HmrcGatewayStandIn = await vi.hoisted(async () => {
  const { startHmrcGatewayStandIn } = await import("../../scripts/lib/hmrc-gateway-stand-in");
  const standIn = await startHmrcGatewayStandIn({ pollInterval: 1 });
  const { setHmrcGatewayEnv } = await import("./hmrc-env-support");
  setHmrcGatewayEnv(standIn.url, "1"); // HMRC's test service
  return standIn;
});
afterAll(() => standIn.close());

const { getDb } = await import("~/infra/db.server");
const { setClock } = await import("~/infra/clock.server");
const { createClaimBatch } = await import("~/gift-aid/services/gift-aid-claims.server");
const { saveClaimantSettings } = await import("./hmrc-settings-support");
const { historyOf } = await import("~/site/services/history.server");
const { auditActionWords } = await import("~/content/audit");
const { submissionStateWords } = await import("~/components/admin/hmrc-submission");
const hmrc = await import("~/gift-aid/services/hmrc-submissions.server");
const { pledgeWithDeclaration, recordPaymentForTest } = await import("./gift-aid-support");
const { resetDatabase } = await import("./helpers");
const { adminCookie, bodyOf, getRequest, run } = await import("./admin-support");
const claimRoute = await import("~/routes/admin+/dashboard+/gift-aid.claims.$id");
const giftAidRoute = await import("~/routes/admin+/dashboard+/gift-aid._index/route");
const { adminPaths } = await import("~/utils/admin-paths");

let clock = 0;
beforeEach(async () => {
  await resetDatabase();
  clock = Date.parse("2026-11-26T10:00:00.000Z");
  setClock(() => clock);
  standIn.requests.length = 0;
  standIn.outcome = { kind: "accept" };
  await saveClaimantSettings();
});
afterEach(() => setClock(null));

async function later(seconds = 2) {
  clock += seconds * 1000;
  return hmrc.runDueSubmissions();
}

async function batch() {
  const { pledge } = await pledgeWithDeclaration({
    declaredAt: "2026-02-10T12:00:00.000Z",
    firstName: "Ann",
    lastName: "Donor",
    house: "12",
  });
  await recordPaymentForTest(pledge.id, "2026-03-05", 2500);
  return createClaimBatch({ paymentIds: "all", actor: "admin" });
}

describe("a test submission (HMRC_GATEWAY_TEST=1)", () => {
  it("is a test everywhere, never accepted, and leaves the batch open to be claimed for real", async () => {
    const { cookie } = await adminCookie();
    const claim = await batch();
    const params = { id: String(claim.id) };
    const before = await bodyOf(
      await run(claimRoute.loader, getRequest(adminPaths.giftAidClaim(claim.id), { cookie }), params),
    );
    expect(before.gateway).toBe("test");

    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(await later(0)).toEqual(["polling"]);
    expect(standIn.requests[0].body).toContain("<GatewayTest>1</GatewayTest>");
    // HMRC's test service answers as the real one would: a SuccessResponse with a receipt.
    expect(await later()).toEqual(["tested"]);

    const stored = await getDb()
      .selectFrom("gift_aid_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ submitted_on: null, hmrc_receipt: null, hmrc_correlation_id: null });

    const page = await bodyOf(
      await run(claimRoute.loader, getRequest(adminPaths.giftAidClaim(claim.id), { cookie }), params),
    );
    expect(page.claim.submittedOn).toBeNull();
    expect(page.submissions[0].submission).toMatchObject({ state: "tested", gatewayTest: 1 });
    // Still claimable for real: nothing blocks a new submission.
    expect(page.plan.blockers).toEqual([]);
    const words = submissionStateWords("tested", 1);
    expect(words).toBe("Test only: HMRC's test service found no errors (nothing was claimed)");
    for (const state of ["submitted", "polling", "tested", "rejected", "error"]) {
      expect(submissionStateWords(state, 1)).toMatch(/^Test only: /);
      expect(submissionStateWords(state, 1)).not.toMatch(/Accepted by HMRC/);
    }

    // The audit trail says "test" at each step.
    const history = await historyOf("claim", claim.id);
    const actions = history.map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["claim.test_sent_to_hmrc", "claim.test_passed_at_hmrc"]));
    expect(actions).not.toContain("claim.accepted_by_hmrc");
    expect(actions).not.toContain("claim.sent_to_hmrc");
    for (const action of ["claim.test_sent_to_hmrc", "claim.test_passed_at_hmrc", "claim.test_rejected_by_hmrc"]) {
      expect(auditActionWords[action]).toMatch(/^Test only: .*nothing claimed/);
    }
    expect(history.find((e) => e.action === "claim.test_sent_to_hmrc")?.detail).toMatch(
      /^A test \(HMRC's test service/,
    );

    // The list of batches: not submitted, its latest submission a test.
    const overview = await bodyOf(await run(giftAidRoute.loader, getRequest(adminPaths.giftAid, { cookie })));
    expect(overview.gateway).toBe("test");
    expect(overview.claims[0]).toMatchObject({ submittedOn: null, hmrc: { state: "tested", gatewayTest: true } });

    // Sent again (a second test, or for real once the setting changes): allowed.
    const again = await hmrc.startSubmission(claim.id, "admin", { drive: false });
    expect(again.state).toBe("submitted");
  });

  it("a test HMRC's test service rejects is labelled a test too", async () => {
    const claim = await batch();
    standIn.outcome = { kind: "govtalk-error", errors: [{ number: "1046", text: "Authentication Failure" }] };
    await hmrc.startSubmission(claim.id, "admin", { drive: false });
    await later(0);
    expect(await later()).toEqual(["rejected"]);
    const actions = (await historyOf("claim", claim.id)).map((event) => event.action);
    expect(actions).toContain("claim.test_rejected_by_hmrc");
    expect(actions).not.toContain("claim.rejected_by_hmrc");
  });
});
