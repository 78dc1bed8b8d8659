import { z } from "./zod";
import { donationTypes, presetAmounts, type DonationType } from "~/content/donate";
import { formatPence } from "~/utils/money";
import { emailField, requiredText } from "./email";

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
  })
  .superRefine(
    (value, ctx) => {
      const resolved = resolveDonationAmount(value?.amount, value?.customAmount);
      if (!resolved.ok) ctx.addIssue({ code: "custom", path: [resolved.field], message: resolved.error });
    },
    // Check the amount even when other fields failed, so every error shows at once.
    { when: () => true },
  )
  .transform((value) => {
    const resolved = resolveDonationAmount(value.amount, value.customAmount);
    return { ...value, amountPence: resolved.ok ? resolved.pence : 0 };
  });

export type DonationInput = z.output<typeof donationSchema>;
