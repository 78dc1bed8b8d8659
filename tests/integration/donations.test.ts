import { beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "~/site/models/audit.server";
import { derivePledgeStatus, getPledge, listPledges, referencePrefix } from "~/giving/models/pledge.server";
import * as listRoute from "~/routes/admin+/dashboard+/donations._index";
import * as detailRoute from "~/routes/admin+/dashboard+/donations.$id/route";
import * as cancelRoute from "~/routes/admin+/dashboard+/donations.$id_.cancel";
import { getDb } from "~/infra/db.server";
import { parsePaymentPounds } from "~/giving/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { makePledge } from "./donations-support";
import { recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { toLondonDay } from "~/utils/dates";

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

describe("pledge status", () => {
  it("follows type, payments and cancellation", () => {
    const base = { amountPence: 2500, cancelledAt: null };
    expect(derivePledgeStatus({ ...base, type: "one-time", paidPence: 0 })).toBe("pending");
    expect(derivePledgeStatus({ ...base, type: "one-time", paidPence: 2499 })).toBe("pending");
    expect(derivePledgeStatus({ ...base, type: "one-time", paidPence: 2500 })).toBe("paid");
    expect(derivePledgeStatus({ ...base, type: "one-time", paidPence: 9000 })).toBe("paid");
    expect(derivePledgeStatus({ ...base, type: "monthly", paidPence: 0 })).toBe("active");
    expect(derivePledgeStatus({ ...base, type: "monthly", paidPence: 0, cancelledAt: "2025-01-01T00:00:00Z" })).toBe(
      "cancelled",
    );
  });

  it("is stored with a new pledge", async () => {
    expect((await makePledge()).status).toBe("pending");
    // A standing order awaits its first payment (monthly-status.test.ts follows it from there).
    expect((await makePledge({ type: "monthly" })).status).toBe("pending");
  });

  it("reads staff amounts in pence without floating point", () => {
    expect(parsePaymentPounds("25")).toBe(2500);
    expect(parsePaymentPounds("£0.01")).toBe(1);
    expect(parsePaymentPounds("1,250.5")).toBe(125050);
    expect(parsePaymentPounds(".5")).toBe(50);
    for (const bad of ["", "0", "-5", "1.234", "abc", "1e3", "99999999.00"]) {
      expect(typeof parsePaymentPounds(bad)).toBe("string");
    }
  });

  it("turns searches into reference prefixes", () => {
    expect(referencePrefix("cha 8k2m")).toBe("CHA-8K2M");
    expect(referencePrefix("CHA-8K2M")).toBe("CHA-8K2M");
    expect(referencePrefix("8k2m")).toBe("CHA-8K2M");
    expect(referencePrefix("jane@example.org")).toBeNull();
  });
});

describe("the donations list", () => {
  it("needs a session", async () => {
    const response = await run(listRoute.loader, getRequest(adminPaths.donations));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/admin/login");
  });

  it("shows 25 a page, newest first, with working page numbers", async () => {
    for (let i = 0; i < 30; i++) {
      await makePledge({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() });
    }
    const first = await bodyOf(await run(listRoute.loader, getRequest(adminPaths.donations, { cookie })));
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.pledges).toHaveLength(25);
    expect(first.pledges[0].createdAt).toBe("2025-01-30T00:00:00.000Z");
    const second = await bodyOf(await run(listRoute.loader, getRequest(`${adminPaths.donations}?page=2`, { cookie })));
    expect(second.pledges).toHaveLength(5);
    expect(second.pledges[4].createdAt).toBe("2025-01-01T00:00:00.000Z");
    expect((await run(listRoute.loader, getRequest(`${adminPaths.donations}?page=3`, { cookie }))).status).toBe(404);
  });

  it("filters by status and type and searches reference, name and e-mail", async () => {
    const paid = await makePledge({ firstName: "Amira", lastName: "Haddad", email: "Amira.H@Example.org" });
    await getDb().updateTable("pledges").set({ paid_pence: 2500, status: "paid" }).where("id", "=", paid.id).execute();
    const monthly = await makePledge({ type: "monthly", firstName: "Ben", lastName: "Okafor" });
    await recordPaymentForTest(monthly.id, toLondonDay(new Date()), 1000); // a standing order that has started
    const pending = await makePledge({ firstName: "Chloé", lastName: "Martin", reference: "CHA-8K2MPQRS" });

    const ids = async (query: string) =>
      (
        await bodyOf(await run(listRoute.loader, getRequest(`${adminPaths.donations}${query}`, { cookie })))
      ).pledges.map((p: { id: number }) => p.id);
    expect(await ids("?status=paid")).toEqual([paid.id]);
    expect(await ids("?status=active")).toEqual([monthly.id]);
    expect(await ids("?status=pending")).toEqual([pending.id]);
    expect(await ids("?type=monthly")).toEqual([monthly.id]);
    expect(await ids("?type=one-time&status=pending")).toEqual([pending.id]);
    expect(await ids("?q=haddad")).toEqual([paid.id]);
    expect(await ids("?q=amira%20h")).toEqual([paid.id]);
    expect(await ids("?q=AMIRA.h@example")).toEqual([paid.id]);
    expect(await ids("?q=cha%208k2m")).toEqual([pending.id]);
    expect(await ids("?q=8K2MPQRS")).toEqual([pending.id]);
    expect(await ids("?q=ben&status=paid")).toEqual([]);
    expect(await ids("?q=%25")).toEqual([]);
    expect(await ids("?status=&type=&q=&page=")).toHaveLength(3);
  });

  it("refuses bad filters and page numbers with a 4xx", async () => {
    for (const query of [
      "?status=lost",
      "?type=weekly",
      "?page=0",
      "?page=-1",
      "?page=1.5",
      "?page=abc",
      `?q=${"x".repeat(101)}`,
    ]) {
      const response = await run(listRoute.loader, getRequest(`${adminPaths.donations}${query}`, { cookie }));
      expect(response.status, query).toBe(400);
    }
    expect((await run(listRoute.loader, getRequest(`${adminPaths.donations}?page=99999`, { cookie }))).status).toBe(
      404,
    );
  });
});

describe("recording a payment", () => {
  it("adds it, updates the total and status, and audits it in one go", async () => {
    const pledge = await makePledge({ amountPence: 3050 });
    const post = (fields: Record<string, string>) =>
      run(detailRoute.action, postForm(adminPaths.donation(pledge.id), fields, { cookie }), { id: String(pledge.id) });

    let response = await post({ intent: "record-payment", receivedOn: "2025-10-05", amount: "30", note: "First part" });
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: adminPaths.donation(pledge.id),
      notice: "Payment recorded.",
    });
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 3000, status: "pending" });

    response = await post({ intent: "record-payment", receivedOn: "2025-10-06", amount: "0.50" });
    expect(response.status).toBe(303);
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 3050, status: "paid" });

    const payments = await getDb().selectFrom("payments").selectAll().where("pledge_id", "=", pledge.id).execute();
    expect(payments.map((p) => [p.received_on, p.amount_pence, p.method, p.recorded_by, p.note])).toEqual([
      ["2025-10-05", 3000, "manual", "admin", "First part"],
      ["2025-10-06", 50, "manual", "admin", null],
    ]);
    const history = await listAudit(getDb(), "pledge", pledge.id);
    expect(history.map((e) => [e.action, e.actor])).toEqual([
      ["payment.recorded", "admin"],
      ["payment.recorded", "admin"],
    ]);
    expect(history[1].detail).toContain("pending → paid");

    const page = await bodyOf(
      await run(detailRoute.loader, getRequest(adminPaths.donation(pledge.id), { cookie }), { id: String(pledge.id) }),
    );
    expect(page.payments).toHaveLength(2);
    expect(page.history).toHaveLength(2);
  });

  it("keeps the input and changes nothing when the form is wrong", async () => {
    const pledge = await makePledge();
    for (const fields of <Record<string, string>[]>[
      { intent: "record-payment", receivedOn: "2025-02-30", amount: "10" },
      { intent: "record-payment", receivedOn: "2025-10-05", amount: "ten" },
      { intent: "record-payment", receivedOn: "2025-10-05", amount: "-10" },
      { intent: "record-payment", receivedOn: "2025-10-05", amount: "10", note: "x".repeat(501) },
      { intent: "other" },
    ]) {
      const response = await run(detailRoute.action, postForm(adminPaths.donation(pledge.id), fields, { cookie }), {
        id: String(pledge.id),
      });
      expect(response.status).toBe(400);
    }
    expect(await getDb().selectFrom("payments").selectAll().execute()).toHaveLength(0);
    expect(await listAudit(getDb(), "pledge", pledge.id)).toHaveLength(0);
  });

  it("refuses a day received in the future or before the charity was founded, naming the allowed range", async () => {
    const pledge = await makePledge();
    for (const receivedOn of ["9999-12-31", "2010-10-31", toLondonDay(new Date(Date.now() + 2 * 86_400_000))]) {
      const response = await run(
        detailRoute.action,
        postForm(adminPaths.donation(pledge.id), { intent: "record-payment", receivedOn, amount: "10" }, { cookie }),
        { id: String(pledge.id) },
      );
      expect(response.status, receivedOn).toBe(400);
      expect(JSON.stringify(await bodyOf(response))).toContain("Enter a date from 1 November 2010 to today");
    }
    expect(await getDb().selectFrom("payments").selectAll().execute()).toHaveLength(0);
    const ok = await run(
      detailRoute.action,
      postForm(
        adminPaths.donation(pledge.id),
        { intent: "record-payment", receivedOn: "2010-11-01", amount: "10" },
        { cookie },
      ),
      { id: String(pledge.id) },
    );
    expect(ok.status).toBe(303);
  });

  it("answers 404 for a missing pledge and 403 for a cross-site post", async () => {
    const fields = { intent: "record-payment", receivedOn: "2025-10-05", amount: "10" };
    expect(
      (await run(detailRoute.action, postForm(adminPaths.donation(999), fields, { cookie }), { id: "999" })).status,
    ).toBe(404);
    expect((await run(detailRoute.loader, getRequest("/x", { cookie }), { id: "abc" })).status).toBe(404);
    const pledge = await makePledge();
    const crossSite = postForm(adminPaths.donation(pledge.id), fields, {
      cookie,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect((await run(detailRoute.action, crossSite, { id: String(pledge.id) })).status).toBe(403);
  });
});

describe("cancelling a pledge", () => {
  it("needs a reason, then cancels once, with an audit event", async () => {
    const pledge = await makePledge({ type: "monthly" });
    const post = (fields: Record<string, string>) =>
      run(cancelRoute.action, postForm(adminPaths.cancelDonation(pledge.id), fields, { cookie }), {
        id: String(pledge.id),
      });
    expect((await post({ reason: "  " })).status).toBe(400);
    expect((await getPledge(getDb(), pledge.id))!.status).toBe("pending");

    const response = await post({ reason: "Donor asked by phone" });
    expect(response.status).toBe(303);
    const cancelled = await getPledge(getDb(), pledge.id);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Donor asked by phone" });
    expect(cancelled!.cancelledAt).toBeTruthy();
    expect((await post({ reason: "again" })).status).toBe(409);

    const history = await listAudit(getDb(), "pledge", pledge.id);
    expect(history.map((e) => e.action)).toEqual(["pledge.cancelled"]);
    expect(history[0].detail).not.toContain("phone");

    const { pledges } = await listPledges(getDb(), { status: "cancelled" }, { offset: 0, limit: 25 });
    expect(pledges.map((p) => p.id)).toEqual([pledge.id]);
  });
});

describe("exports", () => {
  it("give the filtered list and the payments as CSV that cannot run formulas", async () => {
    const { parse } = await import("csv-parse/sync");
    const exportRoute = await import("~/routes/admin+/dashboard+/donations.export[.]csv");
    const paymentsRoute = await import("~/routes/admin+/dashboard+/donations.payments[.]csv");
    const hostile = await makePledge({ firstName: '=HYPERLINK("http://x")', lastName: "+Smith", amountPence: 1001 });
    await makePledge({ type: "monthly", lastName: "Other" });
    await run(
      detailRoute.action,
      postForm(
        adminPaths.donation(hostile.id),
        {
          intent: "record-payment",
          receivedOn: "2025-10-05",
          amount: "10.01",
          note: "@SUM(A1)",
        },
        { cookie },
      ),
      { id: String(hostile.id) },
    );

    const response = await run(
      exportRoute.loader,
      getRequest(`${adminPaths.donationsExport}?status=paid&page=7`, { cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const rows = parse(await response.text(), { bom: true }) as string[][];
    expect(rows[0][0]).toBe("Reference");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(
      expect.arrayContaining([hostile.reference, "10.01", "Paid", '\'=HYPERLINK("http://x")', "'+Smith"]),
    );

    const payments = parse(
      await (await run(paymentsRoute.loader, getRequest(adminPaths.paymentsExport, { cookie }))).text(),
      {
        bom: true,
      },
    ) as string[][];
    expect(payments).toHaveLength(2);
    expect(payments[1]).toEqual(
      expect.arrayContaining(["2025-10-05", "10.01", "By hand", hostile.reference, "'@SUM(A1)"]),
    );

    expect(
      (await run(exportRoute.loader, getRequest(`${adminPaths.donationsExport}?status=nope`, { cookie }))).status,
    ).toBe(400);
    expect((await run(paymentsRoute.loader, getRequest(adminPaths.paymentsExport))).status).toBe(302);
  });
});
