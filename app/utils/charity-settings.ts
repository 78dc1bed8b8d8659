// The charity's own details (names, numbers, contacts, bank account, social links): their shape,
// the Settings form's groups and labels, and pure helpers the pages use to show them. Client-safe
// and without zod (the validation is app/site/schemas/charity-settings.ts). Stored in the database and
// read through app/site/services/charity-settings.server.ts; the defaults of a fresh database are the
// placeholders in app/content/site.ts.

import { chapterFields, socialFields } from "./charity-links";

export interface CharitySettings {
  name: string;
  shortName: string;
  charityNumber: string;
  companyNumber: string;
  /** Lines of the registered office's address; empty: not shown. */
  registeredOffice: string;
  email: string;
  /** Where staff who cannot sign in write (the sign-in page's "Contact support"); empty: the contact e-mail. */
  supportEmail: string;
  /** Empty: not shown. */
  phone: string;
  /** International digits, as wa.me links take them ("447700900123"). */
  whatsappNumber: string;
  /** One line per row, "Days: hours". */
  officeHours: string;
  accountName: string;
  sortCode: string;
  accountNumber: string;
  iban: string;
  /**
   * Direct Debit mandates' reference prefix (Stripe Bacs, at most 12 characters: capitals, digits,
   * space, & - . /); empty: Stripe's own references.
   */
  directDebitReferencePrefix: string;
  facebookUrl: string;
  linkedinUrl: string;
  instagramUrl: string;
  xUrl: string;
  youtubeUrl: string;
  /** The sister chapters' sites, linked from the footer; empty: not shown. */
  internationalChapterUrl: string;
  europeChapterUrl: string;
  /** The authorised official HMRC's Gift Aid claims name (title optional, at most 4 letters). */
  hmrcOfficialTitle: string;
  hmrcOfficialFirstName: string;
  hmrcOfficialLastName: string;
  hmrcOfficialPostcode: string;
  hmrcOfficialPhone: string;
  /** The interests a volunteer applicant can tick, one per line (docs/volunteers.md). */
  volunteerInterests: string;
}

export type SettingKey = keyof CharitySettings;

export const settingsGroups = ["charity", "contact", "bank", "social", "chapters", "hmrc", "volunteers"] as const;
export type SettingsGroup = (typeof settingsGroups)[number];

/** Each group's fields, in form order, with the label staff see (also in the audit trail). */
export const settingsFields: Record<SettingsGroup, readonly { key: SettingKey; label: string }[]> = {
  charity: [
    { key: "name", label: "Charity name" },
    { key: "shortName", label: "Short name" },
    { key: "charityNumber", label: "Registered charity number" },
    { key: "companyNumber", label: "Company number" },
    { key: "registeredOffice", label: "Registered office" },
  ],
  contact: [
    { key: "email", label: "Contact e-mail" },
    { key: "supportEmail", label: "Staff support e-mail" },
    { key: "phone", label: "Phone" },
    { key: "whatsappNumber", label: "WhatsApp number" },
    { key: "officeHours", label: "Office hours" },
  ],
  bank: [
    { key: "accountName", label: "Account name" },
    { key: "sortCode", label: "Sort code" },
    { key: "accountNumber", label: "Account number" },
    { key: "iban", label: "IBAN" },
    { key: "directDebitReferencePrefix", label: "Direct Debit mandate reference prefix" },
  ],
  social: socialFields,
  chapters: chapterFields,
  hmrc: [
    { key: "hmrcOfficialTitle", label: "Authorised official: title" },
    { key: "hmrcOfficialFirstName", label: "Authorised official: first name" },
    { key: "hmrcOfficialLastName", label: "Authorised official: last name" },
    { key: "hmrcOfficialPostcode", label: "Authorised official: postcode" },
    { key: "hmrcOfficialPhone", label: "Authorised official: phone" },
  ],
  volunteers: [{ key: "volunteerInterests", label: "Volunteer interests" }],
};

export const settingsGroupLegends: Record<SettingsGroup, string> = {
  charity: "The charity",
  contact: "Contact details",
  bank: "Bank details for donations",
  social: "Social links",
  chapters: "Sister chapters",
  hmrc: "Gift Aid claims to HMRC",
  volunteers: "Volunteer applications",
};

export const settingKeys: readonly SettingKey[] = settingsGroups.flatMap((group) =>
  settingsFields[group].map((field) => field.key),
);

export const labelOf = (key: SettingKey): string =>
  settingsGroups.flatMap((group) => settingsFields[group]).find((field) => field.key === key)?.label ?? key;

/**
 * The charity's postal address on one line (the registered office's lines joined with commas), or
 * "" when none is set: where donors "write to us" in e-mails and on the giving statement. (The
 * footer writes its own line: importing this module would put the Settings fields in every page's
 * JavaScript.)
 */
export function charityPostalAddress(charity: Pick<CharitySettings, "registeredOffice">): string {
  return charity.registeredOffice
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
}
