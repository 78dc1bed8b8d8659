import { z } from "~/schemas/zod";
import { donationTypes, type DonationType } from "~/content/donate";
import { CURRENT_DECLARATION_VERSION, isDeclarationVersion, type DeclarationVersion } from "~/content/gift-aid";
import { cleanHouse, cleanTitle, normaliseUkPostcode } from "~/gift-aid/utils/gift-aid";
import { emailField, requiredText, textCharacters } from "~/schemas/email";
import { donationRules } from "./donation-field-rules";
import { tooLongMessage } from "~/schemas/field-rules";
import { donationIssues, resolveDonationAmount, text, type GiftAidFields } from "./donation-rules";

export { DONATION_LIMITS, parseAmountToPence, resolveDonationAmount } from "./donation-rules";

const { firstName, lastName, email, phone, honoreeName } = donationRules;

export interface GiftAidDetails {
  version: DeclarationVersion;
  title: string | null;
  house: string;
  street: string;
  town: string;
  /** Normalised: capitals, one space. */
  postcode: string;
}

/**
 * A form's rules across fields (`issuesOf`, the same function the browser runs) as a zod
 * refinement that runs even when single fields failed, so every error shows at once.
 */
export function everyIssue<T>(issuesOf: (value: T) => { path: string[]; message: string }[]) {
  return [
    (value: T, ctx: z.RefinementCtx) => {
      for (const issue of issuesOf(value ?? ({} as T))) ctx.addIssue({ code: "custom", ...issue });
    },
    { when: () => true },
  ] as const;
}

/** A home address as the donate form and Your giving clean it (checked first by `giftAidIssues`). */
export function cleanHomeAddress(value: GiftAidFields): Omit<GiftAidDetails, "version"> {
  return {
    title: cleanTitle(value.title) || null,
    house: cleanHouse(value.house),
    street: text(value.street),
    town: text(value.town),
    postcode: normaliseUkPostcode(value.postcode) ?? "",
  };
}

/** The cleaned declaration details of a valid submission with Gift Aid ticked, else null. */
export function giftAidDetails(
  value: GiftAidFields & { giftAid: boolean; giftAidVersion?: string },
): GiftAidDetails | null {
  if (!value.giftAid) return null;
  return {
    version: isDeclarationVersion(value.giftAidVersion) ? value.giftAidVersion : CURRENT_DECLARATION_VERSION,
    ...cleanHomeAddress(value),
  };
}

/** The Gift Aid part of a form (the donate form's, and the ticket form's for its donation), checked by giftAidIssues. */
export const giftAidFormFields = {
  /** "Yes, add Gift Aid": the address fields below are required only when it is ticked. */
  giftAid: z.boolean().default(false),
  /** The declaration version the page showed, so the record keeps the wording the donor read. */
  giftAidVersion: z.string().optional().superRefine(textCharacters("line", "Declaration version")),
  title: z.string().optional(),
  house: z.string().optional(),
  street: z.string().optional(),
  town: z.string().optional(),
  postcode: z.string().optional(),
};

const donationTypeValues = donationTypes.map((t) => t.value) as [DonationType, ...DonationType[]];

export const donationSchema = z
  .object({
    type: z.enum(donationTypeValues, { error: "Choose One-time or Monthly" }).default("one-time"),
    /** Card or bank transfer; read only when card payments are configured (the form offers the choice). */
    payBy: z.enum(["card", "direct-debit", "bank"], { error: "Choose how to pay" }).optional(),
    /** The chosen preset, in pounds. */
    amount: z.string().optional(),
    /** The visitor's own amount, in pounds as typed. */
    customAmount: z.string().optional(),
    firstName: requiredText(firstName.label, firstName.maxLength, firstName.text),
    lastName: requiredText(lastName.label, lastName.maxLength, lastName.text),
    email: emailField(email.label),
    phone: z
      .string()
      .trim()
      .max(phone.maxLength, tooLongMessage(phone.label, phone.maxLength))
      .optional()
      .superRefine(textCharacters(phone.text, phone.label)),
    inHonour: z.boolean().default(false),
    honoreeName: z
      .string()
      .trim()
      .max(honoreeName.maxLength, tooLongMessage(honoreeName.label, honoreeName.maxLength))
      .optional()
      .superRefine(textCharacters(honoreeName.text, honoreeName.label)),
    ...giftAidFormFields,
    /** The charity soft opt-in's box (shown only when it is on): ticked, no newsletter. */
    newsletterOptOut: z.boolean().default(false),
  })
  // Check the amount even when other fields failed, so every error shows at once.
  .superRefine(...everyIssue(donationIssues))
  .transform((value) => {
    const resolved = resolveDonationAmount(value.amount, value.customAmount);
    return { ...value, amountPence: resolved.ok ? resolved.pence : 0, giftAidDeclaration: giftAidDetails(value) };
  });

export type DonationInput = z.output<typeof donationSchema>;
