import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findStatementHeader,
  readStatementRecords,
  readStatementRows,
  type LineProblem,
} from "~/giving/utils/bank-statement";

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/bank-statements/${name}`, import.meta.url), "utf8");

describe("parseStatement's steps: header detection, then row reading", () => {
  it("finds the header row below a bank's account details, by the usual column names", () => {
    const records = readStatementRecords(fixture("hsbc.csv"), [])!;
    const header = findStatementHeader(records);
    expect(header.ok).toBe(true);
    if (!header.ok) return;
    expect(header.headerIndex).toBeGreaterThan(0);
    expect(header.headers).toEqual(["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"]);
    expect(header.columns).toMatchObject({ date: 0, credit: 4, debit: 3 });
  });

  it("refuses a file with one column, and asks for columns it cannot find", () => {
    expect(findStatementHeader(readStatementRecords("one\ntwo\n", [])!)).toMatchObject({ ok: false });
    const unknown = findStatementHeader(readStatementRecords("a,b,c\n1,2,3\n", [])!);
    expect(unknown).toMatchObject({ ok: false, headers: ["a", "b", "c"] });
  });

  it("reads only money in from the rows after the header, reporting lines it cannot read", () => {
    const problems: LineProblem[] = [];
    const records = readStatementRecords(
      "Date,Description,Amount\n05/10/2025,J SMITH CHA-8K2MPQRS,25.00\n06/10/2025,ENERGY,-45.00\nsoon,X,1.00\n",
      problems,
    )!;
    const header = findStatementHeader(records);
    if (!header.ok) throw new Error(header.error);
    const rows = readStatementRows(records.slice(header.headerIndex + 1), header.columns, problems, "2025-11-01");
    expect(rows.debits).toBe(1);
    expect(rows.credits).toMatchObject([
      { line: 2, date: "2025-10-05", amountPence: 2500, references: ["CHA-8K2MPQRS"] },
    ]);
    expect(rows.credits[0].fingerprint).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(problems).toEqual([{ line: 4, message: '"soon" is not a date' }]);
  });
});
