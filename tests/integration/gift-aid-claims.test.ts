import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseEngine, getDb, openDatabase, type DB } from "~/infra/db.server";
import { cancelDeclaration, GiftAidError } from "~/gift-aid/services/gift-aid-declarations.server";
import {
  createClaimBatch,
  deleteClaimBatch,
  getClaimDetail,
  listClaimCandidates,
  markClaimSubmitted,
  claimScheduleCsv,
} from "~/gift-aid/services/gift-aid-claims.server";
import { toLondonDay } from "~/utils/dates";
import { csvResponse } from "~/infra/csv.server";
import { createTestDatabase, failWritesWhen, resetDatabase } from "./helpers";
import { claimItems, claims, pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";

beforeEach(resetDatabase);

const DECLARED = "2026-02-10T12:00:00.000Z";

describe("claimable payments", () => {
  it("sorts unclaimed payments into claimable, rejected by HMRC's rules, and not covered", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const onTime = await recordPaymentForTest(pledge.id, "2026-02-10", 5000);
    const earlier = await recordPaymentForTest(pledge.id, "2023-01-01", 1000); // within 4 years before
    const tooEarly = await recordPaymentForTest(pledge.id, "2022-02-09", 1000); // more than 4 years before
    const { pledge: noHouse } = await pledgeWithDeclaration({ declaredAt: DECLARED, house: "" });
    const rejected = await recordPaymentForTest(noHouse.id, "2026-03-01", 2000);
    const { pledge: plain } = await pledgeWithDeclaration({ giftAid: false });
    await recordPaymentForTest(plain.id, "2026-03-01", 2000);

    const lists = await listClaimCandidates();
    expect(lists.claimable.map((c) => c.paymentId).sort()).toEqual([onTime, earlier].sort());
    expect(lists.rejected.map((c) => [c.paymentId, c.problems])).toEqual([
      [rejected, ["House name or number is missing"]],
    ]);
    expect(lists.notCovered.map((c) => [c.paymentId, c.problems])).toEqual([
      [tooEarly, ["Received more than 4 years before the declaration"]],
    ]);
  });

  it("stops claiming payments received after a declaration is cancelled, and audits the cancellation", async () => {
    const { pledge, declarationId } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const before = await recordPaymentForTest(pledge.id, "2026-02-11", 5000);
    const after = await recordPaymentForTest(pledge.id, "2099-01-01", 5000);
    await cancelDeclaration(declarationId!, "The donor asked by e-mail", "admin");

    const lists = await listClaimCandidates();
    expect(lists.claimable.map((c) => c.paymentId)).toEqual([before]);
    expect(lists.notCovered.map((c) => c.paymentId)).toEqual([after]);
    const audit = await getDb().selectFrom("audit_events").selectAll().execute();
    expect(audit).toMatchObject([
      { entity: "declaration", entity_id: declarationId, action: "declaration.cancelled", actor: "admin" },
    ]);
    await expect(cancelDeclaration(declarationId!, "again", "admin")).rejects.toThrow(/already cancelled/);
    await expect(cancelDeclaration(declarationId!, "   ", "admin")).rejects.toBeInstanceOf(GiftAidError);
  });
});

describe("claim batches", () => {
  it("freezes the payments with HMRC's cells, totals and 25% Gift Aid rounded down", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED, lastName: "Smith-Jones" });
    const a = await recordPaymentForTest(pledge.id, "2026-03-05", 1001);
    const b = await recordPaymentForTest(pledge.id, "2026-03-06", 2502);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    expect(claim).toMatchObject({ totalPence: 3503, giftAidPence: 875, itemCount: 2, submittedOn: null });
    const detail = await getClaimDetail(claim.id);
    expect(detail!.items.map((item) => item.paymentId)).toEqual([a, b]);
    expect(detail!.items[0].cells).toEqual(["Ms", "Jo", "Smith Jones", "12", "LS1 4AP", "", "", "05/03/26", "10.01"]);
    expect((await listClaimCandidates()).claimable).toEqual([]);

    const schedule = (await claimScheduleCsv(claim.id))!;
    expect(schedule.filename).toBe(`gift-aid-claim-${claim.id}.csv`);
    // As the download route sends it.
    const response = csvResponse(schedule.filename, schedule.csv);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv).toBe(
      "\uFEFFTitle,First name,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\r\n" +
        "Ms,Jo,Smith Jones,12,LS1 4AP,,,05/03/26,10.01\r\n" +
        "Ms,Jo,Smith Jones,12,LS1 4AP,,,06/03/26,25.02\r\n",
    );
  });

  it("takes only the selected payments, and refuses a selection with a payment no longer claimable", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const a = await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
    const b = await recordPaymentForTest(pledge.id, "2026-03-06", 2000);
    const first = await createClaimBatch({ paymentIds: [a], actor: "admin" });
    expect(first.itemCount).toBe(1);

    await expect(createClaimBatch({ paymentIds: [b, a], actor: "admin" })).rejects.toThrow(/no longer claimable/);
    expect(await claims()).toHaveLength(1);
    expect((await claimItems()).map((item) => item.payment_id)).toEqual([a]);
    await expect(createClaimBatch({ paymentIds: [], actor: "admin" })).rejects.toThrow(/no claimable payments/);
  });

  it("is all or nothing: a failure on the last row leaves no batch, no rows and no audit event", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
    const last = await recordPaymentForTest(pledge.id, "2026-03-06", 2000);
    const undo = await failWritesWhen(getDb(), {
      name: "fail_claim_item",
      table: "gift_aid_claim_items",
      when: `new.payment_id = ${last}`,
      message: "disk full",
    });
    try {
      await expect(createClaimBatch({ paymentIds: "all", actor: "admin" })).rejects.toThrow(/disk full/);
    } finally {
      await undo();
    }
    expect(await claims()).toHaveLength(0);
    expect(await claimItems()).toHaveLength(0);
    expect(await getDb().selectFrom("audit_events").selectAll().execute()).toHaveLength(0);
    expect((await listClaimCandidates()).claimable).toHaveLength(2);
  });

  it("never puts a payment in two batches made at the same moment (one connection)", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const ids = [
      await recordPaymentForTest(pledge.id, "2026-03-05", 1000),
      await recordPaymentForTest(pledge.id, "2026-03-06", 2000),
    ];
    const results = await Promise.allSettled([
      createClaimBatch({ paymentIds: ids, actor: "a" }),
      createClaimBatch({ paymentIds: ids, actor: "b" }),
      createClaimBatch({ paymentIds: "all", actor: "c" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(GiftAidError);
    }
    expect((await claimItems()).map((item) => item.payment_id).sort()).toEqual([...ids].sort());
    expect(await claims()).toHaveLength(1);
  });

  describe("two processes", () => {
    let file: { db: DB; file: string; cleanup: () => Promise<void> };
    let other: DB;
    beforeAll(async () => {
      file = await createTestDatabase();
      other = openDatabase(file.file);
      // better-sqlite3 waits for a lock synchronously: in one thread, a waiting connection would
      // block the holder from committing until the timeout. Across processes (the real case) the
      // second simply waits; here it gives up at once instead.
      if (databaseEngine(other) === "sqlite") await sql`pragma busy_timeout = 0`.execute(other);
    });
    afterAll(async () => {
      await other.destroy();
      await file.cleanup();
    });

    it("never puts a payment in two batches when two connections create batches at once", async () => {
      const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED }, file.db);
      const ids: number[] = [];
      for (let day = 1; day <= 20; day++) {
        ids.push(await recordPaymentForTest(pledge.id, `2026-03-${String(day).padStart(2, "0")}`, 1000 + day, file.db));
      }
      const results = await Promise.allSettled([
        createClaimBatch({ paymentIds: "all", actor: "a" }, file.db),
        createClaimBatch({ paymentIds: ids, actor: "b" }, other),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const [refused] = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(refused.reason instanceof GiftAidError || /SQLITE_BUSY|locked/i.test(String(refused.reason))).toBe(true);
      const items = await claimItems(file.db);
      expect(items).toHaveLength(20);
      expect(new Set(items.map((item) => item.claim_id)).size).toBe(1);
    });
  });

  it("locks a submitted batch: no second submission, no deletion", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    const today = toLondonDay(new Date());
    await expect(markClaimSubmitted(claim.id, "2999-01-01", "admin")).rejects.toThrow(/future/);
    await expect(markClaimSubmitted(claim.id, "2026-02-30", "admin")).rejects.toThrow(/date/);
    await markClaimSubmitted(claim.id, today, "admin");
    await expect(markClaimSubmitted(claim.id, today, "admin")).rejects.toThrow(/already submitted/);
    await expect(deleteClaimBatch(claim.id, "admin")).rejects.toThrow(/cannot be deleted/);
    expect(await claims()).toMatchObject([{ id: claim.id, submitted_on: today, submitted_by: "admin" }]);
    expect(await claimItems()).toHaveLength(1);
  });

  it("deletes a batch that was not submitted, so its payments can be claimed again", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const payment = await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await deleteClaimBatch(claim.id, "admin");
    expect(await claims()).toHaveLength(0);
    expect((await listClaimCandidates()).claimable.map((c) => c.paymentId)).toEqual([payment]);
  });

  it("keeps a claimed payment from being deleted (the batch refers to it)", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: DECLARED });
    const payment = await recordPaymentForTest(pledge.id, "2026-03-05", 1000);
    await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await expect(getDb().deleteFrom("payments").where("id", "=", payment).execute()).rejects.toThrow(/FOREIGN KEY/i);
  });
});
