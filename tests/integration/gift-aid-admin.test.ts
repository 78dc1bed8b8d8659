import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { action as indexAction, loader as indexLoader } from "~/routes/admin+/dashboard+/gift-aid._index/route";
import { action as claimAction, loader as claimLoader } from "~/routes/admin+/dashboard+/gift-aid.claims.$id";
import { loader as scheduleLoader } from "~/routes/admin+/dashboard+/gift-aid.claims.$id.schedule[.]csv";
import {
  action as declarationAction,
  loader as declarationLoader,
} from "~/routes/admin+/dashboard+/gift-aid.declarations.$id";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonDay } from "~/utils/dates";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { claimItems, claims, pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

async function setUp() {
  const { pledge, declarationId } = await pledgeWithDeclaration({ declaredAt: "2026-02-10T12:00:00.000Z" });
  const a = await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
  const b = await recordPaymentForTest(pledge.id, "2026-03-06", 2000);
  return { pledge, declarationId: declarationId!, a, b };
}

describe("Gift Aid staff pages", () => {
  it("send visitors who are not signed in to the login page", async () => {
    for (const response of [
      await run(indexLoader, getRequest(adminPaths.giftAid)),
      await run(scheduleLoader, getRequest(adminPaths.giftAidSchedule(1)), { id: "1" }),
      await run(declarationLoader, getRequest(adminPaths.giftAidDeclaration(1)), { id: "1" }),
      await run(indexAction, postForm(adminPaths.giftAid, { scope: "all" })),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    expect(await claims()).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    await setUp();
    const response = await run(
      indexAction,
      postForm(adminPaths.giftAid, { scope: "all" }, { cookie, headers: { "Sec-Fetch-Site": "cross-site" } }),
    );
    expect(response.status).toBe(403);
    expect(await claims()).toHaveLength(0);
  });

  it("lists the claimable payments and makes a batch of the one selected", async () => {
    const { a, b } = await setUp();
    const page = await bodyOf(await run(indexLoader, getRequest(adminPaths.giftAid, { cookie })));
    expect(page.claimable.map((row: { paymentId: number }) => row.paymentId)).toEqual([a, b]);

    const response = await run(
      indexAction,
      postForm(adminPaths.giftAid, { scope: "selected", paymentId: String(b) }, { cookie }),
    );
    expect(response.status).toBe(303);
    const [claim] = await claims();
    expect(response.headers.get("Location")).toBe(adminPaths.giftAidClaim(claim.id));
    expect((await claimItems()).map((item) => item.payment_id)).toEqual([b]);
  });

  it("answers bad selections with a 4xx and a message, never a 500", async () => {
    const { a } = await setUp();
    const cases: [Record<string, string> | URLSearchParams, number][] = [
      [{ scope: "selected" }, 400],
      [{ scope: "bogus" }, 400],
      [{ scope: "selected", paymentId: "abc" }, 400],
      [{ scope: "selected", paymentId: "999999" }, 409],
      [
        new URLSearchParams([
          ["scope", "selected"],
          ["paymentId", String(a)],
          ["paymentId", "999999"],
        ]),
        409,
      ],
    ];
    for (const [fields, status] of cases) {
      const response = await run(indexAction, postForm(adminPaths.giftAid, fields, { cookie }));
      expect(response.status).toBe(status);
      expect((await bodyOf(response)).error).toEqual(expect.any(String));
    }
    expect(await claims()).toHaveLength(0);
  });

  it("downloads the schedule as a private CSV attachment", async () => {
    await setUp();
    await run(indexAction, postForm(adminPaths.giftAid, { scope: "all" }, { cookie }));
    const [claim] = await claims();
    const response = await run(scheduleLoader, getRequest(adminPaths.giftAidSchedule(claim.id), { cookie }), {
      id: String(claim.id),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="gift-aid-claim-${claim.id}.csv"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Ms,Jo,Donor\d+,12,LS1 4AP,,,05\/03\/26,10\.00$/);

    for (const id of ["999", "abc", "0"]) {
      const missing = await run(scheduleLoader, getRequest(adminPaths.giftAidSchedule(1), { cookie }), { id });
      expect(missing.status).toBe(404);
    }
  });

  it("marks a batch submitted once; afterwards it cannot be deleted or submitted again", async () => {
    await setUp();
    await run(indexAction, postForm(adminPaths.giftAid, { scope: "all" }, { cookie }));
    const [claim] = await claims();
    const path = adminPaths.giftAidClaim(claim.id);
    const params = { id: String(claim.id) };
    const today = toLondonDay(new Date());

    const bad = await run(
      claimAction,
      postForm(path, { intent: "submit", submittedOn: "31/02/2026" }, { cookie }),
      params,
    );
    expect(bad.status).toBe(400);
    // Typed as people write dates (a browser without a date picker): 24/11/2026.
    const [y, m, d] = today.split("-");
    const typed = `${d}/${m}/${y}`;
    const ok = await run(claimAction, postForm(path, { intent: "submit", submittedOn: typed }, { cookie }), params);
    expect(ok.status).toBe(303);
    const again = await run(claimAction, postForm(path, { intent: "submit", submittedOn: today }, { cookie }), params);
    expect(again.status).toBe(409);
    const del = await run(claimAction, postForm(path, { intent: "delete", confirmed: "yes" }, { cookie }), params);
    expect(del.status).toBe(409);
    expect((await bodyOf(del)).error).toMatch(/submitted/);
    expect(await claimItems()).toHaveLength(2);

    const page = await bodyOf(await run(claimLoader, getRequest(path, { cookie }), params));
    expect(page.claim.submittedOn).toBe(today);
    expect(page.history.map((event: { action: string }) => event.action)).toEqual(["claim.created", "claim.submitted"]);
  });

  it("asks before deleting a draft batch, and deletes it once confirmed", async () => {
    await setUp();
    await run(indexAction, postForm(adminPaths.giftAid, { scope: "all" }, { cookie }));
    const [claim] = await claims();
    const path = adminPaths.giftAidClaim(claim.id);
    const params = { id: String(claim.id) };
    const asked = await run(claimAction, postForm(path, { intent: "delete" }, { cookie }), params);
    expect(asked.status).toBe(200);
    expect((await bodyOf(asked)).confirmDelete).toBe(true);
    expect(await claims()).toHaveLength(1);
    const done = await run(claimAction, postForm(path, { intent: "delete", confirmed: "yes" }, { cookie }), params);
    expect(done.status).toBe(303);
    expect(await claims()).toHaveLength(0);
  });

  it("cancels a declaration with a reason, recorded in its history", async () => {
    const { declarationId } = await setUp();
    const path = adminPaths.giftAidDeclaration(declarationId);
    const params = { id: String(declarationId) };
    const empty = await run(declarationAction, postForm(path, { reason: "  " }, { cookie }), params);
    expect(empty.status).toBe(400);
    const ok = await run(declarationAction, postForm(path, { reason: "Donor asked" }, { cookie }), params);
    expect(ok.status).toBe(303);
    const again = await run(declarationAction, postForm(path, { reason: "Donor asked" }, { cookie }), params);
    expect(again.status).toBe(409);
    const page = await bodyOf(await run(declarationLoader, getRequest(path, { cookie }), params));
    expect(page.declaration.cancelReason).toBe("Donor asked");
    expect(page.declaration.donor.name).toMatch(/^Ms Jo Donor\d+$/);
    expect(page.declaration.cancelledAt).toEqual(expect.any(String));
    expect(page.history).toMatchObject([{ action: "declaration.cancelled", detail: "Donor asked", actor: "admin" }]);
    const row = await getDb().selectFrom("gift_aid_declarations").selectAll().executeTakeFirstOrThrow();
    expect(row.cancel_reason).toBe("Donor asked");
  });
});
