import { emailRule, type FieldRules } from "~/schemas/field-rules";

// Your giving's link request (/giving): apart, so that only its pages load it.

/** The one field: the address. */
export const givingLinkRules = { email: emailRule("Your e-mail address") } satisfies FieldRules;
