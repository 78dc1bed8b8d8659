import { describe, expect, expectTypeOf, it } from "vitest";
import { camelRow, snakeRow, type CamelRow, type SnakeRow } from "~/utils/row-shape";

describe("camelRow", () => {
  it("renames every snake_case column and keeps the values", () => {
    const row = { id: 7, house_name_or_number: "12a", covers_past_4_years: 1, email: "a@example.org", note: null };
    expect(camelRow(row)).toEqual({
      id: 7,
      houseNameOrNumber: "12a",
      coversPast4Years: 1,
      email: "a@example.org",
      note: null,
    });
  });

  it("leaves a row without underscores as it was, and makes a new object", () => {
    const row = { id: 1, status: "sent" };
    const mapped = camelRow(row);
    expect(mapped).toEqual(row);
    expect(mapped).not.toBe(row);
  });

  it("types the renamed fields as the columns were typed", () => {
    expectTypeOf<CamelRow<{ created_at: string; last_bounce_newsletter_id: number | null }>>().toEqualTypeOf<{
      createdAt: string;
      lastBounceNewsletterId: number | null;
    }>();
  });
});

describe("snakeRow", () => {
  it("renames camelCase fields to their columns, and back again with camelRow", () => {
    const fields = { pledgeId: 3, receivedOn: "2026-04-06", coversPast4Years: 1, note: null };
    expect(snakeRow(fields)).toEqual({ pledge_id: 3, received_on: "2026-04-06", covers_past4_years: 1, note: null });
    const row = { pledge_id: 3, received_on: "2026-04-06", house_name_or_number: "12a" };
    expect(snakeRow(camelRow(row))).toEqual(row);
  });

  it("types the renamed columns as the fields were typed", () => {
    expectTypeOf<SnakeRow<{ imageWidths: string | null; id: number }>>().toEqualTypeOf<{
      image_widths: string | null;
      id: number;
    }>();
  });
});
