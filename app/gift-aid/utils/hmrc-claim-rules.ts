import { normaliseUkPostcode } from "./gift-aid";

// HMRC's rules for a Charities Online claim's donation lines (the R68 schema and Charities
// Online's validation), checked before anything is sent: a line that breaks one would fail the
// whole claim, so it is held back with its reasons. Pure, shared by the batch page and the service.

export const HMRC_LIMITS = { name: 35, title: 4, house: 40, linesPerClaim: 1000 } as const;

/** Letters (Latin, with accents), then letters, spaces, apostrophes, full stops; hyphens in first names only. */
const FIRST_NAME =
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF][A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF' .-]*$/;
const LAST_NAME =
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF][A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF' .]*$/;
const TITLE = /^[A-Za-z]{1,4}$/;

export interface ClaimLine {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  /** A UK postcode, or "X" for a donor living overseas. */
  postcode: string;
  /** YYYY-MM-DD */
  donationDate: string;
  amountPence: number;
}

/** Every reason HMRC would refuse the line; none when it may be sent. */
export function claimLineProblems(line: ClaimLine, today: string): string[] {
  const problems: string[] = [];
  if (line.title && !TITLE.test(line.title)) problems.push(`Title must be at most ${HMRC_LIMITS.title} letters`);
  for (const [label, value, pattern] of [
    ["First name", line.firstName, FIRST_NAME],
    ["Last name", line.lastName, LAST_NAME],
  ] as const) {
    if (!value) problems.push(`${label} is missing`);
    else if (value.length > HMRC_LIMITS.name) problems.push(`${label} is longer than ${HMRC_LIMITS.name} characters`);
    else if (!pattern.test(value)) {
      problems.push(
        `${label} may contain only letters, spaces, apostrophes and full stops${label === "First name" ? " and hyphens" : ""}`,
      );
    }
  }
  if (!line.house.trim()) problems.push("House name or number is missing");
  else if (line.house.length > HMRC_LIMITS.house) {
    problems.push(`House name or number is longer than ${HMRC_LIMITS.house} characters`);
  }
  if (line.postcode !== "X" && normaliseUkPostcode(line.postcode) !== line.postcode) {
    problems.push("Postcode must be a UK postcode in capitals with one space, or X for a donor overseas");
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(line.donationDate)) problems.push("Donation date is not a date");
  else if (line.donationDate > today) problems.push("Donation date is in the future");
  if (!Number.isSafeInteger(line.amountPence) || line.amountPence <= 0) {
    problems.push("Amount must be more than £0.00, in pence");
  }
  return problems;
}

/** Pence as HMRC writes money: "1234.50". */
export function hmrcAmount(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** HMRC's regulator code for a registered charity number: CCEW (England and Wales), OSCR (Scotland), CCNI (Northern Ireland). */
export function regulatorOf(charityNumber: string): { name: "CCEW" | "OSCR" | "CCNI"; number: string } | null {
  const number = charityNumber.trim().toUpperCase();
  if (/^SC0\d{5}$/.test(number)) return { name: "OSCR", number };
  if (/^NIC1\d{5}$/.test(number)) return { name: "CCNI", number: number.slice(3) };
  if (/^\d{6,7}(-\d+)?$/.test(number)) return { name: "CCEW", number };
  return null;
}

/**
 * HMRC's aggregated line: gifts of £20 or less each, at most £1,000 a line. gov.uk's list says
 * "under £30" while HMRC's own paragraph says £20, and no source dates a change: £20, the stricter,
 * for every date (docs/gift-aid.md, "HMRC's guidance followed").
 */
export const AGGREGATE_LIMITS = { giftPence: 2000, linePence: 100_000 } as const;
