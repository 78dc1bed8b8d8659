import { describe, expect, it } from "vitest";
import { claimLineProblems, hmrcAmount, regulatorOf, type ClaimLine } from "~/gift-aid/utils/hmrc-claim-rules";

const TODAY = "2026-11-26";
const good: ClaimLine = {
  title: "Mrs",
  firstName: "Anne-Marie",
  lastName: "O'Neill",
  house: "Flat 2 Rose Court",
  postcode: "LS1 4AP",
  donationDate: TODAY,
  amountPence: 1,
};
const problems = (change: Partial<ClaimLine>) => claimLineProblems({ ...good, ...change }, TODAY);

describe("HMRC's rules for a claim line", () => {
  it("accepts a line within every rule, at the edges", () => {
    expect(problems({})).toEqual([]);
    expect(problems({ title: "", firstName: "A".repeat(35), lastName: "Zoë Brontë", house: "H".repeat(40) })).toEqual(
      [],
    );
    expect(problems({ postcode: "X" })).toEqual([]);
  });

  it("holds back what HMRC would refuse, with every reason", () => {
    expect(problems({ title: "Revd." })).toEqual(["Title must be at most 4 letters"]);
    expect(problems({ firstName: "A".repeat(36) })).toEqual(["First name is longer than 35 characters"]);
    expect(problems({ firstName: "R2D2" })).toEqual([
      "First name may contain only letters, spaces, apostrophes and full stops and hyphens",
    ]);
    expect(problems({ lastName: "Smith-Jones" })).toEqual([
      "Last name may contain only letters, spaces, apostrophes and full stops",
    ]);
    expect(problems({ lastName: "" })).toEqual(["Last name is missing"]);
    expect(problems({ house: "H".repeat(41) })).toEqual(["House name or number is longer than 40 characters"]);
    expect(problems({ house: " " })).toEqual(["House name or number is missing"]);
    expect(problems({ postcode: "ls1 4ap" })).toEqual([
      "Postcode must be a UK postcode in capitals with one space, or X for a donor overseas",
    ]);
    expect(problems({ postcode: "75001" })).toHaveLength(1);
    expect(problems({ donationDate: "2026-11-27" })).toEqual(["Donation date is in the future"]);
    expect(problems({ amountPence: 0 })).toEqual(["Amount must be more than £0.00, in pence"]);
    expect(problems({ amountPence: 10.5 })).toEqual(["Amount must be more than £0.00, in pence"]);
  });

  it("writes money with two decimals, and names the regulator from the charity number", () => {
    expect([hmrcAmount(1), hmrcAmount(1050), hmrcAmount(100000)]).toEqual(["0.01", "10.50", "1000.00"]);
    expect(regulatorOf("1234567")).toEqual({ name: "CCEW", number: "1234567" });
    expect(regulatorOf("1234567-1")).toEqual({ name: "CCEW", number: "1234567-1" });
    expect(regulatorOf("SC012345")).toEqual({ name: "OSCR", number: "SC012345" });
    expect(regulatorOf("NIC100001")).toEqual({ name: "CCNI", number: "100001" });
    expect(regulatorOf("123456")).toEqual({ name: "CCEW", number: "123456" });
    expect(regulatorOf("XXXXXXX")).toBeNull();
  });
});
