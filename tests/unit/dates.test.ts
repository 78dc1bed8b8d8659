import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/utils/dates";

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
