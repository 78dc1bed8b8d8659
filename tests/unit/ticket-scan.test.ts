import { describe, expect, it } from "vitest";
import { scannedTicketCode } from "~/events/utils/ticket-scan";

describe("scannedTicketCode", () => {
  const token = "Ab3dEf7hIj9kLm1n-1893456000-q8mJ_x2-abcDEF";

  it("takes the signed token a ticket's QR code carries, or a bare code, trimmed", () => {
    expect(scannedTicketCode(token)).toBe(token);
    expect(scannedTicketCode(` ${token}\n`)).toBe(token);
    expect(scannedTicketCode("Ab3dEf7hIj9kLm1n")).toBe("Ab3dEf7hIj9kLm1n");
  });

  it("takes the token out of a link to the ticket's QR image", () => {
    expect(scannedTicketCode(`https://example.org/events/ticket/${token}.png`)).toBe(token);
    expect(scannedTicketCode(`https://example.org/events/ticket/${token}.png?x=1`)).toBe(token);
  });

  it("refuses what is not a ticket: another address, text with spaces, too short or too long", () => {
    expect(scannedTicketCode("https://example.org/donate")).toBeNull();
    expect(scannedTicketCode("hello there, friend")).toBeNull();
    expect(scannedTicketCode("short")).toBeNull();
    expect(scannedTicketCode("")).toBeNull();
    expect(scannedTicketCode("a".repeat(401))).toBeNull();
  });
});
