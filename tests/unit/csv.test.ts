import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvResponse, neutraliseCell, toCsv } from "~/infra/csv.server";

describe("CSV export", () => {
  it.each(["=SUM(A1:A2)", "+44 20", "-1", "@cmd", "\tx", "\rx"])("neutralises a cell starting %j", (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it("leaves ordinary text, numbers and blanks alone", () => {
    expect(neutraliseCell("Ann O'Neil")).toBe("Ann O'Neil");
    expect(neutraliseCell(12.5)).toBe("12.5");
    expect(neutraliseCell(null)).toBe("");
  });

  it("writes a header and quoted rows that a CSV reader gets back exactly", () => {
    const csv = toCsv(
      ["Name", "Message"],
      [
        ['Zoë, "Z"', "line one\nline two"],
        ["=evil()", "ok"],
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parse(csv.slice(1)) as string[][];
    expect(rows).toEqual([
      ["Name", "Message"],
      ['Zoë, "Z"', "line one\nline two"],
      ["'=evil()", "ok"],
    ]);
  });

  it("is sent as a private attachment", () => {
    const response = csvResponse("pledges 2026.csv", "x");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="pledges_2026.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
