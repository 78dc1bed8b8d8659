import { describe, expect, it } from "vitest";
import { firstCollectionOn } from "~/giving/utils/direct-debit-dates";
import { addWorkingDays, isWorkingDay } from "~/utils/working-days";

// Bacs working days: Monday to Friday, not a bank holiday in England and Wales.

describe("Bacs working days", () => {
  it("skip weekends and England and Wales bank holidays", () => {
    expect(isWorkingDay("2026-12-24")).toBe(true);
    expect(isWorkingDay("2026-12-25")).toBe(false); // Christmas Day
    expect(isWorkingDay("2026-12-26")).toBe(false); // Saturday
    expect(isWorkingDay("2026-12-28")).toBe(false); // Boxing Day's substitute Monday
    expect(isWorkingDay("2026-04-03")).toBe(false); // Good Friday
    expect(isWorkingDay("2026-04-06")).toBe(false); // Easter Monday
    expect(isWorkingDay("2027-03-29")).toBe(false); // Easter Monday 2027
  });

  it("count a Direct Debit's first collection 7 working days on", () => {
    expect(addWorkingDays("2026-11-27", 7)).toBe("2026-12-08"); // a Friday: no holiday on the way
    expect(firstCollectionOn("2026-12-17")).toBe("2026-12-30"); // over Christmas and Boxing Day's Monday
    expect(firstCollectionOn("2026-03-31")).toBe("2026-04-13"); // over Good Friday and Easter Monday
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
  });
});
