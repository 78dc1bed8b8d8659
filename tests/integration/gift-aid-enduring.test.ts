// Enduring Gift Aid, property-based: whatever declarations (made, reaching back or not,
// cancelled) and payments on whatever pledges a supporter has, a payment is claimable only
// under one of its own supporter's declarations whose window holds the day it arrived (on or
// after the day made, up to 4 years before when it reaches back, not after a cancellation);
// every payment some window holds is claimable; and no payment is ever in two batches. A
// declaration made on the form with a later pledge of a known address (not the supporter's first)
// covers only its own pledge's payments until it is confirmed (issue 50: an address is not a person).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { getDb } from "~/infra/db.server";
import { createClaimBatch, listClaimCandidates } from "~/gift-aid/services/gift-aid-claims.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { addYearsToDay } from "~/utils/dates";
import { recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

const BASE = Date.UTC(2019, 0, 1);
const dayOf = (offset: number) => new Date(BASE + offset * 86_400_000).toISOString().slice(0, 10);

interface DeclarationSpec {
  declaredOn: number;
  coversPast: boolean;
  cancelledAfter: number | null;
  confirmed: boolean;
}

const declarationArb = fc.record({
  declaredOn: fc.integer({ min: 0, max: 2500 }),
  coversPast: fc.boolean(),
  cancelledAfter: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
  confirmed: fc.boolean(),
});
const paymentArb = fc.record({
  pledge: fc.nat(),
  day: fc.integer({ min: 0, max: 2900 }),
  amount: fc.integer({ min: 1, max: 50_000 }),
});
const supporterArb = fc.record({
  declarations: fc.array(declarationArb, { maxLength: 3 }),
  plainPledges: fc.integer({ min: 1, max: 2 }),
  payments: fc.array(paymentArb, { maxLength: 6 }),
  later: fc.array(paymentArb, { maxLength: 4 }),
});

interface Window {
  id: number;
  supporter: number;
  declaredOn: string;
  coversPast: boolean;
  cancelledOn: string | null;
  /** Waiting for confirmation: only this pledge's payments. */
  ownPledge: number | null;
}

/** The rule, written out independently of the code under test. */
function holds(w: Window, receivedOn: string, pledgeId: number): boolean {
  if (w.ownPledge !== null && w.ownPledge !== pledgeId) return false;
  // HMRC: a cancellation has effect from the day the charity is told; nothing received that day or later.
  if (w.cancelledOn !== null && receivedOn >= w.cancelledOn) return false;
  if (receivedOn >= w.declaredOn) return true;
  return w.coversPast && receivedOn >= addYearsToDay(w.declaredOn, -4);
}

describe("enduring Gift Aid (property-based)", () => {
  it("claims a payment only inside one of its supporter's windows, every such payment, and never twice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(supporterArb, { minLength: 1, maxLength: 3 }), async (people) => {
        await resetDatabase();
        const db = getDb();
        const windows: Window[] = [];
        const supporterOfPayment = new Map<number, number>();
        const dayOfPayment = new Map<number, string>();
        const pledgeOfPayment = new Map<number, number>();
        const pledgesOf: { id: number; supporter: number }[][] = [];
        for (const [index, person] of people.entries()) {
          const email = index % 2 ? `Person${index}@Example.org` : ` person${index}@example.org `;
          const pledges: { id: number; supporter: number }[] = [];
          const specs: (DeclarationSpec | null)[] = [...person.declarations, ...Array(person.plainPledges).fill(null)];
          for (const spec of specs) {
            const pledge = await submitPledge({
              type: "one-time",
              amountPence: 1000,
              firstName: "Pat",
              lastName: `Person${index}`,
              email: index % 3 === 2 ? email.toUpperCase() : email,
              inHonour: false,
              giftAidDeclaration: spec
                ? {
                    version: CURRENT_DECLARATION_VERSION,
                    title: "Ms",
                    house: "1",
                    street: "Road",
                    town: "Leeds",
                    postcode: "LS1 4AP",
                  }
                : null,
            });
            const row = await db
              .selectFrom("pledges")
              .select("supporter_id")
              .where("id", "=", pledge.id)
              .executeTakeFirstOrThrow();
            pledges.push({ id: pledge.id, supporter: row.supporter_id! });
            if (spec) {
              const declaredOn = dayOf(spec.declaredOn);
              const cancelledOn = spec.cancelledAfter === null ? null : dayOf(spec.declaredOn + spec.cancelledAfter);
              const declaration = await db
                .updateTable("gift_aid_declarations")
                .set({
                  declared_at: `${declaredOn}T12:00:00.000Z`,
                  covers_past_four_years: spec.coversPast ? 1 : 0,
                  cancelled_at: cancelledOn ? `${cancelledOn}T12:00:00.000Z` : null,
                  confirmed_at: spec.confirmed ? `${declaredOn}T13:00:00.000Z` : null,
                })
                .where("pledge_id", "=", pledge.id)
                .returning(["id", "supporter_id", "own_gift_only"])
                .executeTakeFirstOrThrow();
              windows.push({
                id: declaration.id,
                supporter: declaration.supporter_id!,
                declaredOn,
                coversPast: spec.coversPast,
                cancelledOn,
                ownPledge: declaration.own_gift_only === 1 && !spec.confirmed ? pledge.id : null,
              });
              // Only the first pledge of a person is their first gift.
              expect(declaration.own_gift_only).toBe(pledges.length === 1 ? 0 : 1);
            }
          }
          // One supporter per person, however the address was typed.
          expect(new Set(pledges.map((p) => p.supporter)).size).toBe(1);
          pledgesOf.push(pledges);
        }
        const pay = async (index: number, payment: { pledge: number; day: number; amount: number }) => {
          const pledge = pledgesOf[index][payment.pledge % pledgesOf[index].length];
          const id = await recordPaymentForTest(pledge.id, dayOf(payment.day), payment.amount);
          supporterOfPayment.set(id, pledge.supporter);
          pledgeOfPayment.set(id, pledge.id);
          dayOfPayment.set(id, dayOf(payment.day));
        };

        const claimedBefore = new Set<number>();
        const check = async () => {
          const lists = await listClaimCandidates();
          const seen = new Set<number>();
          for (const candidate of [...lists.claimable, ...lists.rejected, ...lists.notCovered]) {
            expect(seen.has(candidate.paymentId), "a payment in two lists").toBe(false);
            seen.add(candidate.paymentId);
            expect(claimedBefore.has(candidate.paymentId), "a claimed payment offered again").toBe(false);
          }
          for (const candidate of [...lists.claimable, ...lists.rejected]) {
            const window = windows.find((w) => w.id === candidate.declarationId)!;
            expect(window.supporter).toBe(supporterOfPayment.get(candidate.paymentId));
            expect(holds(window, candidate.receivedOn, candidate.pledgeId), "claimable outside its window").toBe(true);
          }
          for (const candidate of lists.notCovered) {
            const own = windows.filter((w) => w.supporter === supporterOfPayment.get(candidate.paymentId));
            expect(
              own.some((w) => holds(w, candidate.receivedOn, candidate.pledgeId)),
              "a covered payment left out",
            ).toBe(false);
          }
          // Every payment of a supporter with a declaration is in one list or already claimed.
          for (const [paymentId, supporter] of supporterOfPayment) {
            if (!windows.some((w) => w.supporter === supporter)) continue;
            expect(seen.has(paymentId) || claimedBefore.has(paymentId)).toBe(true);
          }
          return lists;
        };

        for (const [index, person] of people.entries())
          for (const payment of person.payments) await pay(index, payment);
        const first = await check();
        if (first.claimable.length > 0) await createClaimBatch({ paymentIds: "all", actor: "test" });
        for (const c of first.claimable) claimedBefore.add(c.paymentId);
        for (const [index, person] of people.entries()) for (const payment of person.later) await pay(index, payment);
        const second = await check();
        if (second.claimable.length > 0) await createClaimBatch({ paymentIds: "all", actor: "test" });

        const items = await db
          .selectFrom("gift_aid_claim_items")
          .select(["payment_id", "declaration_id", "donation_date"])
          .execute();
        expect(new Set(items.map((i) => i.payment_id)).size).toBe(items.length);
        for (const item of items) {
          const window = windows.find((w) => w.id === item.declaration_id)!;
          expect(window.supporter).toBe(supporterOfPayment.get(item.payment_id));
          expect(holds(window, dayOfPayment.get(item.payment_id)!, pledgeOfPayment.get(item.payment_id)!)).toBe(true);
        }
        // Claiming everything again finds nothing new.
        const after = await listClaimCandidates();
        expect(after.claimable).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it("a cancellation stops claims on money received on or after its day, and a gift made later with no declaration is covered", async () => {
    await resetDatabase();
    const db = getDb();
    const declared = await submitPledge({
      type: "monthly",
      amountPence: 1000,
      firstName: "Kim",
      lastName: "Park",
      email: "kim@example.org",
      inHonour: false,
      giftAidDeclaration: {
        version: CURRENT_DECLARATION_VERSION,
        title: "",
        house: "3",
        street: "Road",
        town: "Hull",
        postcode: "HU1 1AA",
      },
    });
    await db.updateTable("gift_aid_declarations").set({ declared_at: "2025-04-05T23:30:00.000Z" }).execute();
    const later = await submitPledge({
      type: "one-time",
      amountPence: 5000,
      firstName: "Kim",
      lastName: "Park",
      email: "KIM@example.org ",
      inHonour: false,
    });
    const before = await recordPaymentForTest(later.id, "2021-04-06", 100); // 4 years before the UK day 6 April 2025: covered
    const tooOld = await recordPaymentForTest(later.id, "2021-04-05", 100);
    const onDay = await recordPaymentForTest(declared.id, "2025-04-06", 100);
    await db.updateTable("gift_aid_declarations").set({ cancelled_at: "2025-10-01T09:00:00.000Z" }).execute();
    const lastCovered = await recordPaymentForTest(later.id, "2025-09-30", 100);
    const sameDay = await recordPaymentForTest(later.id, "2025-10-01", 100); // the day the charity was told
    const afterCancel = await recordPaymentForTest(later.id, "2025-10-02", 100);
    const lists = await listClaimCandidates();
    expect(lists.claimable.map((c) => c.paymentId).sort()).toEqual([before, onDay, lastCovered].sort());
    expect(lists.notCovered.map((c) => [c.paymentId, c.problems[0]])).toEqual([
      [tooOld, "Received more than 4 years before the declaration"],
      [sameDay, "Received on or after the day the declaration was cancelled"],
      [afterCancel, "Received on or after the day the declaration was cancelled"],
    ]);
  });
});
