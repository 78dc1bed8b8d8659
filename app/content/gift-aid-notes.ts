import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";
import { site } from "./site";

// What a donor reads about their Gift Aid declaration after making it (the thank-you page, their
// giving pages, the e-mails): apart from gift-aid.ts, so the donate page's JavaScript does not
// carry these words.

/** What the donor should tell us, and how (HMRC's notes to the model declaration). */
export const DECLARATION_NOTES = [
  "Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough Income Tax and/or Capital Gains Tax.",
  "If you pay Income Tax at the higher or additional rate and want to receive the extra tax relief due to you, you must include all your Gift Aid donations on your Self Assessment tax return or ask HM Revenue and Customs to adjust your tax code.",
] as const;

export const HOW_TO_CANCEL = `To cancel your Gift Aid declaration, e-mail us at ${site.email} with your payment reference. Donations we receive from the day you tell us will not be claimed.`;

export const giftAidThankYou = {
  heading: "Your Gift Aid declaration",
  lead: `Thank you: we will claim an extra ${GIFT_AID_PENCE_PER_POUND}p for every £1 you give, once your gift arrives.`,
} as const;

/**
 * What the e-mail (read only by the address's owner) says of a declaration made on a public form
 * for an address that already had gifts: it covers this gift until they confirm it.
 */
export const ownGiftOnlyCovers = (givingUrl: string) =>
  `This declaration covers this gift. We already hold gifts from this e-mail address, and anyone can type an address into a form, so it will cover your other gifts only once you confirm it at Your giving: ${givingUrl} (if you did not make it, cancel it there).`;
