import { isValid, toNormalised } from "postcode";
import { GIFT_AID_LIMITS, GIFT_AID_PENCE_PER_POUND } from "~/content/gift-aid";
import { addYearsToDay } from "~/utils/dates";

// Gift Aid rules as pure functions, shared by the donate form's schema (browser and server),
// the claim service and the tests: HMRC's cell rules for the Charities Online schedule, and
// which payments a declaration lets us claim.

/** The Gift Aid on a sum of donations, in whole pence, rounded down so we never claim more than due. */
export function giftAidOnPence(donationsPence: number): number {
  return Math.floor((donationsPence * GIFT_AID_PENCE_PER_POUND) / 100);
}

// ---------------------------------------------------------------------------------------
// HMRC schedule cells
// ---------------------------------------------------------------------------------------

/** The columns of HMRC's Charities Online Gift Aid schedule, in order. */
export const SCHEDULE_HEADER = [
  "Title",
  "First name",
  "Last name",
  "House name or number",
  "Postcode",
  "Aggregated donations",
  "Sponsored event",
  "Donation date",
  "Amount",
] as const;

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/** Long forms donors type, shortened to what fits HMRC's 4 characters. */
const TITLE_SHORT_FORMS: Record<string, string> = {
  mister: "Mr",
  doctor: "Dr",
  professor: "Prof",
  reverend: "Rev",
  revd: "Rev",
  sister: "Sr",
  father: "Fr",
};

/** A title as HMRC takes it: no full stops or spaces ("Mrs." → "Mrs"), common long forms shortened. */
export function cleanTitle(raw: string | null | undefined): string {
  const text = (raw ?? "").replace(/[.\s]/g, "");
  return TITLE_SHORT_FORMS[text.toLowerCase()] ?? text;
}

export function cleanFirstName(raw: string | null | undefined): string {
  return collapse(raw ?? "");
}

/** HMRC does not take hyphens in last names: "Smith-Jones" is written "Smith Jones". */
export function cleanLastName(raw: string | null | undefined): string {
  return collapse((raw ?? "").replace(/-/g, " "));
}

export function cleanHouse(raw: string | null | undefined): string {
  return collapse(raw ?? "");
}

/** A UK postcode in capitals with one space ("sw1a1aa" → "SW1A 1AA"), or null when it is not one. */
export function normaliseUkPostcode(raw: string | null | undefined): string | null {
  const text = collapse(raw ?? "");
  if (!text || !isValid(text)) return null;
  return toNormalised(text);
}

/** YYYY-MM-DD → DD/MM/YY, HMRC's donation date. */
export function scheduleDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y.slice(-2)}`;
}

/** Whole pence → "12.50": two decimals, no pound sign, no thousands separator. */
export function scheduleAmount(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** The donor and donation as stored; cleaned into cells by scheduleRow. */
export interface ScheduleDonation {
  title: string | null;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string | null;
  /** YYYY-MM-DD */
  receivedOn: string;
  amountPence: number;
}

/** The cleaned cells of one row, before formatting. */
export interface ScheduleRow {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  receivedOn: string;
  amountPence: number;
  /**
   * A gift through a sponsored-event page. Kept as the record only: every row is a named donor's
   * own gift, and HMRC's schedule says not to enter "Yes" against individual donations (the
   * column is for a participant's added-up sponsorship; docs/gift-aid.md).
   */
  sponsored?: boolean;
}

export type ScheduleRowResult = { ok: true; row: ScheduleRow } | { ok: false; problems: string[] };

// A cell a spreadsheet could read as a formula would be altered by the CSV writer's
// neutralisation, and HMRC would reject it anyway: names and house must start with a letter or digit.
const STARTS_WELL = /^[\p{L}\p{N}]/u;

/**
 * One donation as an HMRC schedule row, or every reason HMRC would reject it: staff see the
 * reasons and the row stays out of the batch.
 */
export function scheduleRow(donation: ScheduleDonation): ScheduleRowResult {
  const problems: string[] = [];
  const title = cleanTitle(donation.title);
  const firstName = cleanFirstName(donation.firstName);
  const lastName = cleanLastName(donation.lastName);
  const house = cleanHouse(donation.house);
  // A donor living outside the UK: HMRC's schedule takes "X" as the postcode (docs/gift-aid.md).
  const postcode = donation.postcode?.trim().toUpperCase() === "X" ? "X" : normaliseUkPostcode(donation.postcode);

  if (title.length > GIFT_AID_LIMITS.title) problems.push(`Title is longer than ${GIFT_AID_LIMITS.title} characters`);
  if (title && !/^\p{L}+$/u.test(title)) problems.push("Title may contain only letters");
  for (const [label, value] of [
    ["First name", firstName],
    ["Last name", lastName],
  ] as const) {
    if (!value) problems.push(`${label} is missing`);
    else if (value.length > GIFT_AID_LIMITS.name)
      problems.push(`${label} is longer than ${GIFT_AID_LIMITS.name} characters`);
    else if (!STARTS_WELL.test(value)) problems.push(`${label} must start with a letter`);
  }
  if (!house) problems.push("House name or number is missing");
  else if (house.length > GIFT_AID_LIMITS.house)
    problems.push(`House name or number is longer than ${GIFT_AID_LIMITS.house} characters`);
  else if (!STARTS_WELL.test(house)) problems.push("House name or number must start with a letter or digit");
  if (!postcode)
    problems.push(
      donation.postcode
        ? "Postcode is not a valid UK postcode (or X for a donor living outside the UK)"
        : "Postcode is missing",
    );
  if (!Number.isInteger(donation.amountPence) || donation.amountPence <= 0) problems.push("Amount is not positive");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(donation.receivedOn)) problems.push("Donation date is not a date");

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    row: {
      title,
      firstName,
      lastName,
      house,
      postcode: postcode!,
      receivedOn: donation.receivedOn,
      amountPence: donation.amountPence,
    },
  };
}

/**
 * A row's cells in SCHEDULE_HEADER order. Aggregated donations and Sponsored event do not apply
 * to a named donor's own gift: HMRC wants them blank, never 0, 0.00 or "Yes" (a sponsor's gift
 * through a sponsored-event page too: "do not enter 'yes' in the sponsored event box against
 * individual donations").
 */
export function scheduleCells(row: ScheduleRow): string[] {
  return [
    row.title,
    row.firstName,
    row.lastName,
    row.house,
    row.postcode,
    "",
    "",
    scheduleDate(row.receivedOn),
    scheduleAmount(row.amountPence),
  ];
}

// ---------------------------------------------------------------------------------------
// Claimability
// ---------------------------------------------------------------------------------------

/** HMRC's model enduring declaration reaches back 4 years before the day it was made. */
export const PAST_YEARS_COVERED = 4;

export interface ClaimabilityInput {
  /** YYYY-MM-DD: when the money arrived. */
  receivedOn: string;
  /** YYYY-MM-DD (UK day) the declaration was made. */
  declaredOn: string;
  coversPastFourYears: boolean;
  /**
   * YYYY-MM-DD (UK day) the cancellation has effect from (the day the charity was told), or
   * null: money received on or after it is never claimed.
   */
  cancelledOn: string | null;
  /** Already in a claim batch (any batch, submitted or not). */
  claimed: boolean;
}

export type Claimability = { claimable: true } | { claimable: false; reason: string };

/** Why a payment received on or after a cancellation's day is not claimed (staff read it). */
export const CANCELLED_REASON = "Received on or after the day the declaration was cancelled";

/**
 * Whether a payment may be claimed under a declaration. A cancellation has effect from the day
 * the charity was told (HMRC: payments received on or after it are never claimable, whatever
 * order the records arrive in, so a standing order received that day and imported later is not
 * claimed); money received before the declaration is covered only by a declaration that reaches
 * back, and only 4 years back.
 */
export function claimability(input: ClaimabilityInput): Claimability {
  if (input.claimed) return { claimable: false, reason: "Already in a claim batch" };
  if (input.cancelledOn !== null && input.receivedOn >= input.cancelledOn) {
    return { claimable: false, reason: CANCELLED_REASON };
  }
  if (input.receivedOn < input.declaredOn) {
    if (!input.coversPastFourYears) {
      return { claimable: false, reason: "Received before the declaration, which does not cover past donations" };
    }
    if (input.receivedOn < addYearsToDay(input.declaredOn, -PAST_YEARS_COVERED)) {
      return { claimable: false, reason: `Received more than ${PAST_YEARS_COVERED} years before the declaration` };
    }
  }
  return { claimable: true };
}

/** A declaration as the cover rule needs it (UK days). */
export interface CoverDeclaration {
  id: number;
  /** YYYY-MM-DD (UK day) it was made. */
  declaredOn: string;
  coversPastFourYears: boolean;
  /** YYYY-MM-DD (UK day) its cancellation has effect from (nothing received on or after it is covered), or null. */
  cancelledOn: string | null;
  /**
   * Set for a declaration made on a public form for an address whose supporter already had a
   * gift, not yet confirmed by the address's owner or staff: it covers only this pledge's gifts.
   * Null (or absent): it covers the supporter's every gift in its window.
   */
  ownPledgeId?: number | null;
}

/** Why a gift is not covered by a declaration waiting for confirmation (staff read it). */
export const UNCONFIRMED_REASON = "Only a declaration waiting for confirmation, which covers its own gift only";

export type Cover = { covered: true; declarationId: number } | { covered: false; reason: string };

/**
 * Which of a supporter's declarations covers a payment of theirs (on pledge `pledgeId`, any of
 * theirs): one whose window (claimability) holds the day the money arrived. A declaration waiting
 * for confirmation (ownPledgeId) counts only for its own pledge's gifts, and is then preferred:
 * it came with that gift. Otherwise the latest made on or before that day is preferred (its name
 * and address are the donor's at the time), else the earliest made after it that reaches back.
 * Not covered: why, in words staff read. Without `pledgeId`, only declarations for every gift count.
 */
export function coveringDeclaration(receivedOn: string, all: readonly CoverDeclaration[], pledgeId?: number): Cover {
  if (all.length === 0) return { covered: false, reason: "No Gift Aid declaration" };
  const inWindow = (d: CoverDeclaration) =>
    claimability({
      receivedOn,
      declaredOn: d.declaredOn,
      coversPastFourYears: d.coversPastFourYears,
      cancelledOn: d.cancelledOn,
      claimed: false,
    }).claimable;
  // A declaration waiting for confirmation speaks for its own pledge's gifts only.
  const declarations = all.filter((d) => d.ownPledgeId == null || d.ownPledgeId === pledgeId);
  const own = declarations.find((d) => d.ownPledgeId != null && inWindow(d));
  if (own) return { covered: true, declarationId: own.id };
  if (declarations.length === 0) return { covered: false, reason: UNCONFIRMED_REASON };
  const covering = declarations.filter(inWindow);
  const before = covering
    .filter((d) => d.declaredOn <= receivedOn)
    .sort((a, b) => (a.declaredOn === b.declaredOn ? b.id - a.id : a.declaredOn < b.declaredOn ? 1 : -1));
  if (before.length > 0) return { covered: true, declarationId: before[0].id };
  const after = covering.sort((a, b) =>
    a.declaredOn === b.declaredOn ? a.id - b.id : a.declaredOn < b.declaredOn ? -1 : 1,
  );
  if (after.length > 0) return { covered: true, declarationId: after[0].id };
  const reasons = [
    ...new Set(
      declarations.map((d) => {
        const rule = claimability({
          receivedOn,
          declaredOn: d.declaredOn,
          coversPastFourYears: d.coversPastFourYears,
          cancelledOn: d.cancelledOn,
          claimed: false,
        });
        return rule.claimable ? "" : rule.reason;
      }),
    ),
  ];
  return { covered: false, reason: reasons.join("; ") };
}

/** What a declaration summary shows (thank-you page, staff pages); `donor` only for staff: it is personal data. */
export interface DeclarationSummary {
  id: number;
  version: string;
  text: string;
  declaredAt: string;
  covers: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  donor?: { name: string; address: string[] };
}

/**
 * Whether Gift Aid applies to a gift: money received (not a refund, not given back later) on a
 * day one of the supporter's declarations covers. The thank-you e-mail and the giving statement
 * both ask this.
 */
export function giftAidApplies(
  gift: { receivedOn: string; amountPence: number; refunded?: boolean; pledgeId: number },
  declarations: readonly CoverDeclaration[],
): boolean {
  return (
    gift.amountPence > 0 && !gift.refunded && coveringDeclaration(gift.receivedOn, declarations, gift.pledgeId).covered
  );
}
