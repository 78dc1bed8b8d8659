import { describe, expect, it } from "vitest";
import { GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { donationSchema } from "~/giving/schemas/donation";
import { neutraliseCell } from "~/infra/csv.server";
import { addYearsToDay, toLondonDay } from "~/utils/dates";
import {
  claimability,
  cleanLastName,
  cleanTitle,
  normaliseUkPostcode,
  scheduleAmount,
  scheduleCells,
  scheduleDate,
  scheduleRow,
  type ScheduleDonation,
} from "~/gift-aid/utils/gift-aid";

const donation: ScheduleDonation = {
  title: "Mr",
  firstName: "John",
  lastName: "Smith",
  house: "100",
  postcode: "X9 9LF",
  receivedOn: "2026-04-06",
  amountPence: 2500,
};

describe("HMRC schedule cells", () => {
  it("writes a row in the schedule's column order, blank for aggregated donations and sponsored events", () => {
    const result = scheduleRow(donation);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(scheduleCells(result.row)).toEqual(["Mr", "John", "Smith", "100", "X9 9LF", "", "", "06/04/26", "25.00"]);
  });

  it.each([
    ["Mrs.", "Mrs"],
    ["  Dr ", "Dr"],
    ["Professor", "Prof"],
    ["Rev.", "Rev"],
    ["", ""],
    [null, ""],
  ])("cleans the title %j to %j", (raw, clean) => {
    expect(cleanTitle(raw)).toBe(clean);
  });

  it("rejects a title longer than 4 characters after cleaning", () => {
    expect(scheduleRow({ ...donation, title: "Baroness" })).toEqual({
      ok: false,
      problems: ["Title is longer than 4 characters"],
    });
  });

  it("writes hyphens in last names as spaces", () => {
    expect(cleanLastName("Smith-Jones")).toBe("Smith Jones");
    expect(cleanLastName(" Lloyd - Webber ")).toBe("Lloyd Webber");
  });

  it("accepts names of 35 characters and rejects 36, after cleaning", () => {
    expect(scheduleRow({ ...donation, firstName: "A".repeat(35), lastName: "B".repeat(35) }).ok).toBe(true);
    expect(scheduleRow({ ...donation, firstName: "A".repeat(36) })).toEqual({
      ok: false,
      problems: ["First name is longer than 35 characters"],
    });
    // 36 characters as typed, 35 once the doubled space collapses.
    expect(scheduleRow({ ...donation, lastName: `${"B".repeat(17)}  ${"C".repeat(17)}` }).ok).toBe(true);
  });

  it("rejects rows without a house name or number or a postcode, giving every reason", () => {
    expect(scheduleRow({ ...donation, house: " ", postcode: null })).toEqual({
      ok: false,
      problems: ["House name or number is missing", "Postcode is missing"],
    });
    expect(scheduleRow({ ...donation, postcode: "75001" })).toEqual({
      ok: false,
      problems: ["Postcode is not a valid UK postcode (or X for a donor living outside the UK)"],
    });
  });

  it("writes postcodes in capitals with one space", () => {
    expect(normaliseUkPostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(normaliseUkPostcode(" ls1   4ap ")).toBe("LS1 4AP");
    expect(normaliseUkPostcode("D02 X285")).toBeNull();
    expect(normaliseUkPostcode("")).toBeNull();
  });

  it("writes dates as DD/MM/YY and amounts with two decimals and no pound sign", () => {
    expect(scheduleDate("2026-12-31")).toBe("31/12/26");
    expect(scheduleDate("2030-01-05")).toBe("05/01/30");
    expect(scheduleAmount(5)).toBe("0.05");
    expect(scheduleAmount(123456)).toBe("1234.56");
    expect(scheduleAmount(100)).toBe("1.00");
  });

  it("rejects names and houses that do not start with a letter or digit, so no cell is ever read as a formula", () => {
    expect(scheduleRow({ ...donation, firstName: "=cmd" }).ok).toBe(false);
    expect(scheduleRow({ ...donation, lastName: "@sum" }).ok).toBe(false);
    expect(scheduleRow({ ...donation, house: "-1" }).ok).toBe(false);
    // A leading hyphen in a last name becomes a space, which the cleaning trims.
    expect(scheduleRow({ ...donation, lastName: "-Smith" })).toMatchObject({ ok: true, row: { lastName: "Smith" } });
    const row = scheduleRow({ ...donation, lastName: "O'Brien-Smith", house: "Flat 2" });
    if (!row.ok) throw new Error("expected a valid row");
    for (const cell of scheduleCells(row.row)) expect(neutraliseCell(cell)).toBe(cell);
  });

  it("computes Gift Aid as 25p per £1, rounded down to the penny", () => {
    expect(giftAidOnPence(10000)).toBe(2500);
    expect(giftAidOnPence(3503)).toBe(875);
    expect(giftAidOnPence(3)).toBe(0);
  });
});

describe("claimability", () => {
  const base = {
    receivedOn: "2026-03-01",
    declaredOn: "2026-02-10",
    coversPastFourYears: true,
    cancelledOn: null,
    claimed: false,
  };

  it("claims a payment received on or after the declaration", () => {
    expect(claimability(base)).toEqual({ claimable: true });
    expect(claimability({ ...base, receivedOn: "2026-02-10" })).toEqual({ claimable: true });
  });

  it("never claims a payment already in a batch", () => {
    expect(claimability({ ...base, claimed: true })).toEqual({ claimable: false, reason: "Already in a claim batch" });
  });

  it("claims payments received before the day of cancellation, never on or after it (HMRC)", () => {
    expect(claimability({ ...base, cancelledOn: "2026-03-02" }).claimable).toBe(true);
    expect(claimability({ ...base, cancelledOn: "2026-03-01" })).toEqual({
      claimable: false,
      reason: "Received on or after the day the declaration was cancelled",
    });
    expect(claimability({ ...base, cancelledOn: "2026-02-28" })).toEqual({
      claimable: false,
      reason: "Received on or after the day the declaration was cancelled",
    });
  });

  it("covers earlier payments only when the declaration covers the past, and only 4 years back", () => {
    expect(claimability({ ...base, receivedOn: "2022-02-10" }).claimable).toBe(true);
    expect(claimability({ ...base, receivedOn: "2022-02-09" })).toEqual({
      claimable: false,
      reason: "Received more than 4 years before the declaration",
    });
    expect(claimability({ ...base, receivedOn: "2026-02-09", coversPastFourYears: false })).toEqual({
      claimable: false,
      reason: "Received before the declaration, which does not cover past donations",
    });
  });

  it("shifts days by years, and gives the UK day of a timestamp", () => {
    expect(addYearsToDay("2024-02-29", -4)).toBe("2020-02-29");
    expect(addYearsToDay("2024-02-29", -1)).toBe("2023-02-28");
    expect(toLondonDay("2026-06-30T23:30:00Z")).toBe("2026-07-01");
    expect(toLondonDay("2026-01-31T23:30:00Z")).toBe("2026-01-31");
  });
});

describe("the donate schema's Gift Aid part", () => {
  const base = { amount: "50", firstName: "Jo", lastName: "Bloggs", email: "jo@example.com" };

  it("returns no declaration when the box is not ticked", () => {
    const result = donationSchema.safeParse({ ...base, giftAid: false, postcode: "nonsense" });
    expect(result.success && result.data.giftAidDeclaration).toBeNull();
  });

  it("returns the cleaned declaration details when ticked", () => {
    const result = donationSchema.safeParse({
      ...base,
      giftAid: true,
      title: "Dr.",
      house: " Rose  Cottage ",
      street: "Mill Lane",
      town: "York",
      postcode: "yo1 7hh",
    });
    expect(result.success && result.data.giftAidDeclaration).toEqual({
      version: Object.keys(GIFT_AID_DECLARATION_VERSIONS).at(-1),
      title: "Dr",
      house: "Rose Cottage",
      street: "Mill Lane",
      town: "York",
      postcode: "YO1 7HH",
    });
  });
});
