import type { CharitySettings, SettingKey } from "~/utils/charity-settings";

// Facts about the charity shown across the site. Values the specification does not reproduce
// are PLACEHOLDERS, marked as such here and nowhere else. The charity's names, numbers, contact
// details, bank account, office hours and social links are set by an admin in the staff area's
// Settings (stored in the database): the values here are only what a fresh database starts with
// (`charityDefaults` below), and static wording written with them shows the current settings
// (app/utils/charity-settings.ts `charityText`).

export const site = {
  name: "Community Health Aid UK",
  shortName: "CHA UK",
  tagline: "Medical care, education and relief for communities in need",
  /** PLACEHOLDER: registered charity number in England and Wales. */
  charityNumber: "XXXXXXX",
  /** PLACEHOLDER: Companies House number. */
  companyNumber: "XXXXXXXX",
  /** PLACEHOLDER: public contact address. */
  email: "info@example.org",
  /** PLACEHOLDER: address for staff sign-in problems. */
  supportEmail: "support@example.org",
  /**
   * PLACEHOLDER: WhatsApp number in international format, digits only. 07700 900000 is in Ofcom's
   * range kept for drama, so it is nobody's number, yet it passes the Settings form's own rule.
   */
  whatsappNumber: "447700900000",
  incorporated: "November 2010",
  /** The first day money can have reached the charity: payments dated earlier are refused. */
  foundedOn: "2010-11-01",
  charityStatus: "December 2024",
  /** What social networks show for a shared page that has no picture of its own (1200 × 630). */
  shareImage: { path: "/images/share-default.png", width: 1200, height: 630, alt: "Community Health Aid UK logo" },
} as const;

/** PLACEHOLDER URLs for the charity's social pages. */
export const socialLinks = [
  { label: "Facebook", href: "https://www.facebook.com/example-charity" },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/example-charity" },
  { label: "WhatsApp", href: `https://wa.me/${site.whatsappNumber}` },
] as const;

/** PLACEHOLDER URLs of the two sister chapters' sites. */
export const sisterChapters = {
  international: "https://international.example.org",
  europe: "https://europe.example.org",
} as const;

/** PLACEHOLDER bank details for donations by transfer. */
export const bankDetails = {
  accountName: "Community Health Aid UK",
  sortCode: "00-00-00",
  accountNumber: "00000000",
  iban: "GB00 XXXX 0000 0000 0000 00",
} as const;

export const officeHours = [
  { days: "Monday - Friday", hours: "9:00 AM - 5:00 PM" },
  { days: "Saturday", hours: "10:00 AM - 2:00 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;

export const mailtoHref = (address: string = site.email) => `mailto:${address}`;

/** The Settings of a fresh database: the placeholders above, until an admin sets the real ones. */
export const charityDefaults: CharitySettings = {
  name: site.name,
  shortName: site.shortName,
  charityNumber: site.charityNumber,
  companyNumber: site.companyNumber,
  registeredOffice: "",
  email: site.email,
  supportEmail: site.supportEmail,
  phone: "",
  whatsappNumber: site.whatsappNumber,
  officeHours: officeHours.map(({ days, hours }) => `${days}: ${hours}`).join("\n"),
  accountName: bankDetails.accountName,
  sortCode: bankDetails.sortCode,
  accountNumber: bankDetails.accountNumber,
  iban: bankDetails.iban,
  directDebitReferencePrefix: "",
  facebookUrl: socialLinks[0].href,
  linkedinUrl: socialLinks[1].href,
  instagramUrl: "",
  xUrl: "",
  youtubeUrl: "",
  internationalChapterUrl: sisterChapters.international,
  europeChapterUrl: sisterChapters.europe,
  hmrcOfficialTitle: "",
  hmrcOfficialFirstName: "",
  hmrcOfficialLastName: "",
  hmrcOfficialPostcode: "",
  hmrcOfficialPhone: "",
  // Filled in on the server (app/site/services/charity-settings.server.ts, from app/content/volunteers.ts),
  // so the list stays out of every page's JavaScript.
  volunteerInterests: "",
};

/** The settings whose defaults above are placeholders: the Settings page lists those not yet replaced. */
export const placeholderSettingKeys: readonly SettingKey[] = [
  "charityNumber",
  "companyNumber",
  "email",
  "supportEmail",
  "whatsappNumber",
  "sortCode",
  "accountNumber",
  "iban",
  "facebookUrl",
  "linkedinUrl",
  "internationalChapterUrl",
  "europeChapterUrl",
];
