import { z } from "./zod";
import { donationTypes, presetAmounts, type DonationType } from "~/content/donate";
import { formatPence } from "~/utils/money";
import { emailField, requiredText } from "./email";
import {
  CURRENT_DECLARATION_VERSION,
  GIFT_AID_LIMITS,
  isDeclarationVersion,
  type DeclarationVersion,
} from "~/content/gift-aid";
import { cleanFirstName, cleanHouse, cleanLastName, cleanTitle, normaliseUkPostcode } from "~/utils/gift-aid";

export const DONATION_LIMITS = {
  /** £1: a smaller transfer costs more to process than it gives. */
  minPence: 100,
  /** £100,000: larger gifts are arranged with the charity directly. */
  maxPence: 10_000_000,
  name: 100,
  phone: 30,
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

const phoneField = z
  .string()
  .trim()
  .max(DONATION_LIMITS.phone, `Phone number must be at most ${DONATION_LIMITS.phone} characters`)
  .refine((value) => {
    if (!/^\+?[\d\s().-]+$/.test(value)) return false;
    const digits = value.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15;
  }, "Enter a valid phone number, like 020 7946 0000 or +44 20 7946 0000")
  .optional();

type GiftAidFields = {
  firstName?: unknown;
  lastName?: unknown;
  title?: string;
  house?: string;
  street?: string;
  town?: string;
  postcode?: string;
};

const text = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");
const STARTS_WELL = /^[\p{L}\p{N}]/u;

/**
 * What a Gift Aid declaration needs beyond a pledge, as field errors: HMRC's limits on the
 * cleaned values (title 4 characters, names 35, house 40) and a real UK postcode.
 */
function giftAidIssues(value: GiftAidFields): { path: string[]; message: string }[] {
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

export interface GiftAidDetails {
  version: DeclarationVersion;
  title: string | null;
  house: string;
  street: string;
  town: string;
  /** Normalised: capitals, one space. */
  postcode: string;
}

/** The cleaned declaration details of a valid submission with Gift Aid ticked, else null. */
function giftAidDetails(value: GiftAidFields & { giftAid: boolean; giftAidVersion?: string }): GiftAidDetails | null {
  if (!value.giftAid) return null;
  return {
    version: isDeclarationVersion(value.giftAidVersion) ? value.giftAidVersion : CURRENT_DECLARATION_VERSION,
    title: cleanTitle(value.title) || null,
    house: cleanHouse(value.house),
    street: text(value.street),
    town: text(value.town),
    postcode: normaliseUkPostcode(value.postcode) ?? "",
  };
}

const donationTypeValues = donationTypes.map((t) => t.value) as [DonationType, ...DonationType[]];

export const donationSchema = z
  .object({
    type: z.enum(donationTypeValues, { error: "Choose One-time or Monthly" }).default("one-time"),
    /** The chosen preset, in pounds. */
    amount: z.string().optional(),
    /** The visitor's own amount, in pounds as typed. */
    customAmount: z.string().optional(),
    firstName: requiredText("First name", DONATION_LIMITS.name),
    lastName: requiredText("Last name", DONATION_LIMITS.name),
    email: emailField("Email address"),
    phone: phoneField,
    inHonour: z.boolean().default(false),
    /** "Yes, add Gift Aid": the address fields below are required only when it is ticked. */
    giftAid: z.boolean().default(false),
    /** The declaration version the page showed, so the record keeps the wording the donor read. */
    giftAidVersion: z.string().optional(),
    title: z.string().optional(),
    house: z.string().optional(),
    street: z.string().optional(),
    town: z.string().optional(),
    postcode: z.string().optional(),
  })
  .superRefine(
    (value, ctx) => {
      const resolved = resolveDonationAmount(value?.amount, value?.customAmount);
      if (!resolved.ok) ctx.addIssue({ code: "custom", path: [resolved.field], message: resolved.error });
      if (value?.giftAid === true) {
        for (const issue of giftAidIssues(value)) ctx.addIssue({ code: "custom", ...issue });
      }
    },
    // Check the amount even when other fields failed, so every error shows at once.
    { when: () => true },
  )
  .transform((value) => {
    const resolved = resolveDonationAmount(value.amount, value.customAmount);
    return { ...value, amountPence: resolved.ok ? resolved.pence : 0, giftAidDeclaration: giftAidDetails(value) };
  });

export type DonationInput = z.output<typeof donationSchema>;
