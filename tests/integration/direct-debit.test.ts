import { beforeEach, describe, expect, it } from "vitest";
import { formRequest, resetDatabase } from "./helpers";
import { cardGiftsOn, webhookRequest } from "./stripe-support";

// Monthly gifts by Direct Debit (Stripe Bacs through Checkout), end to end inside the process:
// the real `stripe` client against the stand-in, webhooks signed with the library's
// generateTestHeaderString (stripe-support.ts). docs/payments.md, "Direct Debit".
const WEBHOOK_SECRET = "whsec_test_secret_for_direct_debit";
const standIn = await cardGiftsOn(WEBHOOK_SECRET, { staffEmail: "staff@example.org" });

const { getDb } = await import("~/infra/db.server");
const { action: donateAction, loader: donateLoader } = await import("~/routes/_public+/donate/route");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { loader: cardLoader } = await import("~/routes/_public+/donate_.card.$reference");
const pledgePage = await import("~/routes/admin+/dashboard+/donations.$id/route");
const listPage = await import("~/routes/admin+/dashboard+/donations._index");
const { adminCookie, getRequest, run, bodyOf } = await import("./admin-support");

const donor = { firstName: "Jo", lastName: "Bloggs", email: "jo@example.com" };

beforeEach(async () => {
  await resetDatabase();
  standIn.requests.length = 0;
  standIn.failWith = null;
});

const donate = async (fields: Record<string, string>) =>
  (await donateAction({ request: formRequest("/donate", fields), params: {}, context: {} } as any)) as Response;

async function deliver(type: string, object: Record<string, unknown>, id?: string, created?: number) {
  const request = webhookRequest(type, object, { secret: WEBHOOK_SECRET, id, created });
  const response = (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
  return { status: response.status, body: await response.json() };
}

const pledgeRow = () => getDb().selectFrom("pledges").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const payments = () => getDb().selectFrom("payments").selectAll().orderBy("id").execute();
const mailTo = (to: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["kind", "subject", "text_body as text"])
    .where("to_address", "=", to)
    .orderBy("id")
    .execute();

async function staffView(pledgeId: number) {
  const { cookie } = await adminCookie();
  return bodyOf(
    await run(pledgePage.loader, getRequest(`/admin/dashboard/donations/${pledgeId}`, { cookie }), {
      id: String(pledgeId),
    }),
  );
}

/** A £15 monthly gift by Direct Debit, posted and its mandate set up (checkout.session.completed, unpaid), at `created` (seconds). */
async function monthlyDirectDebit(created?: number) {
  const response = await donate({ type: "monthly", amount: "", customAmount: "15", payBy: "direct-debit", ...donor });
  expect(response.status).toBe(303);
  const pledge = await pledgeRow();
  const completed = await deliver(
    "checkout.session.completed",
    {
      id: `cs_test_${pledge.reference}`,
      object: "checkout.session",
      mode: "subscription",
      amount_total: 1500,
      currency: "gbp",
      client_reference_id: pledge.reference,
      metadata: { reference: pledge.reference },
      customer: "cus_dd_1",
      subscription: "sub_dd_1",
      payment_intent: null,
      payment_method_types: ["bacs_debit"],
      payment_status: "unpaid",
      status: "complete",
    },
    undefined,
    created,
  );
  return { pledge, response, completed };
}

const invoice = (reference: string, extra: Record<string, unknown> = {}) => ({
  id: "in_dd_1",
  object: "invoice",
  amount_paid: 1500,
  amount_due: 1500,
  currency: "gbp",
  customer: "cus_dd_1",
  parent: { subscription_details: { subscription: "sub_dd_1", metadata: { reference } } },
  lines: { data: [{ period: { start: 1_796_000_000, end: 1_798_600_000 } }] },
  ...extra,
});

describe("choosing Direct Debit", () => {
  it("shows the Direct Debit Guarantee in full beside card and bank transfer", async () => {
    const data = await (await donateLoader()).json();
    const options = data.words.form.payByOptions.map((o: { value: string }) => o.value);
    expect(options).toEqual(["card", "direct-debit", "bank"]);
    const { heading, points } = data.words.form.directDebitGuarantee;
    expect(heading).toBe("The Direct Debit Guarantee");
    expect(points[0]).toBe(
      "This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits",
    );
    expect(points).toHaveLength(5);
    // Where the Direct Debit logo would sit: the scheme's name as text, never a copy of the artwork.
    expect(data.words.form.directDebitMark).toBe("Direct Debit");
  });

  it("goes to Checkout in subscription mode with bacs_debit only, £15 a month, the pledge's reference", async () => {
    const response = await donate({ type: "monthly", amount: "", customAmount: "15", payBy: "direct-debit", ...donor });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/\/c\/pay\/cs_test_/);
    const pledge = await pledgeRow();
    expect(pledge).toMatchObject({ pay_by: "card", stripe_method: "bacs_debit", amount_pence: 1500, type: "monthly" });
    const [call] = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(call.params).toMatchObject({
      mode: "subscription",
      "payment_method_types[0]": "bacs_debit",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "1500",
      "line_items[0][price_data][recurring][interval]": "month",
      client_reference_id: pledge.reference,
      "metadata[reference]": pledge.reference,
      "subscription_data[metadata][reference]": pledge.reference,
    });
    expect(call.params["payment_method_types[1]"]).toBeUndefined();
  });

  it("is refused for a one-off gift, with the form shown again", async () => {
    const response = await donate({ type: "one-time", amount: "25", payBy: "direct-debit", ...donor });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Direct Debit is for monthly gifts only");
    expect(standIn.requests).toHaveLength(0);
  });
});

describe("what counts", () => {
  it("a completion with payment_status unpaid sets up the mandate and records no payment", async () => {
    const { pledge, completed } = await monthlyDirectDebit();
    expect(completed).toEqual({ status: 200, body: { received: true, handled: "recorded" } });
    expect(await payments()).toEqual([]);
    const row = await pledgeRow();
    expect(row).toMatchObject({ paid_pence: 0, dd_state: "set-up", stripe_subscription: "sub_dd_1" });
    const staff = await staffView(pledge.id);
    expect(staff.directDebit.status).toMatch(/^Direct Debit: mandate set up, first collection due about /);
    const donorPage = await (
      await cardLoader({
        request: new Request(`http://localhost/donate/card/${pledge.reference}`),
        params: { reference: pledge.reference },
        context: {},
      } as any)
    ).json();
    expect(donorPage.directDebit).toMatch(/Your Direct Debit is set up\. Nothing has been taken yet/);
    const [setUp] = await mailTo(donor.email);
    expect(setUp.kind).toBe("dd.set-up");
    expect(setUp.text).toContain("first collection is due about");
    expect(setUp.text).toContain("THE DIRECT DEBIT GUARANTEE");
    // The same event again adds nothing.
    expect(
      (
        await deliver("checkout.session.completed", {
          client_reference_id: pledge.reference,
          mode: "subscription",
          payment_status: "unpaid",
          metadata: { reference: pledge.reference },
        })
      ).body.handled,
    ).toBe("ignored");
  });

  it("invoice.paid records £15.00 through the ledger, once", async () => {
    const { pledge } = await monthlyDirectDebit();
    expect((await deliver("invoice.paid", invoice(pledge.reference), "evt_paid_1")).body.handled).toBe("recorded");
    expect((await deliver("invoice.paid", invoice(pledge.reference), "evt_paid_1")).body.handled).toBe("duplicate");
    expect((await deliver("invoice.paid", invoice(pledge.reference), "evt_paid_2")).body.handled).toBe("ignored");
    expect((await payments()).map((p) => [p.amount_pence, p.stripe_id])).toEqual([[1500, "in_dd_1"]]);
    expect(await pledgeRow()).toMatchObject({ paid_pence: 1500, dd_state: "collecting" });
    const staff = await staffView(pledge.id);
    expect(staff.directDebit.status).toMatch(/^Direct Debit: collecting monthly/);

    // Statements and exports name the method: Direct Debit, from the one label function.
    const { buildStatement } = await import("~/supporters/services/giving-statements.server");
    const { taxYearOf } = await import("~/utils/tax-year");
    const received = (await payments())[0].received_on;
    const built = (await buildStatement(pledge.id, taxYearOf(received)))!;
    expect(built.statement.gifts.map((gift) => gift.method)).toEqual(["Direct Debit"]);
    expect(built.statement.byMethod).toEqual([{ method: "Direct Debit", count: 1, totalPence: 1500 }]);
    const { PAYMENT_EXPORT_HEADER, PLEDGE_EXPORT_HEADER, paymentExportRows, pledgeExportRows } =
      await import("~/giving/services/donation-exports.server");
    const [paymentRow] = await paymentExportRows();
    expect(paymentRow[PAYMENT_EXPORT_HEADER.indexOf("Method")]).toBe("Direct Debit");
    const [pledgeCsvRow] = await pledgeExportRows({});
    expect(pledgeCsvRow[PLEDGE_EXPORT_HEADER.indexOf("Method")]).toBe("Direct Debit");
  });

  it("invoice.payment_failed e-mails the donor and shows 'failed' to staff, Stripe's retry as such", async () => {
    const { pledge } = await monthlyDirectDebit();
    const failed = invoice(pledge.reference, {
      amount_paid: 0,
      attempt_count: 1,
      next_payment_attempt: 1_797_000_000,
      status: "open",
    });
    expect((await deliver("invoice.payment_failed", failed)).body.handled).toBe("recorded");
    expect((await deliver("invoice.payment_failed", failed)).body.handled).toBe("ignored");
    expect(
      (await deliver("invoice.payment_failed", { ...failed, attempt_count: 2, next_payment_attempt: null })).body
        .handled,
    ).toBe("recorded");
    expect(await payments()).toEqual([]);
    const mails = (await mailTo(donor.email)).filter((m) => m.kind === "dd.failed");
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toContain("Direct Debit");
    expect(mails[0].subject).toContain("could not be collected");
    expect(mails[0].text).toContain("Stripe will try again about");
    const staff = await staffView(pledge.id);
    expect(staff.directDebit.status).toContain("failed");
    expect(staff.directDebit.events.map((e: { what: string }) => e.what)).toEqual([
      expect.stringContaining("Collection failed (Stripe's retry, attempt 2); no retry"),
      expect.stringMatching(/^Collection failed; Stripe retries about/),
    ]);
    expect(await pledgeRow()).toMatchObject({ dd_state: "failed" });
    // The list: a filter by method (and by failed collections), and the last 30 days' problems with reasons.
    const { cookie } = await adminCookie();
    const list = async (query: string) =>
      bodyOf(await run(listPage.loader, getRequest(`/admin/dashboard/donations${query}`, { cookie }), {}));
    const failedOnly = await list("?method=direct-debit-failed");
    expect(failedOnly.pledges.map((p: { reference: string }) => p.reference)).toEqual([pledge.reference]);
    expect(failedOnly.pledges[0].payBy).toBe("direct-debit");
    expect((await list("?method=card")).pledges).toEqual([]);
    const { staffOverview } = await import("~/staff/services/overview.server");
    expect((await staffOverview()).failingDirectDebits).toBe(1);
    expect(failedOnly.directDebitProblems).toHaveLength(2);
    expect(failedOnly.directDebitProblems[0]).toMatchObject({ reference: pledge.reference, amount: "£15" });
  });

  it("customer.subscription.deleted cancels the gift, tells the donor, and shows why", async () => {
    const { pledge } = await monthlyDirectDebit();
    const deleted = {
      id: "sub_dd_1",
      object: "subscription",
      status: "canceled",
      metadata: { reference: pledge.reference },
      cancellation_details: { reason: "payment_failed", comment: null },
    };
    expect((await deliver("customer.subscription.deleted", deleted)).body.handled).toBe("recorded");
    expect((await deliver("customer.subscription.deleted", deleted)).body.handled).toBe("ignored");
    const row = await pledgeRow();
    expect(row).toMatchObject({ status: "cancelled", dd_state: "ended" });
    expect(row.cancel_reason).toContain("payment failed");
    const staff = await staffView(pledge.id);
    expect(staff.pledge.status).toBe("cancelled");
    expect(staff.directDebit.status).toBe("Direct Debit: cancelled");
    expect((await mailTo(donor.email)).filter((m) => m.kind === "dd.ended")).toHaveLength(1);
  });

  it("a mandate gone inactive at the bank stops the gift (the customer found through its payment method)", async () => {
    await monthlyDirectDebit();
    standIn.paymentMethodCustomers.set("pm_dd_1", "cus_dd_1");
    const mandate = {
      id: "mandate_dd_1",
      object: "mandate",
      status: "inactive",
      payment_method: "pm_dd_1",
      payment_method_details: { type: "bacs_debit", bacs_debit: { network_status: "revoked" } },
    };
    expect((await deliver("mandate.updated", mandate)).body.handled).toBe("recorded");
    expect(await pledgeRow()).toMatchObject({ status: "cancelled", dd_state: "ended" });
  });

  it("reordered and odd events never double-count or answer 500", async () => {
    const response = await donate({ type: "monthly", amount: "", customAmount: "15", payBy: "direct-debit", ...donor });
    expect(response.status).toBe(303);
    const pledge = await pledgeRow();
    // invoice.paid before the completion: found by the reference, recorded once.
    expect((await deliver("invoice.paid", invoice(pledge.reference))).body.handled).toBe("recorded");
    expect(
      (
        await deliver("invoice.payment_failed", {
          id: "in_x",
          object: "invoice",
          amount_due: "lots",
          parent: { subscription_details: { metadata: { reference: pledge.reference } } },
        })
      ).status,
    ).toBe(200);
    expect((await deliver("mandate.updated", { id: "m", status: "inactive", payment_method: 7 })).status).toBe(200);
    expect((await deliver("invoice.paid", invoice(pledge.reference, { amount_paid: 1 }))).body.handled).toBe("ignored");
    expect((await payments()).map((p) => p.amount_pence)).toEqual([1500]);
  });
});

describe("the next collection", () => {
  it("is due 7 Bacs working days after set-up (bank holidays skipped), said to staff, the donor's page, e-mail and Your giving, and moves on with each invoice.paid", async () => {
    // Set up on Thursday 17 December 2026: Christmas (Friday 25) and Boxing Day's Monday 28 are
    // not Bacs days, so the 7th working day is Wednesday 30 December (weekends only would say 28).
    const { pledge } = await monthlyDirectDebit(Date.UTC(2026, 11, 17, 12) / 1000);
    expect(await pledgeRow()).toMatchObject({ dd_set_up_on: "2026-12-17", dd_next_collection_on: "2026-12-30" });
    expect((await staffView(pledge.id)).directDebit.status).toBe(
      "Direct Debit: mandate set up, first collection due about 30 December 2026",
    );
    const returnPage = await (
      await cardLoader({
        request: new Request(`http://localhost/donate/card/${pledge.reference}`),
        params: { reference: pledge.reference },
        context: {},
      } as any)
    ).json();
    expect(returnPage.directDebit).toContain("your first collection is due about 30 December 2026");
    expect((await mailTo(donor.email))[0].text).toContain("Your first collection is due about 30 December 2026");
    const { getDonorPortal } = await import("~/supporters/services/donor-portal.server");
    const portal = await getDonorPortal((await pledgeRow()).supporter_id!);
    expect(portal.pledges[0].directDebit?.status).toBe(
      "Direct Debit: mandate set up, first collection due about 30 December 2026",
    );

    // Collected: the next is the end of the invoice's billing period (30 January 2027 here)...
    const periodEnd = Date.UTC(2027, 0, 30, 12) / 1000;
    await deliver("invoice.paid", invoice(pledge.reference, { lines: { data: [{ period: { end: periodEnd } }] } }));
    expect(await pledgeRow()).toMatchObject({ dd_state: "collecting", dd_next_collection_on: "2027-01-30" });
    expect((await getDonorPortal((await pledgeRow()).supporter_id!)).pledges[0].directDebit?.status).toBe(
      "Direct Debit: collecting monthly, next collection due about 30 January 2027",
    );
    // ...and for an invoice that does not say, the subscription's current period end, asked of Stripe.
    const before = standIn.requests.length;
    await deliver("invoice.paid", invoice(pledge.reference, { id: "in_dd_2", lines: { data: [] } }));
    const asked = standIn.requests
      .slice(before)
      .filter((r) => r.method === "GET" && r.path === "/v1/subscriptions/sub_dd_1");
    expect(asked).toHaveLength(1);
    const next = (await pledgeRow()).dd_next_collection_on!;
    expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(next).not.toBe("2027-01-30");
    expect((await payments()).map((p) => p.stripe_id)).toEqual(["in_dd_1", "in_dd_2"]);
  });
});

describe("Your giving", () => {
  it("changes the amount from the next collection and cancels, each e-mailed with the advance-notice promise", async () => {
    const { pledge } = await monthlyDirectDebit();
    const { changeMonthlyCardAmountByDonor, stopMonthlyGiftByDonor } =
      await import("~/supporters/services/donor-changes.server");
    const supporterId = (await pledgeRow()).supporter_id!;
    await changeMonthlyCardAmountByDonor(supporterId, pledge.reference, "20");
    const update = standIn.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/subscriptions/sub_dd_1")
      .at(-1)!;
    expect(update.params).toMatchObject({ "items[0][price_data][unit_amount]": "2000", proration_behavior: "none" });
    await stopMonthlyGiftByDonor(supporterId, pledge.reference);
    expect(await pledgeRow()).toMatchObject({ status: "cancelled" });
    const mails = await mailTo(donor.email);
    const changed = mails.find((m) => m.kind === "dd.changed")!;
    expect(changed.text).toContain("£20");
    expect(changed.text).toContain("2 working days");
    expect(mails.map((m) => m.kind)).toContain("dd.stopped");
    // Stripe's deletion that follows ends the mandate without a second e-mail.
    await deliver("customer.subscription.deleted", { id: "sub_dd_1", object: "subscription", status: "canceled" });
    expect(await pledgeRow()).toMatchObject({ dd_state: "ended" });
    expect((await mailTo(donor.email)).filter((m) => m.kind === "dd.ended")).toHaveLength(0);
  });
});
