import { GIFT_AID_LIMITS, giftAidForm } from "~/content/gift-aid";
import { donationRules } from "~/giving/schemas/donation-field-rules";
import type { FieldRules } from "~/schemas/field-rules";

// Your giving's name and home address form: the donate form's own fields and limits (its rules
// across fields, giftAidIssues in donation-rules.ts, check the address and postcode), apart so
// that only that page loads them.

const { labels } = giftAidForm;

export const donorDetailsRules = {
  title: { label: labels.title, text: "line" },
  firstName: donationRules.firstName,
  lastName: donationRules.lastName,
  house: { label: labels.house, required: true, maxLength: GIFT_AID_LIMITS.house, text: "line" },
  street: { label: labels.street, required: true, maxLength: GIFT_AID_LIMITS.street, text: "line" },
  town: { label: labels.town, required: true, maxLength: GIFT_AID_LIMITS.town, text: "line" },
  postcode: { label: labels.postcode, required: true, maxLength: GIFT_AID_LIMITS.postcodeInput, text: "line" },
} satisfies FieldRules;
