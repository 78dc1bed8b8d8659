import { site } from "./site";

// Gift Aid: the rate, every text a donor reads about it before declaring, and the declaration
// wordings. The donate page, the declaration, the thank-you page and the donor's e-mail read from
// here, what a donor reads after declaring from gift-aid-notes.ts and the staff claim screens from
// gift-aid-staff.ts (both apart, so the donate page's JavaScript does not carry them; a re-export
// from here would bring them back), all on this rate, so a change of rate or wording happens once.

/** HMRC adds 25p for every £1 given by a basic-rate taxpayer (20% tax on the gross gift). */
export const GIFT_AID_PENCE_PER_POUND = 25;

/**
 * Every wording of the declaration ever shown, by version. Never edit a published version:
 * add a new one and point CURRENT_DECLARATION_VERSION at it, so what earlier donors agreed to
 * stays exactly as they read it (each record also keeps its own copy of the text).
 * Worded as HMRC's model enduring declaration.
 */
export const GIFT_AID_DECLARATION_VERSIONS = {
  "2026-1":
    `I want to Gift Aid this donation and any donations I make in the future or have made in the past 4 years to ${site.name}. ` +
    "I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.",
} as const;

export type DeclarationVersion = keyof typeof GIFT_AID_DECLARATION_VERSIONS;

export const CURRENT_DECLARATION_VERSION: DeclarationVersion = "2026-1";

export function isDeclarationVersion(value: unknown): value is DeclarationVersion {
  return typeof value === "string" && Object.hasOwn(GIFT_AID_DECLARATION_VERSIONS, value);
}

/** What an enduring declaration covers, said plainly. */
export const DECLARATION_COVERS =
  "This declaration covers this donation, all donations you make to us in the future, and any donations you made to us in the 4 years before it.";

/** The donor's e-mail for a gift made without a declaration that an earlier one of theirs covers. */
export const ENDURING_DECLARATION_HEADING = "Your Gift Aid declaration covers this gift";
export const enduringDeclarationLead = (declaredOn: string) =>
  `You made a Gift Aid declaration on ${declaredOn}. It covers this gift too, so we will claim Gift Aid on it (25p for every £1) when the money arrives. Only you receive this e-mail; tell us if you no longer pay enough UK tax.`;

/** The donate page's card and the Gift Aid part of the form. */
export const giftAidInfo = {
  title: "Boost your gift with Gift Aid",
  text: `If you are a UK taxpayer, Gift Aid lets us claim an extra ${GIFT_AID_PENCE_PER_POUND}p for every £1 you give, at no cost to you.`,
  example: `A £100 donation becomes £${100 + GIFT_AID_PENCE_PER_POUND} with Gift Aid.`,
  howTo: "To Gift Aid your donation, tick “Yes, add Gift Aid” on the form and give your home address.",
} as const;

export const giftAidForm = {
  legend: "Gift Aid",
  checkboxLabel: "Yes, add Gift Aid",
  intro: `Add ${GIFT_AID_PENCE_PER_POUND}p for every £1 you give, at no cost to you. By ticking the box you make this declaration:`,
  addressLegend: "Your home address (for HM Revenue and Customs)",
  addressHint: "HMRC needs your home address to accept the claim. We use it for nothing else.",
  labels: {
    title: "Title",
    house: "House name or number",
    street: "Street",
    town: "Town or city",
    postcode: "Postcode",
  },
} as const;

/** Field limits HMRC's Gift Aid schedule and our form share. */
export const GIFT_AID_LIMITS = {
  /** HMRC: title at most 4 characters. */
  title: 4,
  /** HMRC: first name and last name at most 35 characters each. */
  name: 35,
  /** HMRC: house name or number at most 40 characters. */
  house: 40,
  street: 100,
  town: 60,
  /** What the postcode box accepts before normalising; a UK postcode is at most 8 characters. */
  postcodeInput: 12,
} as const;
