import { describe, expect, it } from "vitest";
import { formatLongDate, giftDayProblem, parseUkDay } from "~/utils/dates";

describe("formatLongDate", () => {
  it("renders en-GB long dates", () => {
    expect(formatLongDate("2025-10-05T12:00:00.000Z")).toBe("5 October 2025");
    expect(formatLongDate(new Date("2024-12-01T09:00:00Z"))).toBe("1 December 2024");
  });

  it("uses the Europe/London day, not UTC, in British Summer Time", () => {
    // 23:30 UTC on 4 October is 00:30 on 5 October in London (BST, UTC+1).
    expect(formatLongDate("2025-10-04T23:30:00.000Z")).toBe("5 October 2025");
  });

  it("uses GMT in winter", () => {
    // 23:30 UTC on 4 December is still 4 December in London (GMT, UTC+0).
    expect(formatLongDate("2025-12-04T23:30:00.000Z")).toBe("4 December 2025");
  });

  it("is empty for an unparseable value rather than 'Invalid Date'", () => {
    expect(formatLongDate("not a date")).toBe("");
  });
});

describe("giftDayProblem", () => {
  const today = "2026-11-24";
  it("accepts days from the charity's founding to today (UK)", () => {
    for (const day of ["2010-11-01", "2020-02-29", today]) expect(giftDayProblem(day, today)).toBeNull();
  });
  it("refuses days before November 2010 and after today, naming the range", () => {
    for (const day of ["2010-10-31", "1999-01-01", "2026-11-25", "9999-12-31"])
      expect(giftDayProblem(day, today)).toBe("Enter a date from 1 November 2010 to today (24 November 2026)");
  });
});

describe("parseUkDay", () => {
  it("takes a picked day or one typed the UK way", () => {
    expect(parseUkDay("2026-11-24")).toBe("2026-11-24");
    expect(parseUkDay(" 24/11/2026 ")).toBe("2026-11-24");
    expect(parseUkDay("1/3/2026")).toBe("2026-03-01");
    expect(parseUkDay("24-11-2026")).toBe("2026-11-24");
    expect(parseUkDay("24.11.2026")).toBe("2026-11-24");
  });
  it("refuses days that are not on the calendar, and other shapes", () => {
    for (const value of ["31/02/2026", "2026-02-30", "11/24/2026", "24/11/26", "tomorrow", ""])
      expect(parseUkDay(value), value).toBeNull();
  });
});
