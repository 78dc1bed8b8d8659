import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decodeStatement,
  findReferences,
  isStripePayout,
  matchCredits,
  parseStatement,
  parseStatementAmount,
  parseStatementDate,
  type StatementCredit,
} from "~/giving/utils/bank-statement";

const TODAY = "2026-11-24";

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/bank-statements/${name}`, import.meta.url), "utf8");

function credits(name: string) {
  const result = parseStatement(fixture(name), TODAY);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const summary = (list: StatementCredit[]) => list.map((c) => [c.line, c.date, c.amountPence, c.references]);

describe("statement dates and amounts", () => {
  it("reads UK date formats", () => {
    expect(parseStatementDate("05/10/2025")).toBe("2025-10-05");
    expect(parseStatementDate("5/10/25")).toBe("2025-10-05");
    expect(parseStatementDate("05-10-2025")).toBe("2025-10-05");
    expect(parseStatementDate("2025-10-05")).toBe("2025-10-05");
    expect(parseStatementDate("2025-10-05T09:12:44Z")).toBe("2025-10-05");
    expect(parseStatementDate("5 Oct 2025")).toBe("2025-10-05");
    expect(parseStatementDate("05-Oct-2025")).toBe("2025-10-05");
    expect(parseStatementDate("5 October 2025")).toBe("2025-10-05");
    for (const bad of ["31/09/2025", "10/13/2025", "", "yesterday", "5 Foo 2025", "2025-02-29"]) {
      expect(parseStatementDate(bad), bad).toBeNull();
    }
  });

  it("reads amounts with pounds signs, commas and every sign convention", () => {
    expect(parseStatementAmount("25.00")).toBe(2500);
    expect(parseStatementAmount("£1,250.00")).toBe(125000);
    expect(parseStatementAmount("0.01")).toBe(1);
    expect(parseStatementAmount("-45.00")).toBe(-4500);
    expect(parseStatementAmount("(45.00)")).toBe(-4500);
    expect(parseStatementAmount("45.00 DR")).toBe(-4500);
    expect(parseStatementAmount("45.00CR")).toBe(4500);
    expect(parseStatementAmount("45.00-")).toBe(-4500);
    expect(parseStatementAmount("+5")).toBe(500);
    expect(parseStatementAmount("GBP 5.5")).toBe(550);
    expect(parseStatementAmount("")).toBe(0);
    for (const bad of ["not known", "1.234", "1,23,4", "£", "--5", "5e3"])
      expect(parseStatementAmount(bad), bad).toBeNull();
  });

  it("finds references however they were typed", () => {
    expect(findReferences("J SMITH CHA-8K2MPQRS BGC")).toEqual(["CHA-8K2MPQRS"]);
    expect(findReferences("a patel cha 3m7q 1v5d fpi")).toEqual(["CHA-3M7Q1V5D"]);
    expect(findReferences("CHA8K2MPQRS")).toEqual(["CHA-8K2MPQRS"]);
    expect(findReferences("ref cha-3M7Q-1V5D")).toEqual(["CHA-3M7Q1V5D"]);
    // O and I typed for 0 and 1 (Crockford), after a word that starts with CHA.
    expect(findReferences("CHARITY GIFT CHA-TW5NOB3H")).toEqual(["CHA-TW5N0B3H"]);
    expect(findReferences("NO REFERENCE GIVEN")).toEqual([]);
  });

  it("refuses what is not a CSV file", () => {
    expect(decodeStatement(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0]))).toBeNull();
    expect(decodeStatement(new TextEncoder().encode("%PDF-1.7 ..."))).toBeNull();
    expect(decodeStatement(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe("A");
    expect(decodeStatement(Uint8Array.from([0x41, 0xa3, 0x35]))).toBe("A£5");
    expect(parseStatement("just one column\nand another line", TODAY).ok).toBe(false);
    const noColumns = parseStatement("When,What,How much\n05/10/2025,x,5", TODAY);
    expect(noColumns).toMatchObject({ ok: false, headers: ["When", "What", "How much"] });
  });
});

describe("realistic statements", () => {
  it("Barclays: signed amounts, duplicates, a bad date", () => {
    const result = credits("barclays.csv");
    expect(result.columns).toMatchObject({ date: 1, amount: 3, description: [5] });
    expect(summary(result.credits)).toEqual([
      [3, "2025-10-05", 2500, ["CHA-8K2MPQRS"]],
      [4, "2025-10-05", 125000, ["CHA-9ZX4T7RB"]],
      [5, "2025-10-06", 1000, ["CHA-3M7Q1V5D"]],
      [6, "2025-10-06", 1000, ["CHA-3M7Q1V5D"]],
      [7, "2025-10-07", 500, []],
    ]);
    // Two identical lines are two payments, told apart by their occurrence.
    expect(result.credits[2].fingerprint).not.toBe(result.credits[3].fingerprint);
    expect(result.debits).toBe(1);
    expect(result.problems).toEqual([{ line: 8, message: '"31/09/2025" is not a date' }]);
  });

  it("HSBC/Nationwide style: account details above the header, paid in column, pennies", () => {
    const result = credits("hsbc.csv");
    expect(result.headers).toContain("Paid in");
    expect(summary(result.credits)).toEqual([
      [7, "2025-10-05", 1, ["CHA-TW5N0B3H"]],
      [8, "2025-10-05", 1999, ["CHA-TW5N0B3H"]],
      [9, "2025-10-12", 1000, ["CHA-3M7Q1V5D"]],
    ]);
    expect(result.debits).toBe(1);
    expect(result.problems).toEqual([{ line: 10, message: '"not known" is not an amount' }]);
  });

  it("Monzo: money in column, references in name, notes or description", () => {
    const result = credits("monzo.csv");
    expect(summary(result.credits)).toEqual([
      [2, "2025-10-05", 2500, ["CHA-8K2MPQRS"]],
      [4, "2025-10-07", 5000, ["CHA-9ZX4T7RB"]],
    ]);
    expect(result.credits[1].description).toContain("Ana Lopes");
  });

  it("Starling: Amount (GBP), counter party and lower-case reference", () => {
    const result = credits("starling.csv");
    expect(summary(result.credits)).toEqual([
      [2, "2025-10-05", 2500, ["CHA-8K2MPQRS"]],
      [4, "2025-10-07", 2000, ["CHA-TW5N0B3H"]],
    ]);
  });

  it("a file without a header row works once staff choose the columns", () => {
    expect(parseStatement(fixture("headerless.csv"), TODAY).ok).toBe(false);
    const result = parseStatement(fixture("headerless.csv"), TODAY, { date: 0, description: 1, amount: 2 });
    if (!result.ok) throw new Error(result.error);
    expect(summary(result.credits)).toEqual([[1, "2025-10-05", 2500, ["CHA-8K2MPQRS"]]]);
    expect(parseStatement(fixture("headerless.csv"), TODAY, { date: 0, description: 1, amount: 9 }).ok).toBe(false);
  });

  it("the same line in a later export has the same fingerprint", () => {
    const a = credits("barclays.csv").credits[0].fingerprint;
    const b = parseStatement(fixture("barclays.csv").split("\r\n").slice(0, 3).join("\r\n"), TODAY);
    expect(b.ok && b.credits[0].fingerprint).toBe(a);
  });

  it("matches credits to known pledges and marks lines recorded before", () => {
    const result = credits("barclays.csv");
    const pledge = {
      id: 1,
      reference: "CHA-8K2MPQRS",
      type: "one-time",
      amountPence: 2500,
      paidPence: 0,
      status: "pending",
    } as const;
    const matching = matchCredits(
      result.credits,
      new Map([[pledge.reference, pledge]]),
      new Set([result.credits[0].fingerprint]),
    );
    expect(matching.proposals.map((p) => [p.line, p.pledge.id, p.state])).toEqual([[3, 1, "already-imported"]]);
    expect(matching.unmatched.map((u) => [u.line, u.unknownReferences])).toEqual([
      [4, ["CHA-9ZX4T7RB"]],
      [5, ["CHA-3M7Q1V5D"]],
      [6, ["CHA-3M7Q1V5D"]],
      [7, []],
    ]);
  });
});

describe("Stripe payouts", () => {
  it("skips a credit whose text names Stripe, even one naming a pledge reference", () => {
    const result = parseStatement(
      "Date,Description,Paid in\n05/10/2025,STRIPE PAYMENTS UK LTD PAYOUT,120.50\n05/10/2025,Stripe CHA-8K2MPQRS,25.00\n05/10/2025,J SMITH CHA-8K2MPQRS,25.00\n05/10/2025,STRIPES CAFE CHA-8K2MPQRS,5.00",
      TODAY,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const pledge = {
      id: 1,
      reference: "CHA-8K2MPQRS",
      type: "one-time",
      amountPence: 2500,
      paidPence: 0,
      status: "pending",
    } as const;
    const matching = matchCredits(result.credits, new Map([[pledge.reference, pledge]]), new Set());
    expect(matching.payouts.map((p) => p.line)).toEqual([2, 3]);
    expect(matching.proposals.map((p) => p.line)).toEqual([4, 5]);
    expect(isStripePayout("Transfer from stripe.com")).toBe(true);
  });
});

describe("impossible dates", () => {
  it("lists a line dated in the future or before the charity existed as a problem, never as a credit", () => {
    const result = parseStatement(
      "Date,Description,Paid in\n31/12/2099,CHA-ABC123,10.00\n01/01/2009,CHA-ABC124,5.00\n05/10/2025,CHA-ABC125,7.00",
      TODAY,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.credits.map((c) => c.date)).toEqual(["2025-10-05"]);
    expect(result.problems.map((p) => p.line)).toEqual([2, 3]);
    expect(result.problems[0].message).toContain("1 November 2010");
  });
});
