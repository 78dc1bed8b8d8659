import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generatePaymentReference, isPaymentReference } from "~/giving/models/pledge.server";

describe("payment references", () => {
  it("are CHA- and 8 Crockford base32 characters, short enough for a bank transfer", () => {
    for (let i = 0; i < 200; i++) {
      const reference = generatePaymentReference();
      expect(reference).toMatch(/^CHA-[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(reference.length).toBeLessThanOrEqual(18);
      expect(isPaymentReference(reference)).toBe(true);
    }
  });

  it("map any random bytes to a valid reference (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(isPaymentReference(generatePaymentReference(() => bytes))).toBe(true);
      }),
    );
  });

  it("use the whole alphabet without ambiguous letters", () => {
    const seen = new Set(generatePaymentReference(() => Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7])).slice(4));
    expect([...seen].join("")).toBe("01234567");
    const high = generatePaymentReference(() => Uint8Array.from([24, 25, 26, 27, 28, 29, 30, 31])).slice(4);
    expect(high).toBe("RSTVWXYZ");
    expect(generatePaymentReference(() => new Uint8Array(8).fill(255))).toBe("CHA-ZZZZZZZZ");
  });

  it("rejects anything else", () => {
    for (const value of [
      "",
      "CHA-",
      "CHA-ABCDEFG",
      "CHA-ABCDEFGHJ",
      "cha-abcdefgh",
      "CHA-ABCDEFGI",
      "CHA-ABCDEFGU",
      "XYZ-ABCDEFGH",
      42,
      null,
    ]) {
      expect(isPaymentReference(value)).toBe(false);
    }
  });
});
