// Donor receipts: the thank-you e-mail for each payment recorded, the one
// reminder of an unpaid bank-transfer pledge, and yearly giving statements (PDF, signed link).
// Mail goes through the outbox to a real SMTP server in this process.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { now as clockNow, setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { signLinkToken } from "~/infra/signed-link.server";
import { listAudit } from "~/site/models/audit.server";
import { createPledge } from "~/giving/models/pledge.server";
import * as pledgePage from "~/routes/admin+/dashboard+/donations.$id/route";
import * as statementRoute from "~/routes/admin+/dashboard+/donations.$id.statement";
import * as staffPdf from "~/routes/admin+/dashboard+/donations.$id.statement[.]pdf";
import * as statementsPage from "~/routes/admin+/dashboard+/donations.statements";
import * as mailMessage from "~/routes/admin+/dashboard+/mail.$id";
import * as publicPage from "~/routes/_public+/statement.$token";
import * as publicPdf from "~/routes/_public+/statement.$token_.pdf";
import { confirmImport, previewImport } from "~/giving/services/bank-import.server";
import { buildStatement, sendYearStatements, statementToken } from "~/supporters/services/giving-statements.server";
import { runHousekeeping } from "~/site/services/housekeeping.server";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { queuePaymentThanks, remindersEnabled, setRemindersEnabled } from "~/giving/services/receipts.server";
import { renderStatementPdf } from "~/supporters/services/statement-pdf.server";
import { getCharitySettings } from "~/site/services/charity-settings.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { makePledge } from "./donations-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { useTestMail } from "./mail-support";
import { expectWellFormedPdf, pdfText } from "./pdf-support";

const testMail = useTestMail();
const DAY_MS = 24 * 60 * 60 * 1000;

let cookie: string;
beforeEach(async () => {
  ({ cookie } = await adminCookie());
});
afterEach(() => setClock(null));

const deliver = () => deliverDueMail({ db: getDb(), transport: testMail.transport, now: () => new Date(clockNow()) });
const outboxOf = (kind: string) => getDb().selectFrom("outbox").selectAll().where("kind", "=", kind).execute();
const mailTo = (address: string) => testMail.smtp.received.filter((mail) => mail.to.includes(address));

function recordByHand(pledgeId: number, fields: Record<string, string>) {
  return run(
    pledgePage.action,
    postForm(
      adminPaths.donation(pledgeId),
      { intent: "record-payment", receivedOn: "2025-10-05", amount: "25", ...fields },
      { cookie },
    ),
    { id: String(pledgeId) },
  );
}

describe("the thank-you e-mail for a payment", () => {
  it("recorded by hand with the box ticked: one e-mail with the amount and the day, no Gift Aid line without a declaration", async () => {
    const pledge = await makePledge({ email: "ann@example.org", firstName: "Ann", amountPence: 2500 });
    const response = await recordByHand(pledge.id, { sendThanks: "on" });
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: adminPaths.donation(pledge.id),
      notice: "Payment recorded. The donor's thank-you e-mail is on its way.",
    });

    expect((await deliver()).sent).toBe(1);
    const mail = await testMail.smtp.waitFor((m) => m.to.includes("ann@example.org"));
    expect(mail.subject).toBe(`Thank you: your gift has arrived (${pledge.reference})`);
    expect(mail.text).toContain("Dear Ann");
    expect(mail.text).toContain("Amount: £25");
    expect(mail.text).toContain("Received: 5 October 2025");
    expect(mail.text).not.toContain("Gift Aid");
    expect(mailTo("ann@example.org").filter((m) => m.text.includes(pledge.reference))).toHaveLength(1);
    const history = await listAudit(getDb(), "pledge", pledge.id);
    expect(history.at(-1)?.detail).toContain("thank-you e-mailed");
  });

  it("recorded by hand with the box unticked: no e-mail, and the history says so", async () => {
    const pledge = await makePledge({ email: "bob@example.org" });
    const response = await recordByHand(pledge.id, {});
    expect(await savedNoticeOf(response)).toEqual({
      location: adminPaths.donation(pledge.id),
      notice: "Payment recorded.",
    });
    expect(await outboxOf("payment.donor")).toEqual([]);
    expect((await deliver()).sent).toBe(0);
    const history = await listAudit(getDb(), "pledge", pledge.id);
    expect(history.at(-1)?.detail).toContain("no thank-you e-mail");
  });

  it("says what Gift Aid adds (25p per £1) when the pledge's declaration covers the payment", async () => {
    const { pledge } = await pledgeWithDeclaration();
    await recordByHand(pledge.id, { sendThanks: "on", amount: "50" });
    await deliver();
    const mail = await testMail.smtp.waitFor((m) => m.subject.includes(`has arrived (${pledge.reference})`));
    expect(mail.text).toContain("Amount: £50");
    expect(mail.text).toContain("we can claim £12.50 more from HMRC on this gift");
  });

  it("has no Gift Aid line when the declaration was cancelled before the payment arrived", async () => {
    const { pledge, declarationId } = await pledgeWithDeclaration();
    await getDb()
      .updateTable("gift_aid_declarations")
      .set({
        declared_at: "2025-01-01T10:00:00.000Z",
        cancelled_at: "2025-09-01T10:00:00.000Z",
        cancel_reason: "asked",
      })
      .where("id", "=", declarationId!)
      .execute();
    await recordByHand(pledge.id, { sendThanks: "on" });
    await deliver();
    const mail = await testMail.smtp.waitFor((m) => m.subject.includes(`has arrived (${pledge.reference})`));
    expect(mail.text).toContain("Amount: £25");
    expect(mail.text).not.toContain("Gift Aid");
  });

  it("a bank import sends one per payment recorded, and none when its box is unticked", async () => {
    const first = await makePledge({ reference: "CHA-8K2MPQRS", email: "smith@example.org" });
    const second = await makePledge({ reference: "CHA-TW5N0B3H", email: "okafor@example.org" });
    const csv =
      "Date,Description,Amount\n05/10/2025,J SMITH CHA-8K2MPQRS,25.00\n06/10/2025,OKAFOR CHA-TW5N0B3H,20.00\n";
    const preview = await previewImport(csv);
    const [line1, line2] = preview.proposals.map((p) => p.fingerprint);

    const ticked = await confirmImport(csv, {}, [line1], "admin");
    expect(ticked).toMatchObject({ recorded: 1, thanked: 1 });
    const unticked = await confirmImport(csv, {}, [line2], "admin", new Map(), { sendThanks: false });
    expect(unticked).toMatchObject({ recorded: 1, thanked: 0 });

    expect((await outboxOf("payment.donor")).map((row) => row.pledge_id)).toEqual([first.id]);
    await deliver();
    const mail = await testMail.smtp.waitFor((m) => m.to.includes("smith@example.org"));
    expect(mail.text).toContain("Received: 5 October 2025");
    expect(mailTo("okafor@example.org")).toHaveLength(0);
    expect(second.id).toBeGreaterThan(0);
  });

  it("the import page keeps the box ticked by default and passes an untick through", async () => {
    await makePledge({ reference: "CHA-8K2MPQRS", email: "smith@example.org" });
    const csv = "Date,Description,Amount\n05/10/2025,J SMITH CHA-8K2MPQRS,25.00\n";
    const importRoute = await import("~/routes/admin+/dashboard+/donations.import/route");
    const post = (fields: Record<string, string | string[]>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
      }
      return new Request(new URL(adminPaths.donationsImport, "http://localhost"), {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      });
    };
    const preview = await bodyOf(await run(importRoute.action, post({ intent: "preview", csv })));
    expect(preview.sendThanks).toBe(true);
    const confirmed = await run(
      importRoute.action,
      post({ intent: "confirm", csv, accept: preview.proposals[0].fingerprint }),
    );
    expect(confirmed.status).toBe(303);
    expect((await savedNoticeOf(confirmed)).notice).toBe("1 payment recorded.");
    expect(await outboxOf("payment.donor")).toEqual([]);

    await makePledge({ reference: "CHA-TW5N0B3H", email: "okafor@example.org" });
    const next = "Date,Description,Amount\n06/10/2025,OKAFOR CHA-TW5N0B3H,20.00\n";
    const second = await bodyOf(await run(importRoute.action, post({ intent: "preview", csv: next })));
    const ticked = await run(
      importRoute.action,
      post({ intent: "confirm", csv: next, accept: second.proposals[0].fingerprint, sendThanks: "on" }),
    );
    expect(await savedNoticeOf(ticked)).toEqual({
      location: adminPaths.donationsImport,
      notice: "1 payment recorded. 1 thank-you e-mail on the way.",
    });
    expect(await outboxOf("payment.donor")).toHaveLength(1);
  });

  it("a refund (a negative amount) sends none", async () => {
    const pledge = await makePledge();
    const charity = await getCharitySettings();
    const queued = await getDb()
      .transaction()
      .execute((trx) =>
        queuePaymentThanks(trx, pledge, { amountPence: -2500, receivedOn: "2025-10-05", method: "card" }, charity),
      );
    expect(queued).toBe(false);
    expect(await outboxOf("payment.donor")).toEqual([]);
  });
});

describe("the reminder of an unpaid bank-transfer pledge", () => {
  const MADE = Date.parse("2026-03-02T10:00:00Z");
  const at = async (ms: number) => {
    setClock(() => ms);
    return (await runHousekeeping(new Date(clockNow()))).paymentReminders;
  };

  it("is sent once, 7 days after the pledge, with the reference and bank details; never a second", async () => {
    const pledge = await makePledge({
      email: "late@example.org",
      firstName: "Lee",
      createdAt: new Date(MADE).toISOString(),
    });
    expect(await at(MADE + 6 * DAY_MS)).toBe(0);
    expect(await at(MADE + 7 * DAY_MS + 60_000)).toBe(1);
    expect(await at(MADE + 8 * DAY_MS)).toBe(0);
    expect(await at(MADE + 20 * DAY_MS)).toBe(0);
    expect(await outboxOf("pledge.reminder")).toHaveLength(1);

    await deliver();
    const mail = await testMail.smtp.waitFor((m) => m.to.includes("late@example.org"));
    expect(mail.subject).toBe(`A gentle reminder about your pledge (${pledge.reference})`);
    const charity = await getCharitySettings();
    expect(mail.text).toContain(`Reference: ${pledge.reference}`);
    expect(mail.text).toContain(`Sort code: ${charity.sortCode}`);
    expect(mail.text).toContain(`Account number: ${charity.accountNumber}`);
    expect(mailTo("late@example.org")).toHaveLength(1);
    expect((await listAudit(getDb(), "pledge", pledge.id)).map((e) => e.action)).toContain("pledge.reminded");
  });

  it("is not sent when a payment arrived, for a cancelled or card pledge, or for one older than the window", async () => {
    const paid = await makePledge({ createdAt: new Date(MADE).toISOString() });
    await recordPaymentForTest(paid.id, "2026-03-04", 2500);
    const monthlyPaid = await makePledge({ type: "monthly", createdAt: new Date(MADE).toISOString() });
    await recordPaymentForTest(monthlyPaid.id, "2026-03-04", 1000);
    const cancelled = await makePledge({ createdAt: new Date(MADE).toISOString() });
    await getDb()
      .updateTable("pledges")
      .set({ cancelled_at: new Date(MADE + DAY_MS).toISOString(), status: "cancelled", cancel_reason: "x" })
      .where("id", "=", cancelled.id)
      .execute();
    const card = await createPledge(getDb(), {
      type: "one-time",
      amountPence: 2500,
      firstName: "C",
      lastName: "Card",
      email: "card@example.org",
      inHonour: false,
      payBy: "card",
    });
    await getDb()
      .updateTable("pledges")
      .set({ created_at: new Date(MADE).toISOString() })
      .where("id", "=", card.id)
      .execute();
    await makePledge({ createdAt: new Date(MADE - 40 * DAY_MS).toISOString() });
    expect(await at(MADE + 7 * DAY_MS + 60_000)).toBe(0);
    expect(await outboxOf("pledge.reminder")).toEqual([]);
  });

  it("is not sent while staff have turned reminders off in Settings", async () => {
    await makePledge({ createdAt: new Date(MADE).toISOString() });
    const settings = await import("~/routes/admin+/dashboard+/settings");
    const off = await run(settings.action, postForm(adminPaths.settings, { group: "reminders" }, { cookie }));
    expect(off.status).toBe(303);
    expect(await remindersEnabled()).toBe(false);
    expect(await at(MADE + 7 * DAY_MS + 60_000)).toBe(0);
    expect(await outboxOf("pledge.reminder")).toEqual([]);

    const on = await run(
      settings.action,
      postForm(adminPaths.settings, { group: "reminders", reminders: "on" }, { cookie }),
    );
    expect(on.status).toBe(303);
    expect(await remindersEnabled()).toBe(true);
    expect(await setRemindersEnabled(true, "admin")).toBe(false);
    expect(await at(MADE + 8 * DAY_MS)).toBe(1);
  });
});

describe("yearly giving statements", () => {
  const NOW = Date.parse("2026-06-10T09:00:00Z");

  /** Ann gave on two pledges (her address typed two ways), one with Gift Aid; Bob once; Cy only the year before. */
  async function givers() {
    const { pledge: annGiftAid } = await pledgeWithDeclaration({
      declaredAt: "2025-04-01T09:00:00.000Z",
      email: "Ann@Example.org",
      firstName: "Ann",
      lastName: "Lee",
    });
    const annLater = await makePledge({ email: " ann@example.org ", firstName: "Ann", lastName: "Lee" });
    const bob = await makePledge({ email: "bob@example.org", firstName: "Bob", lastName: "Ray" });
    const cy = await makePledge({ email: "cy@example.org" });
    await recordPaymentForTest(annGiftAid.id, "2025-04-05", 1111); // the tax year before
    await recordPaymentForTest(annGiftAid.id, "2025-04-06", 2500); // first day of 2025 to 2026
    await recordPaymentForTest(annLater.id, "2026-04-05", 4000); // last day
    await recordPaymentForTest(annLater.id, "2026-04-06", 3333); // the next tax year
    await recordPaymentForTest(bob.id, "2025-12-01", 1000);
    await recordPaymentForTest(cy.id, "2024-12-01", 500);
    return { annGiftAid, annLater, bob, cy };
  }

  it("list every gift of the donor in the tax year, across pledges, with Gift Aid and the total, as PDF text", async () => {
    const { annGiftAid, annLater } = await givers();
    const built = await buildStatement(annLater.id, 2025, { today: "2026-06-10" });
    expect(built?.statement.gifts).toEqual([
      {
        receivedOn: "2025-04-06",
        reference: annGiftAid.reference,
        amountPence: 2500,
        method: "Bank transfer",
        giftAid: true,
      },
      // Her declaration is enduring: it covers her later pledge's gift too.
      {
        receivedOn: "2026-04-05",
        reference: annLater.reference,
        amountPence: 4000,
        method: "Bank transfer",
        giftAid: true,
      },
    ]);
    expect(built?.statement.totalPence).toBe(6500);
    const text = pdfText(await renderStatementPdf(built!.statement, { compress: false }));
    const charity = await getCharitySettings();
    for (const expected of [
      charity.name,
      `Registered charity number ${charity.charityNumber}`,
      "Giving statement",
      "Tax year 2025 to 2026: 6 April 2025 to 5 April 2026",
      "Prepared for Ann Lee",
      "6 April 2025",
      annGiftAid.reference,
      "£25.00",
      "5 April 2026",
      annLater.reference,
      "£40.00",
      "Total",
      "£65.00",
      "Paid by Bank transfer: 2 gifts, £65.00",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("£11.11");
    expect(text).not.toContain("£33.33");
  });

  it("download through a signed link for 30 days, not after; a tampered link is refused", async () => {
    const { annLater, annGiftAid } = await givers();
    setClock(() => NOW);
    const token = statementToken(annLater.id, 2025);
    const page = await run(publicPage.loader, getRequest(`/statement/${token}`), { token });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await bodyOf(page)).toMatchObject({ ok: true, label: "2025 to 2026" });

    const pdf = await run(publicPdf.loader, getRequest(`/statement/${token}/pdf`), { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
    expectWellFormedPdf(bytes);
    const text = pdfText(bytes);
    expect(text).toContain(annGiftAid.reference);
    expect(text).toContain(annLater.reference);
    expect(text).toContain("£65.00");

    setClock(() => NOW + 30 * DAY_MS - 60_000);
    expect((await run(publicPage.loader, getRequest(`/statement/${token}`), { token })).status).toBe(200);
    setClock(() => NOW + 30 * DAY_MS);
    expect((await run(publicPage.loader, getRequest(`/statement/${token}`), { token })).status).toBe(410);
    expect((await run(publicPdf.loader, getRequest(`/statement/${token}/pdf`), { token })).status).toBe(410);

    setClock(() => NOW);
    const [, year, pledgeId, expires, signature] = /^(\d+)-(\d+)-(\d+)-([\w-]+)$/.exec(token)!;
    const tampered = [
      [year, String(Number(pledgeId) + 1), expires, signature],
      ["2024", pledgeId, expires, signature],
      [year, pledgeId, String(Number(expires) + 86_400), signature],
      [year, pledgeId, expires, `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`],
      [year, pledgeId, expires],
    ].map((parts) => parts.join("-"));
    const otherPurpose = signLinkToken("something-else", [year, pledgeId], new Date(NOW + DAY_MS));
    for (const bad of [...tampered, otherPurpose, token.replace(/-/g, "."), "not-a-token", ""]) {
      expect((await run(publicPage.loader, getRequest(`/statement/${bad}`), { token: bad })).status).toBe(404);
      expect((await run(publicPdf.loader, getRequest(`/statement/${bad}/pdf`), { token: bad })).status).toBe(404);
    }
  });

  it("staff send one donor's statement from the pledge page: a confirmation, then one e-mail whose link opens it", async () => {
    const { annGiftAid } = await givers();
    const confirm = await run(
      statementRoute.loader,
      getRequest(adminPaths.donationStatement(annGiftAid.id, 2025), { cookie }),
      { id: String(annGiftAid.id) },
    );
    expect(confirm.status).toBe(200);
    expect((await bodyOf(confirm)).statement).toMatchObject({ to: "ann@example.org", gifts: 2, totalPence: 6500 });

    const staffDownload = await run(
      staffPdf.loader,
      getRequest(adminPaths.donationStatementPdf(annGiftAid.id, 2025), { cookie }),
      { id: String(annGiftAid.id) },
    );
    expect(staffDownload.headers.get("Content-Type")).toBe("application/pdf");

    const sent = await run(
      statementRoute.action,
      postForm(adminPaths.donationStatement(annGiftAid.id), { year: "2025" }, { cookie }),
      { id: String(annGiftAid.id) },
    );
    expect(sent.status).toBe(303);
    expect(await savedNoticeOf(sent)).toEqual({
      location: adminPaths.donation(annGiftAid.id),
      notice: "Giving statement sent: the e-mail with its download link is on its way.",
    });
    expect(await outboxOf("statement.donor")).toHaveLength(1);
    await deliver();
    const mail = await testMail.smtp.waitFor(
      (m) => m.subject === "Your giving statement for the tax year 2025 to 2026",
    );
    expect(mail.text).toContain("It lists 2 gifts, £65 in all");
    const url = /http:\/\/localhost:3000(\/statement\/\S+)/.exec(mail.text)?.[1];
    expect(url).toBeTruthy();
    const token = url!.split("/")[2];
    // One run of URL-safe characters: the access log redacts it like every link token.
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect((await run(publicPage.loader, getRequest(url!), { token })).status).toBe(200);
    const history = await listAudit(getDb(), "pledge", annGiftAid.id);
    expect(history.at(-1)).toMatchObject({ action: "statement.sent", actor: "admin" });
    // The mail log shows the message without the link (a credential, as invitation links are).
    const [row] = await outboxOf("statement.donor");
    const shown = await run(mailMessage.loader, getRequest(adminPaths.mailMessage(row.id), { cookie }), {
      id: String(row.id),
    });
    const shownText = JSON.stringify(await shown.json());
    expect(shownText).not.toContain(token);
    expect(shownText).toContain("/statement/[link withheld]");

    const none = await run(
      statementRoute.action,
      postForm(adminPaths.donationStatement(annGiftAid.id), { year: "2019" }, { cookie }),
      { id: String(annGiftAid.id) },
    );
    expect(none.status).toBe(409);
    const noYear = await run(
      statementRoute.action,
      postForm(adminPaths.donationStatement(annGiftAid.id), { year: "soon" }, { cookie }),
      { id: String(annGiftAid.id) },
    );
    expect(noYear.status).toBe(400);
  });

  it("staff send a whole tax year in one action: one e-mail per donor who gave that year, audited", async () => {
    await givers();
    setClock(() => NOW);
    const preview = await run(
      statementsPage.loader,
      getRequest(`${adminPaths.donationsStatements}?year=2025`, { cookie }),
    );
    expect(await bodyOf(preview)).toMatchObject({ year: 2025, preview: { donors: 2, totalPence: 7500 } });
    const response = await run(
      statementsPage.action,
      postForm(adminPaths.donationsStatements, { year: "2025" }, { cookie }),
    );
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: `${adminPaths.donationsStatements}?year=2025`,
      notice: "2 statements are on the way for the tax year 2025 to 2026.",
    });
    const rows = await outboxOf("statement.donor");
    expect(rows.map((row) => row.to_address.toLowerCase()).sort()).toEqual(["ann@example.org", "bob@example.org"]);
    // 2024 to 2025: Ann (5 April 2025) and Cy.
    expect((await sendYearStatements(2024, "admin")).sent).toBe(2);
    const after = await bodyOf(
      await run(statementsPage.loader, getRequest(`${adminPaths.donationsStatements}?year=2025`, { cookie })),
    );
    expect(after.history.map((event: { detail: string }) => event.detail)).toEqual([
      "Giving statements for the tax year 2024 to 2025 e-mailed to 2 donors",
      "Giving statements for the tax year 2025 to 2026 e-mailed to 2 donors",
    ]);
    const bad = await run(
      statementsPage.action,
      postForm(adminPaths.donationsStatements, { year: "next" }, { cookie }),
    );
    expect(bad.status).toBe(400);
  });
});
