// The words of the volunteer application form and its thank-you page, apart from the staff
// section's (app/content/volunteers.ts), so the public pages load only these. Client-safe.
import { VOLUNTEER_RETENTION_DAYS } from "~/schemas/retention";
import { site } from "./site";

export const volunteerKinds = ["volunteers", "internships", "advisors"] as const;
export type VolunteerKind = (typeof volunteerKinds)[number];

export function isVolunteerKind(value: unknown): value is VolunteerKind {
  return typeof value === "string" && (volunteerKinds as readonly string[]).includes(value);
}

/** "12 months": the retention period as the form and the privacy page word it. */
export const VOLUNTEER_RETENTION_TEXT =
  VOLUNTEER_RETENTION_DAYS % 365 === 0
    ? VOLUNTEER_RETENTION_DAYS === 365
      ? "12 months"
      : `${VOLUNTEER_RETENTION_DAYS / 365} years`
    : `${VOLUNTEER_RETENTION_DAYS} days`;

/** The consent an applicant ticks; its exact words are kept with the application. */
export const volunteerConsentText = `I agree that ${site.name} may contact me about this application and keep it for ${VOLUNTEER_RETENTION_TEXT} after its last update (longer only while I volunteer), as the privacy policy says.`;

export const volunteerForm = {
  heading: "Apply",
  intro: "Tell us about yourself and we will be in touch. Fields are required unless marked optional.",
  labels: {
    name: "Full name",
    email: "Email address",
    phone: "Phone number",
    district: "Postcode district",
    availability: "Availability",
    interests: "What would you like to help with?",
    experience: "Relevant experience",
    why: "Why would you like to join us?",
    consent: "Consent",
  },
  hints: {
    phone: "A number we can call you on, like 07700 900123.",
    district: "The first part of your postcode is enough, like SW1A or M1.",
    availability: "For example: weekday evenings, one Saturday a month, two weeks in summer.",
    interests: "Tick any that appeal.",
    experience: "Work, studies or volunteering that you think is relevant.",
  },
  submit: "Send application",
};

export const volunteerThanks = {
  title: "Thank you for applying",
  text: "Your application has reached us, and we have e-mailed you to say so.",
  nextHeading: "What happens next",
  /** Also in the acknowledgement e-mail (app/mail/services/mail-templates.server.ts). */
  next: [
    "Someone in our team reads every application, usually within two weeks.",
    "If we have a place that suits you, we phone or e-mail you to arrange an informal chat.",
    "Whatever we decide, we let you know by e-mail. Nothing heard in three weeks? Check your spam folder, or write to us.",
  ],
  back: "Back to Get Involved",
};
