import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { presetAmounts } from "~/content/donate";
import { DONATION_LIMITS, parseAmountToPence, resolveDonationAmount } from "~/giving/schemas/donation";
import { formatPence } from "~/utils/money";

describe("parseAmountToPence", () => {
  it.each([
    ["30", 3000],
    ["30.5", 3050],
    ["30.50", 3050],
    [" 12 ", 1200],
    ["£25", 2500],
    ["£ 1,250.75", 125075],
    ["100000", 10_000_000],
    ["0012", 1200],
  ])("reads %j as %i pence", (raw, pence) => {
    expect(parseAmountToPence(raw)).toEqual({ ok: true, pence });
  });

  it.each(["", "abc", "1,25", "12,3456", "1.", "1.2.3", "1e3", "0x10", "NaN", "Infinity", "30 pounds", "--5"])(
    "rejects %j as not an amount",
    (raw) => {
      const result = parseAmountToPence(raw);
      expect(result.ok).toBe(false);
    },
  );

  it("rejects more than two decimal places, zero, negatives and amounts outside the limits", () => {
    expect(parseAmountToPence("1.005")).toEqual({ ok: false, error: "Use at most 2 decimal places, like 30.50" });
    expect(parseAmountToPence("0")).toEqual({ ok: false, error: "Enter an amount greater than £0" });
    expect(parseAmountToPence("-20")).toEqual({ ok: false, error: "Enter an amount greater than £0" });
    expect(parseAmountToPence("0.99")).toEqual({ ok: false, error: "The smallest gift we can take is £1" });
    expect(parseAmountToPence("100000.01").ok).toBe(false);
    expect(parseAmountToPence("99999999999999999999999").ok).toBe(false);
  });

  it("agrees with exact decimal arithmetic for every amount in range (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: DONATION_LIMITS.minPence, max: DONATION_LIMITS.maxPence }), (pence) => {
        const pounds = Math.floor(pence / 100);
        const rest = String(pence % 100).padStart(2, "0");
        expect(parseAmountToPence(`${pounds}.${rest}`)).toEqual({ ok: true, pence });
        // The way the page itself prints it reads back the same.
        expect(parseAmountToPence(formatPence(pence))).toEqual({ ok: true, pence });
      }),
    );
  });
});

describe("resolveDonationAmount", () => {
  it("lets a filled custom amount win over a preset", () => {
    expect(resolveDonationAmount("500", "30")).toEqual({ ok: true, pence: 3000, source: "custom" });
  });

  it("uses the preset when the custom amount is missing or blank", () => {
    for (const custom of [undefined, "", "   "]) {
      expect(resolveDonationAmount("250", custom)).toEqual({ ok: true, pence: 25000, source: "preset" });
    }
  });

  it("accepts exactly the offered presets", () => {
    for (const amount of presetAmounts) {
      expect(resolveDonationAmount(String(amount), undefined)).toEqual({
        ok: true,
        pence: amount * 100,
        source: "preset",
      });
    }
    expect(resolveDonationAmount("75", undefined)).toEqual({
      ok: false,
      field: "amount",
      error: "Choose one of the amounts shown",
    });
    expect(resolveDonationAmount(["50", "100"], undefined).ok).toBe(false);
  });

  it("asks for an amount when neither is given", () => {
    expect(resolveDonationAmount(undefined, undefined)).toEqual({
      ok: false,
      field: "amount",
      error: "Choose an amount or enter your own",
    });
  });

  it("blames the custom field when the custom amount is invalid, even beside a valid preset", () => {
    expect(resolveDonationAmount("50", "ten")).toMatchObject({ ok: false, field: "customAmount" });
  });
});

describe("formatPence", () => {
  it("shows pence only when there are some", () => {
    expect(formatPence(2500)).toBe("£25");
    expect(formatPence(3050)).toBe("£30.50");
    expect(formatPence(125000)).toBe("£1,250");
  });
});
