import { z } from "~/schemas/zod";
import { everyIssue, giftAidDetails, giftAidFormFields } from "./donation";
import { giftAidIssues, type Issue } from "./donation-rules";
import { donationRules } from "./donation-field-rules";
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, textProblem, tooLongMessage } from "~/schemas/field-rules";
import { textCharacters } from "~/schemas/email";
import { giftDayField, NOTE_MAX_LENGTH, paymentAmountField } from "./donations";
import { handPaidWith } from "~/giving/utils/payment-method";

// Staff record a gift that came without a pledge (a bank credit naming none, a cheque, cash):
// for an existing supporter (their number or an address of theirs) or a new one (name and
// e-mail), with the donate form's Gift Aid rules (giftAidFormFields and giftAidIssues, the one
// home of them). From a bank statement line the form carries the line (its fingerprint, text and
// which of identical lines it was), so the line is recorded as imported, never offered again.

const emptyToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const optionalText = (label: string, max: number, kind: "line" | "name" | "multiline" = "line") =>
  z.preprocess(
    emptyToUndefined,
    z.string().trim().max(max, tooLongMessage(label, max)).optional().superRefine(textCharacters(kind, label)),
  );

export const GIFT_WHO = ["new", "existing"] as const;

const FINGERPRINT = /^v1:[0-9a-f]{64}$/;

/** What the two ways of naming the giver need, as field errors (the browser runs the same). */
function giverIssues(value: {
  who?: unknown;
  supporter?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
}): Issue[] {
  const issues: Issue[] = [];
  const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
  if (value.who === "existing") {
    if (!filled(value.supporter)) {
      issues.push({ path: ["supporter"], message: "Enter the supporter's number or one of their e-mail addresses" });
    }
    return issues;
  }
  if (!filled(value.firstName)) issues.push({ path: ["firstName"], message: "Enter the donor's first name" });
  if (!filled(value.lastName)) issues.push({ path: ["lastName"], message: "Enter the donor's last name" });
  if (!filled(value.email)) issues.push({ path: ["email"], message: "Enter the donor's e-mail address" });
  else if (!z.email().safeParse(String(value.email).trim()).success) {
    issues.push({ path: ["email"], message: INVALID_EMAIL_MESSAGE });
  }
  return issues;
}

/** The whole form's rules across fields: who gave, and the Gift Aid address when the box is ticked. */
export function recordGiftIssues(
  value: Parameters<typeof giverIssues>[0] & Parameters<typeof giftAidIssues>[0] & { giftAid?: unknown },
): Issue[] {
  const issues = giverIssues(value);
  if (value.giftAid === true || value.giftAid === "on") issues.push(...giftAidIssues(value));
  return issues;
}

/** `today` is the UK day by the server's clock: the action's own, the page's from its loader. */
export const recordGiftSchema = (today: string) =>
  z
    .object({
      who: z.enum(GIFT_WHO, { error: "Choose an existing or a new supporter" }).default("new"),
      /** An existing supporter: their number, or any of their e-mail addresses. */
      supporter: optionalText("Supporter", EMAIL_MAX_LENGTH),
      firstName: optionalText(donationRules.firstName.label, donationRules.firstName.maxLength, "name"),
      lastName: optionalText(donationRules.lastName.label, donationRules.lastName.maxLength, "name"),
      email: optionalText("E-mail address", EMAIL_MAX_LENGTH),
      receivedOn: giftDayField("Enter the date the money arrived", "Enter a date like 05/10/2025", today),
      amount: paymentAmountField("Enter the amount received"),
      note: optionalText("Note", NOTE_MAX_LENGTH, "multiline"),
      /** How it was paid (cash, cheque…); a gift from a bank statement line is a bank transfer. */
      paidWith: z.preprocess(
        emptyToUndefined,
        z.enum(handPaidWith, { error: "Choose how the money was paid" }).optional(),
      ),
      sendThanks: z.boolean().default(false),
      ...giftAidFormFields,
      /** From a bank statement line: its fingerprint, its text and which of identical lines it was. */
      bankLine: z.preprocess(
        emptyToUndefined,
        z.string().regex(FINGERPRINT, "This bank line cannot be read").optional(),
      ),
      bankText: z.preprocess(
        emptyToUndefined,
        z
          .string()
          .max(2000)
          .superRefine((text, ctx) => {
            const problem = bankTextProblem(text);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .optional(),
      ),
      bankOccurrence: z.preprocess(
        emptyToUndefined,
        z
          .string()
          .regex(/^\d{1,5}$/, "This bank line cannot be read")
          .transform(Number)
          .optional(),
      ),
    })
    // No transform on the whole object (Conform's constraint reads only its fields): the
    // declaration's details are `giftAidDetails(value)`, as the action takes them.
    .superRefine(...everyIssue(recordGiftIssues));

export type RecordGiftInput = z.output<ReturnType<typeof recordGiftSchema>>;

/** The declaration a valid submission carries (cleaned, as the donate form's), or null. */
export const recordGiftDeclaration = (value: RecordGiftInput) => giftAidDetails(value);

/** A line's text is shown as the bank gave it; refuse what the text rule refuses (control characters). */
export function bankTextProblem(text: string): string | null {
  return textProblem("line", "Bank line", text);
}

export const REFUND_REASON_MAX_LENGTH = 300;

/** Giving back some or all of a payment made by hand or by bank: how much, when, and why (its history keeps it). */
export const refundPaymentSchema = (today: string) =>
  z.object({
    amount: paymentAmountField("Enter the amount given back"),
    refundedOn: giftDayField("Enter the date the money was given back", "Enter a date like 05/10/2025", today),
    reason: z
      .string({ error: "Say why the money is given back" })
      .trim()
      .min(1, "Say why the money is given back")
      .max(REFUND_REASON_MAX_LENGTH, `Reason must be at most ${REFUND_REASON_MAX_LENGTH} characters`)
      .superRefine(textCharacters("multiline", "Reason")),
  });
