import { describe, expect, it } from "vitest";
import {
  TICKET_CODE_ALPHABET,
  formatTicketCode,
  normaliseTicketCode,
  ticketCodeFromBytes,
} from "~/events/utils/ticket-code";

describe("a ticket's short code", () => {
  it("uses 32 characters with nothing to misread: no I, l, 1, O or 0", () => {
    expect(new Set(TICKET_CODE_ALPHABET).size).toBe(32);
    for (const ambiguous of ["I", "l", "1", "O", "0"]) expect(TICKET_CODE_ALPHABET).not.toContain(ambiguous);
  });

  it("is 8 characters from random bytes, every byte value mapping into the alphabet", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let start = 0; start < 256; start += 8) {
      const code = ticketCodeFromBytes(all.subarray(start, start + 8));
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    }
    expect(ticketCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBe("23456789");
    expect(() => ticketCodeFromBytes(new Uint8Array(7))).toThrow();
  });

  it("is grouped in fours for reading aloud", () => {
    expect(formatTicketCode("7KQ4X9MT")).toBe("7KQ4-X9MT");
    // An older ticket's 16-character code is shown as it is.
    expect(formatTicketCode("Ab3dEf7hIj9kLm1n")).toBe("Ab3dEf7hIj9kLm1n");
  });

  it("is read back in any case, with or without the dash or spaces", () => {
    for (const typed of ["7KQ4-X9MT", "7kq4-x9mt", " 7KQ4 X9MT ", "7kq4x9mt", "7KQ4 – X9MT"]) {
      expect(normaliseTicketCode(typed)).toBe("7KQ4X9MT");
    }
    expect(normaliseTicketCode("7KQ4-X9M")).toBeNull();
    expect(normaliseTicketCode("OKQ4-X9MT")).toBeNull();
    expect(normaliseTicketCode("Ab3dEf7hIj9kLm1n")).toBeNull();
  });
});
