// Issue 51 item 1: a Gift Aid cancellation has effect from the day the charity is told (HMRC).
// A donor cancels at Your giving; their standing order arrives the same day and is imported from
// the bank statement a week later. That payment is never claimable, never listed as claimable,
// and shown as Gift Aid nowhere: not in the thank-you e-mail, the statement PDF or Your giving.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { getDb } from "~/infra/db.server";
import { setClock } from "~/infra/clock.server";
import * as accountRoute from "~/routes/_public+/giving.account";
import * as cancelRoute from "~/routes/_public+/giving.declarations.$id.cancel";
import * as statementRoute from "~/routes/_public+/giving.statements.$year[.]pdf";
import { confirmImport, previewImport } from "~/giving/services/bank-import.server";
import { recordManualPayment } from "~/giving/services/donations.server";
import { createClaimBatch, listClaimCandidates } from "~/gift-aid/services/gift-aid-claims.server";
import { buildStatement } from "~/supporters/services/giving-statements.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { CANCELLED_REASON } from "~/gift-aid/utils/gift-aid";
import { bodyOf, getRequest, postForm, run } from "./admin-support";
import { signInDonor } from "./giving-support";
import { resetDatabase } from "./helpers";
import { pdfTextLines } from "./pdf-support";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

const at = (iso: string) => setClock(() => Date.parse(iso));

beforeEach(async () => {
  await resetDatabase();
});
afterEach(() => setClock(null));

describe("a declaration cancelled at Your giving", () => {
  it("covers no payment received that day, even one imported later, and nothing shows Gift Aid on it", async () => {
    at("2026-03-02T09:00:00.000Z");
    const standingOrder = await submitPledge({
      type: "monthly",
      amountPence: 1000,
      firstName: "Dana",
      lastName: "Mbeki",
      email: "dana@example.com",
      inHonour: false,
      giftAidDeclaration: {
        version: CURRENT_DECLARATION_VERSION,
        title: "",
        house: "12",
        street: "Elm Road",
        town: "Leeds",
        postcode: "LS1 4AP",
      },
    });
    // The first month is covered.
    await recordManualPayment(
      { pledgeId: standingOrder.id, receivedOn: "2026-03-02", amountPence: 1000, note: null, sendThanks: false },
      "admin",
    );

    // 10 April, 08:00 UK: the donor cancels at Your giving.
    at("2026-04-10T07:00:00.000Z");
    const cookie = await signInDonor("dana@example.com");
    const declaration = await getDb().selectFrom("gift_aid_declarations").select("id").executeTakeFirstOrThrow();
    const cancelled = await run(
      cancelRoute.action,
      postForm(`/giving/declarations/${declaration.id}/cancel`, {}, { cookie }),
      { id: String(declaration.id) },
    );
    expect(cancelled.status).toBe(303);

    // A week later staff import the statement: the standing order arrived on 10 April.
    at("2026-04-17T10:00:00.000Z");
    const csv = ["Date,Description,Amount", `10/04/2026,STO ${standingOrder.reference},10.00`].join("\n");
    const preview = await previewImport(csv);
    expect(preview.proposals).toHaveLength(1);
    const outcome = await confirmImport(
      csv,
      {},
      preview.proposals.map((p) => p.fingerprint),
      "admin",
      new Map(),
      { sendThanks: true },
    );
    expect(outcome).toMatchObject({ recorded: 1, thanked: 1 });
    const imported = await getDb()
      .selectFrom("payments")
      .select("id")
      .where("received_on", "=", "2026-04-10")
      .executeTakeFirstOrThrow();

    // Not claimable, listed as not covered with the reason, and a batch of "all" leaves it out.
    const lists = await listClaimCandidates();
    expect(lists.claimable.map((c) => c.receivedOn)).toEqual(["2026-03-02"]);
    expect(lists.notCovered.map((c) => [c.paymentId, c.problems])).toEqual([[imported.id, [CANCELLED_REASON]]]);
    await createClaimBatch({ paymentIds: "all", actor: "admin" });
    const claimed = await getDb().selectFrom("gift_aid_claim_items").select("payment_id").execute();
    expect(claimed.map((c) => c.payment_id)).not.toContain(imported.id);

    // The thank-you e-mail promises no Gift Aid.
    const [thanks] = await getDb()
      .selectFrom("outbox")
      .select(["text_body", "html_body"])
      .where("kind", "=", "payment.donor")
      .orderBy("id", "desc")
      .execute();
    expect(thanks.text_body).toContain("Received: 10 April 2026");
    expect(thanks.text_body).not.toMatch(/we can claim|Gift Aid/);
    expect(thanks.html_body ?? "").not.toMatch(/we can claim/);

    // The statement: Gift Aid "No" on the 10 April gift.
    const built = await buildStatement(standingOrder.id, 2026);
    expect(built?.statement.gifts).toEqual([
      expect.objectContaining({ receivedOn: "2026-04-10", giftAid: false, amountPence: 1000 }),
    ]);
    expect(built?.statement.giftAidPence).toBe(0);
    const later = await signInDonor("dana@example.com"); // a week on: a new link, a new session
    const pdf = await run(statementRoute.loader, getRequest("/giving/statements/2026.pdf", { cookie: later }), {
      year: "2026",
    });
    expect(pdf.status).toBe(200);
    const lines = pdfTextLines(Buffer.from(await pdf.arrayBuffer()));
    const dayLine = lines.findIndex((line) => line.includes("10 April 2026"));
    expect(dayLine).toBeGreaterThan(-1);
    expect(lines.slice(dayLine, dayLine + 4)).toContain("No");
    expect(lines.slice(dayLine, dayLine + 4)).not.toContain("Yes");

    // Your giving: no Gift Aid on it; the March gift keeps its own.
    const { portal } = await bodyOf(await run(accountRoute.loader, getRequest("/giving/account", { cookie: later })));
    const byDay = Object.fromEntries(
      portal.gifts.map((g: { receivedOn: string; giftAid: string }) => [g.receivedOn, g.giftAid]),
    );
    expect(byDay).toEqual({ "2026-04-10": "none", "2026-03-02": "claimed" });
  });
});
