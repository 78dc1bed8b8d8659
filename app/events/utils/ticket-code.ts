// A ticket's short code, printed under its QR code for the door to type when the QR will not
// scan: 8 characters from an alphabet with nothing to misread (no I, l, 1, O or 0), shown in two
// groups of four to read aloud ("7KQ4-X9MT"). Check-in takes it in any case, with or without the
// dash or spaces. Plain functions, safe in the browser.

/** 2-9 and A-Z without I and O: 32 characters, so each random byte gives one evenly (256 = 8 × 32). */
export const TICKET_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const TICKET_CODE_LENGTH = 8;

/** A code from random bytes (at least TICKET_CODE_LENGTH of them). */
export function ticketCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < TICKET_CODE_LENGTH) throw new Error("A ticket code needs 8 random bytes");
  return Array.from(bytes.subarray(0, TICKET_CODE_LENGTH), (b) => TICKET_CODE_ALPHABET[b % 32]).join("");
}

/** "7KQ4X9MT" → "7KQ4-X9MT"; anything that is not a short code is returned as it is. */
export function formatTicketCode(code: string): string {
  return SHORT_CODE.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

const SHORT_CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** What was typed ("7kq4 x9mt", "7KQ4-X9MT") as the stored code, or null when it is not a short code. */
export function normaliseTicketCode(typed: string): string | null {
  const code = typed.replace(/[\s\u2010-\u2015-]+/g, "").toUpperCase();
  return SHORT_CODE.test(code) ? code : null;
}
