import { describe, expect, it } from "vitest";
import { parseTaxYear, taxYearDays, taxYearLabel, taxYearOf } from "~/utils/tax-year";

describe("UK tax year", () => {
  it("turns on 6 April: the 5th is still the year before", () => {
    expect(taxYearOf("2026-04-05")).toBe(2025);
    expect(taxYearOf("2026-04-06")).toBe(2026);
    expect(taxYearOf("2026-01-01")).toBe(2025);
    expect(taxYearOf("2026-12-31")).toBe(2026);
    expect(taxYearOf("2026-03-31")).toBe(2025);
    expect(taxYearOf("2026-05-01")).toBe(2026);
  });

  it("names its first and last days and reads as HMRC writes it", () => {
    expect(taxYearDays(2025)).toEqual({ first: "2025-04-06", last: "2026-04-05" });
    expect(taxYearLabel(2025)).toBe("2025 to 2026");
    for (const day of ["2025-04-06", "2026-04-05"]) expect(taxYearOf(day)).toBe(2025);
  });

  it("reads a year from a query value, and nothing else", () => {
    expect(parseTaxYear("2025")).toBe(2025);
    for (const bad of [null, "", "25", "2025-26", "abcd", "1800"]) expect(parseTaxYear(bad)).toBeNull();
    expect(() => taxYearOf("5 April")).toThrow();
  });
});
