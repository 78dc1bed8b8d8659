import { z } from "~/schemas/zod";
import { cleanHomeAddress, everyIssue } from "~/giving/schemas/donation";
import { giftAidIssues } from "~/giving/schemas/donation-rules";
import { donorDetailsRules as rules } from "./donor-details-rules";
import { requiredText, textCharacters } from "~/schemas/email";

// The server's check of Your giving's name and home address form: the names as the donate form
// checks them, and the address by the donate form's Gift Aid rules (HMRC's limits, a UK postcode).

export const donorDetailsSchema = z
  .object({
    firstName: requiredText(rules.firstName.label, rules.firstName.maxLength, rules.firstName.text),
    lastName: requiredText(rules.lastName.label, rules.lastName.maxLength, rules.lastName.text),
    title: z.string().optional(),
    house: z.string().optional(),
    street: z.string().optional(),
    town: z.string().optional(),
    postcode: z.string().optional(),
  })
  .superRefine(...everyIssue(giftAidIssues))
  .transform((value) => ({ firstName: value.firstName, lastName: value.lastName, ...cleanHomeAddress(value) }));

export type DonorDetails = z.output<typeof donorDetailsSchema>;

/** A monthly card gift's new amount, as typed: the service checks it as the donate form does. */
export const monthlyAmountSchema = z.object({
  amount: z.string().trim().default("").superRefine(textCharacters("line", "Amount")),
});
