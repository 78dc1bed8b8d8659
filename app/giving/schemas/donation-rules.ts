// The donate form's rules across fields, without zod: the amount (a preset or the visitor's
// own), the phone number and the Gift Aid address. The zod schema (donation.ts) applies them
// on the server; the donate page loads this module when the visitor first focuses the form
// and applies the same functions in the browser, so every error the server could give (bar
// the throttle and the honeypot) shows before anything is sent.
import { directDebitOption, directDebitWords } from "~/content/direct-debit";
import { presetAmounts } from "~/content/donate";
import { GIFT_AID_LIMITS, giftAidForm } from "~/content/gift-aid";
import { formatPence } from "~/utils/money";
import { cleanFirstName, cleanLastName, cleanTitle, normaliseUkPostcode } from "~/gift-aid/utils/gift-aid";
import { DONATION_FIELD_LIMITS, textProblem } from "~/schemas/field-rules";
import { INVALID_PHONE_MESSAGE, isPhoneNumber } from "~/schemas/phone-rule";

export const DONATION_LIMITS = {
  /** £1: a smaller transfer costs more to process than it gives. */
  minPence: 100,
  /** £100,000: larger gifts are arranged with the charity directly. */
  maxPence: 10_000_000,
  ...DONATION_FIELD_LIMITS,
} as const;

const TOO_LARGE = `The largest gift we can take online is ${formatPence(DONATION_LIMITS.maxPence)}; please contact us for larger gifts`;

export type AmountResult = { ok: true; pence: number } | { ok: false; error: string };

/**
 * Pounds as typed ("30", "30.5", "£1,250.00") to whole pence, without floating-point
 * arithmetic. At most two decimal places; between the minimum and maximum gift.
 */
export function parseAmountToPence(raw: string): AmountResult {
  const text = raw.trim().replace(/^£\s*/, "");
  if (/^-/.test(text)) return { ok: false, error: "Enter an amount greater than £0" };
  if (/^\d[\d,]*\.\d{3,}$/.test(text)) return { ok: false, error: "Use at most 2 decimal places, like 30.50" };
  const match = /^((?:\d{1,3}(?:,\d{3})+)|\d*)(?:\.(\d{1,2}))?$/.exec(text);
  if (!text || !match || (match[1] === "" && match[2] === undefined)) {
    return { ok: false, error: "Enter an amount in pounds, like 30 or 30.50" };
  }
  const whole = match[1].replace(/,/g, "") || "0";
  // Longer than the maximum's digits: reject before Number() loses precision.
  if (whole.replace(/^0+/, "").length > 9) return { ok: false, error: TOO_LARGE };
  const pence = Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (pence <= 0) return { ok: false, error: "Enter an amount greater than £0" };
  if (pence < DONATION_LIMITS.minPence) {
    return { ok: false, error: `The smallest gift we can take is ${formatPence(DONATION_LIMITS.minPence)}` };
  }
  if (pence > DONATION_LIMITS.maxPence) return { ok: false, error: TOO_LARGE };
  return { ok: true, pence };
}

export type ResolvedAmount =
  | { ok: true; pence: number; source: "custom" | "preset" }
  | { ok: false; field: "amount" | "customAmount"; error: string };

/**
 * The donate form's amount rule, the same with and without JavaScript: a filled custom
 * amount wins over a preset (with JavaScript the page clears one when the other is chosen;
 * without it both can arrive); otherwise the preset; neither is an error.
 */
export function resolveDonationAmount(preset: unknown, custom: unknown): ResolvedAmount {
  if (typeof custom === "string" && custom.trim() !== "") {
    const parsed = parseAmountToPence(custom);
    return parsed.ok
      ? { ok: true, pence: parsed.pence, source: "custom" }
      : { ok: false, field: "customAmount", error: parsed.error };
  }
  if (preset === undefined || preset === null || preset === "") {
    return { ok: false, field: "amount", error: "Choose an amount or enter your own" };
  }
  const pounds = presetAmounts.find((amount) => String(amount) === preset);
  if (pounds === undefined) return { ok: false, field: "amount", error: "Choose one of the amounts shown" };
  return { ok: true, pence: pounds * 100, source: "preset" };
}

// The phone rule is shared with the volunteer form: app/schemas/phone-rule.ts.
export { INVALID_PHONE_MESSAGE, isPhoneNumber };

export type GiftAidFields = {
  firstName?: unknown;
  lastName?: unknown;
  title?: string;
  house?: string;
  street?: string;
  town?: string;
  postcode?: string;
};

/** A text field's value on one line, spaces squashed and trimmed ("" for anything else). */
export const text = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");
const STARTS_WELL = /^[\p{L}\p{N}]/u;

/**
 * What a Gift Aid declaration needs beyond a pledge, as field errors: HMRC's limits on the
 * cleaned values (title 4 characters, names 35, house 40) and a real UK postcode.
 */
export function giftAidIssues(value: GiftAidFields): { path: string[]; message: string }[] {
  const refused = addressCharacterIssues(value);
  const refusedFields = new Set(refused.map((issue) => issue.path[0]));
  return [...refused, ...giftAidValueIssues(value).filter((issue) => !refusedFields.has(issue.path[0]))];
}

/** The address fields by the labels the form shows them with (a message names the field). */
const ADDRESS_LABELS = giftAidForm.labels;

/**
 * The address as typed, before it is squashed onto one line: line breaks and tabs become spaces
 * there, anything else the character rule refuses is refused here (U+2028 is not a space).
 */
function addressCharacterIssues(value: GiftAidFields): { path: string[]; message: string }[] {
  return Object.entries(ADDRESS_LABELS).flatMap(([field, label]) => {
    const raw = value[field as keyof typeof ADDRESS_LABELS];
    const problem = typeof raw === "string" ? textProblem("line", label, raw.replace(/[\t\r\n]/g, " ")) : null;
    return problem ? [{ path: [field], message: problem }] : [];
  });
}

function giftAidValueIssues(value: GiftAidFields): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const title = cleanTitle(value.title);
  if (title.length > GIFT_AID_LIMITS.title || (title && !/^\p{L}+$/u.test(title))) {
    issues.push({ path: ["title"], message: "Enter a title of at most 4 letters, like Mr, Mrs, Ms, Miss or Dr" });
  }
  for (const [field, label, cleaned] of [
    ["firstName", "First name", cleanFirstName(text(value.firstName))],
    ["lastName", "Last name", cleanLastName(text(value.lastName))],
  ] as const) {
    if (cleaned.length > GIFT_AID_LIMITS.name) {
      issues.push({
        path: [field],
        message: `For Gift Aid, ${label.toLowerCase()} must be at most ${GIFT_AID_LIMITS.name} characters (HMRC's limit); an initial is fine for a first name`,
      });
    } else if (cleaned && !STARTS_WELL.test(cleaned)) {
      issues.push({ path: [field], message: `${label} must start with a letter` });
    }
  }
  const required = (field: "house" | "street" | "town", label: string, max: number) => {
    const v = text(value[field]);
    if (!v) issues.push({ path: [field], message: `${label} is required for Gift Aid` });
    else if (v.length > max) issues.push({ path: [field], message: `${label} must be at most ${max} characters` });
    return v;
  };
  const house = required("house", "House name or number", GIFT_AID_LIMITS.house);
  if (house && !STARTS_WELL.test(house)) {
    issues.push({ path: ["house"], message: "House name or number must start with a letter or a digit" });
  }
  required("street", "Street", GIFT_AID_LIMITS.street);
  required("town", "Town or city", GIFT_AID_LIMITS.town);
  const postcode = text(value.postcode);
  if (!postcode) issues.push({ path: ["postcode"], message: "Postcode is required for Gift Aid" });
  else if (postcode.length > GIFT_AID_LIMITS.postcodeInput || !normaliseUkPostcode(postcode)) {
    issues.push({
      path: ["postcode"],
      message: "Enter a UK postcode, like SW1A 1AA: Gift Aid is only for UK taxpayers with a UK address",
    });
  }
  return issues;
}

export type Issue = { path: string[]; message: string };

/**
 * The rules across fields, as field errors: the amount, a phone number's shape, and the
 * Gift Aid address when the box is ticked (`true` once parsed, "on" as the browser sends it).
 */
export function donationIssues(
  value: GiftAidFields & {
    amount?: unknown;
    customAmount?: unknown;
    phone?: unknown;
    giftAid?: unknown;
    type?: unknown;
    payBy?: unknown;
  },
): Issue[] {
  const issues: Issue[] = [];
  // Direct Debit is for monthly gifts only (a one-off debit can be reclaimed for years).
  if (value.payBy === directDebitOption.value && value.type !== "monthly") {
    issues.push({ path: ["payBy"], message: directDebitWords.oneOffRefused });
  }
  const resolved = resolveDonationAmount(value.amount, value.customAmount);
  if (!resolved.ok) issues.push({ path: [resolved.field], message: resolved.error });
  const phone = typeof value.phone === "string" ? value.phone.trim() : "";
  if (phone && phone.length <= DONATION_LIMITS.phone && !isPhoneNumber(phone)) {
    issues.push({ path: ["phone"], message: INVALID_PHONE_MESSAGE });
  }
  if (value.giftAid === true || value.giftAid === "on") issues.push(...giftAidIssues(value));
  return issues;
}
