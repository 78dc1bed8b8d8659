import { describe, expect, it } from "vitest";
import { toLondonDay, ukMonthAndYear } from "~/utils/dates";

describe("the UK calendar", () => {
  it("takes the day in London, not UTC", () => {
    expect(toLondonDay(new Date("2030-06-30T22:59:59Z"))).toBe("2030-06-30");
    expect(toLondonDay(new Date("2030-06-30T23:00:00Z"))).toBe("2030-07-01"); // BST
    expect(toLondonDay(new Date("2030-12-31T23:59:59Z"))).toBe("2030-12-31"); // GMT
  });

  it("gives half-open month and year ranges, across the year end", () => {
    expect(ukMonthAndYear(new Date("2030-12-15T12:00:00Z"))).toEqual({
      month: ["2030-12-01", "2031-01-01"],
      year: ["2030-01-01", "2031-01-01"],
    });
    expect(ukMonthAndYear(new Date("2030-03-31T23:30:00Z")).month).toEqual(["2030-04-01", "2030-05-01"]);
  });
});
