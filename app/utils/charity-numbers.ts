// The charity's own numbers as staff type them (Settings): each function checks one and gives
// it back in the one form the site shows, or null when it cannot be right. Pure and
// client-safe: the settings schema (app/site/schemas/charity-settings.ts) runs them in the browser
// and on the server.

const SEPARATORS = /[\s-]/g;

/** A UK sort code: 6 digits, with or without dashes or spaces; shown as "12-34-56". */
export function normaliseSortCode(input: string): string | null {
  const digits = input.replace(SEPARATORS, "");
  if (!/^\d{6}$/.test(digits)) return null;
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}

/** A UK bank account number: 8 digits (spaces forgiven). */
export function normaliseAccountNumber(input: string): string | null {
  const digits = input.replace(/\s/g, "");
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** IBAN lengths of the countries a UK charity's account is likely in; others must be 15–34. */
const IBAN_LENGTHS: Record<string, number> = { GB: 22, IE: 22, GI: 23, JE: 22, GG: 22, IM: 22 };

/**
 * The ISO 13616 check: move the first four characters to the end, letters become 10–35, and
 * the number must leave 1 when divided by 97 (computed piecewise: it has up to 70 digits).
 */
export function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" && char <= "Z" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** What is wrong with an IBAN, or null: its shape (and length for the country), then its check digits. */
export function ibanProblem(input: string): "shape" | "checksum" | null {
  const compact = input.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return "shape";
  const expected = IBAN_LENGTHS[compact.slice(0, 2)];
  if (expected !== undefined && compact.length !== expected) return "shape";
  return ibanChecksumOk(compact) ? null : "checksum";
}

/** An IBAN (spaces forgiven, any case) with a correct checksum; shown in groups of four. */
export function normaliseIban(input: string): string | null {
  if (ibanProblem(input) !== null) return null;
  return input
    .replace(/\s/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * A registered charity number: England and Wales (6 or 7 digits, a linked charity adds "-N")
 * or Scotland (OSCR: "SC0" and 5 digits).
 */
export function normaliseCharityNumber(input: string): string | null {
  const value = input.trim().toUpperCase().replace(/\s/g, "");
  if (/^\d{6,7}(-\d{1,2})?$/.test(value)) return value;
  if (/^SC0\d{5}$/.test(value)) return value;
  return null;
}

/**
 * A Companies House number: 8 digits (shorter ones are written without their leading zeros,
 * so they are padded) or two letters and 6 digits (SC, NI, OC…).
 */
export function normaliseCompanyNumber(input: string): string | null {
  const value = input.trim().toUpperCase().replace(/\s/g, "");
  if (/^\d{1,8}$/.test(value)) return value.padStart(8, "0");
  if (/^[A-Z]{2}\d{6}$/.test(value)) return value;
  return null;
}

/** An address for a social network page: https only, with a real host name. */
export function isHttpsUrl(input: string): boolean {
  try {
    const url = new URL(input.trim());
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}
