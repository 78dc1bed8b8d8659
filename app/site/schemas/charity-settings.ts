import { z } from "~/schemas/zod";
import { emailField, requiredText } from "~/schemas/email";
import {
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL_MESSAGE,
  textProblem,
  tooLongMessage,
  type TextKind,
} from "~/schemas/field-rules";
import { settingsGroups, type SettingKey, type SettingsGroup } from "~/utils/charity-settings";
import {
  ibanProblem,
  isHttpsUrl,
  normaliseAccountNumber,
  normaliseCharityNumber,
  normaliseCompanyNumber,
  normaliseIban,
  normaliseSortCode,
} from "~/utils/charity-numbers";
import { ukPhoneDigits, whatsappDigits } from "~/utils/phone-numbers";
import { normaliseUkPostcode } from "~/gift-aid/utils/gift-aid";
import { VOLUNTEER_LIMITS } from "~/supporters/schemas/volunteer-rules";

const VOLUNTEER_INTEREST_MAX_LENGTH = VOLUNTEER_LIMITS.interest;

// Validation of the charity's own details (their shape and labels: app/utils/charity-settings.ts),
// shared by the Settings form in the browser and its action on the server. The form is saved a group (fieldset) at a time, so each group has its own schema; together
// they describe every setting. Values are stored normalised (sort code "12-34-56", IBAN in
// groups of four, WhatsApp as international digits), which is how the site shows them.

export const SETTINGS_LIMITS = { line: 100, shortName: 20, address: 300, officeHours: 400, url: 300 } as const;

/** A value checked and put in its one form by `normalise`, which answers null when it cannot be. */
function normalised(
  label: string,
  normalise: (value: string) => string | null,
  message: string | ((value: string) => string),
) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(SETTINGS_LIMITS.line, tooLongMessage(label, SETTINGS_LIMITS.line))
    .transform((value, ctx) => {
      const result = normalise(value);
      if (result === null) {
        ctx.addIssue({ code: "custom", message: typeof message === "string" ? message : message(value) });
        return z.NEVER;
      }
      return result;
    });
}

/** An optional text (Conform sends an empty field as undefined); stored as "" when empty. */
function optionalText(label: string, max: number, kind: TextKind) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .superRefine((value, ctx) => {
      const problem = textProblem(kind, label, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional()
    .transform((value) => value ?? "");
}

/** An optional https:// address of a page elsewhere (`what`: "the Facebook page"). */
function httpsUrl(label: string, what: string) {
  return z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.url, tooLongMessage(label, SETTINGS_LIMITS.url))
    .refine((value) => value === "" || isHttpsUrl(value), `Enter the full address of ${what}, starting https://`)
    .optional()
    .transform((value) => value ?? "");
}

export const charityGroupSchema = z.object({
  name: requiredText("Charity name", SETTINGS_LIMITS.line),
  shortName: requiredText("Short name", SETTINGS_LIMITS.shortName),
  charityNumber: normalised(
    "Registered charity number",
    normaliseCharityNumber,
    "Enter a charity number from the register: 6 or 7 digits in England and Wales (like 1234567 or 1234567-1), or SC0 and 5 digits in Scotland",
  ),
  companyNumber: normalised(
    "Company number",
    normaliseCompanyNumber,
    "Enter the Companies House number: 8 digits (like 01234567), or 2 letters and 6 digits (like SC123456)",
  ),
  registeredOffice: optionalText("Registered office", SETTINGS_LIMITS.address, "multiline"),
});

export const contactGroupSchema = z.object({
  email: emailField("Contact e-mail"),
  supportEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, tooLongMessage("Staff support e-mail", EMAIL_MAX_LENGTH))
    .pipe(z.union([z.literal(""), z.email({ error: INVALID_EMAIL_MESSAGE })]))
    .optional()
    .transform((value) => value ?? ""),
  phone: z
    .string()
    .trim()
    .max(30, tooLongMessage("Phone", 30))
    .refine((value) => value === "" || ukPhoneDigits(value) !== null, "Enter a UK phone number, like 020 7946 0000")
    .optional()
    .transform((value) => value ?? ""),
  whatsappNumber: normalised(
    "WhatsApp number",
    whatsappDigits,
    "Enter a UK mobile number for WhatsApp, like 07700 900123 or +44 7700 900123",
  ),
  officeHours: optionalText("Office hours", SETTINGS_LIMITS.officeHours, "multiline"),
});

export const bankGroupSchema = z.object({
  accountName: requiredText("Account name", SETTINGS_LIMITS.line),
  sortCode: normalised("Sort code", normaliseSortCode, "Enter a sort code of 6 digits, like 12-34-56"),
  accountNumber: normalised("Account number", normaliseAccountNumber, "Enter an account number of 8 digits"),
  iban: normalised("IBAN", normaliseIban, (value) =>
    ibanProblem(value) === "checksum"
      ? "The IBAN's check digits do not match the rest of it: check each character against your bank statement"
      : "Enter an IBAN: 2 letters, 2 check digits and the account (22 characters for a UK account), like GB29 NWBK 6016 1331 9268 19",
  ),
  // Stripe's rules for a Bacs mandate's reference prefix: at most 12 of A-Z 0-9 space & - . /,
  // starting with a letter or digit, never "DDIC" or "STRIPE" first.
  directDebitReferencePrefix: z
    .string()
    .trim()
    .toUpperCase()
    .max(12, tooLongMessage("Direct Debit mandate reference prefix", 12))
    .refine(
      (value) => value === "" || (/^[A-Z0-9][A-Z0-9 &\-./]*$/.test(value) && !/^(DDIC|STRIPE)/.test(value)),
      "Use capital letters, digits, spaces and & - . / only, starting with a letter or digit (not DDIC or STRIPE)",
    )
    .optional()
    .transform((value) => value ?? ""),
});

export const socialGroupSchema = z.object({
  facebookUrl: httpsUrl("Facebook", "the Facebook page"),
  linkedinUrl: httpsUrl("LinkedIn", "the LinkedIn page"),
  instagramUrl: httpsUrl("Instagram", "the Instagram page"),
  xUrl: httpsUrl("X (Twitter)", "the X (Twitter) page"),
  youtubeUrl: httpsUrl("YouTube", "the YouTube page"),
});

export const chaptersGroupSchema = z.object({
  internationalChapterUrl: httpsUrl("Sister chapter: International", "the international chapter's site"),
  europeChapterUrl: httpsUrl("Sister chapter: Europe", "the European chapter's site"),
});

/** An optional value that must match `pattern` when given (stored as typed, trimmed). */
function optionalMatching(label: string, max: number, pattern: (value: string) => boolean, message: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine((value) => value === "" || pattern(value), message)
    .optional()
    .transform((value) => value ?? "");
}

const HMRC_NAME =
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF][A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF' .-]*$/;

/** The authorised official HMRC's claims name: as HMRC's R68 claim takes them. Empty until the charity sends claims. */
export const hmrcGroupSchema = z.object({
  hmrcOfficialTitle: optionalMatching(
    "Authorised official: title",
    4,
    (value) => /^[A-Za-z]{1,4}$/.test(value),
    "Enter a title of at most 4 letters, like Mrs or Dr, or leave it empty",
  ),
  hmrcOfficialFirstName: optionalMatching(
    "Authorised official: first name",
    35,
    (value) => HMRC_NAME.test(value),
    "Enter the first name in letters (spaces, hyphens and apostrophes are fine)",
  ),
  hmrcOfficialLastName: optionalMatching(
    "Authorised official: last name",
    35,
    (value) => HMRC_NAME.test(value),
    "Enter the last name in letters (spaces, hyphens and apostrophes are fine)",
  ),
  hmrcOfficialPostcode: optionalMatching(
    "Authorised official: postcode",
    10,
    (value) => normaliseUkPostcode(value) !== null,
    "Enter a UK postcode, like LS1 4AP",
  ).transform((value) => (value ? normaliseUkPostcode(value)! : "")),
  hmrcOfficialPhone: optionalMatching(
    "Authorised official: phone",
    30,
    (value) => ukPhoneDigits(value) !== null,
    "Enter a UK phone number, like 0113 496 0000",
  ),
});

/** The volunteer form's interests: one per line, each a short line of text, at most VOLUNTEER_INTERESTS_MAX. */
export const VOLUNTEER_INTERESTS_MAX = 30;

export const volunteersGroupSchema = z.object({
  volunteerInterests: z
    .string({ error: "Volunteer interests is required" })
    .trim()
    .min(1, "Volunteer interests is required")
    .max(2_000, tooLongMessage("Volunteer interests", 2_000))
    .superRefine((value, ctx) => {
      const problem = textProblem("multiline", "Volunteer interests", value);
      if (problem) return ctx.addIssue({ code: "custom", message: problem });
      const lines = value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > VOLUNTEER_INTERESTS_MAX) {
        ctx.addIssue({ code: "custom", message: `List at most ${VOLUNTEER_INTERESTS_MAX} interests` });
      }
      const long = lines.find((line) => line.length > VOLUNTEER_INTEREST_MAX_LENGTH);
      if (long) {
        ctx.addIssue({
          code: "custom",
          message: `Each interest must be at most ${VOLUNTEER_INTEREST_MAX_LENGTH} characters: shorten “${long.slice(0, 20)}…”`,
        });
      }
    })
    // Stored one per line, trimmed, blanks and repeats left out.
    .transform((value) =>
      [
        ...new Set(
          value
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean),
        ),
      ].join("\n"),
    ),
});

export const settingsGroupSchemas = {
  charity: charityGroupSchema,
  contact: contactGroupSchema,
  bank: bankGroupSchema,
  social: socialGroupSchema,
  chapters: chaptersGroupSchema,
  hmrc: hmrcGroupSchema,
  volunteers: volunteersGroupSchema,
} as const;

/** Every setting at once (what a fresh import or a test checks). */
export const charitySettingsSchema = charityGroupSchema
  .extend(contactGroupSchema.shape)
  .extend(bankGroupSchema.shape)
  .extend(socialGroupSchema.shape)
  .extend(chaptersGroupSchema.shape)
  .extend(hmrcGroupSchema.shape)
  .extend(volunteersGroupSchema.shape);

/**
 * A group's schema for one save. A setting still holding its placeholder (a fresh database's
 * value: `untouched` maps it to the value as the form shows it), posted unchanged, is left out of
 * the checks and kept as it is: an admin who changes only the contact e-mail is not refused over
 * a WhatsApp number they never touched, and the Settings page goes on listing it as a
 * placeholder. Changed, it is checked like any value. Shared by the form in the browser and the
 * action, so both agree.
 */
export function settingsGroupSchemaFor(
  group: SettingsGroup,
  formData: FormData,
  untouched: Partial<Record<SettingKey, string>>,
) {
  const schema: z.ZodObject<z.ZodRawShape> = settingsGroupSchemas[group];
  const kept = (Object.keys(schema.shape) as SettingKey[]).filter((key) => {
    const shown = untouched[key];
    const posted = formData.get(key);
    return shown !== undefined && typeof posted === "string" && posted.trim() === shown.trim();
  });
  return kept.length === 0 ? schema : schema.omit(Object.fromEntries(kept.map((key) => [key, true])));
}

/** The form posts the group it saves in this hidden field. */
export const SETTINGS_GROUP_FIELD = "group";

export function isSettingsGroup(value: unknown): value is SettingsGroup {
  return typeof value === "string" && (settingsGroups as readonly string[]).includes(value);
}
