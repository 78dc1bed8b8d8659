// Contact page content. The subject list is the specification's; its values travel in
// URLs (/contact?subject=partnership) and its labels become the e-mail subject line.

/** Each subject's value (in URLs and the database) and its label, in the form's order. */
const subjectLabels = {
  general: "General Inquiry",
  volunteer: "Volunteer Opportunities",
  donation: "Donation Information",
  partnership: "Partnership Opportunities",
  media: "Media Inquiry",
  other: "Other",
} as const;

export type ContactSubject = keyof typeof subjectLabels;

export const contactSubjectValues = Object.keys(subjectLabels) as [ContactSubject, ...ContactSubject[]];

/** The subjects as the form's choices. */
export const contactSubjects = contactSubjectValues.map((value) => ({ value, label: subjectLabels[value] }));

export function isContactSubject(value: unknown): value is ContactSubject {
  return (contactSubjectValues as readonly unknown[]).includes(value);
}

/** A subject's label; a stored value the list no longer has is shown as it is. */
export function contactSubjectLabel(value: string): string {
  return isContactSubject(value) ? subjectLabels[value] : value;
}

export const contactChannels = ["email", "whatsapp"] as const;
export type ContactChannel = (typeof contactChannels)[number];

export const contactPage = {
  title: "Contact Us",
  intro:
    "Questions about our projects, volunteering, partnerships or a donation? Write to us and we will reply as soon as we can.",
  handoffNote:
    "Choose how to send your message: 'Send via Email' opens a prefilled draft in your e-mail app; 'Send via WhatsApp' opens a chat with the same text. We keep your message either way and confirm on the next page that it reached us, even if neither app opens.",
} as const;

/** How soon staff answer an enquiry, as promised on the confirmation page and in the acknowledgement. */
export const REPLY_WITHIN_WORKING_DAYS = 5;

export const contactQuickLinks = [
  { label: "Donate", to: "/donate" },
  { label: "Get Involved", to: "/get-involved" },
  { label: "Publications", to: "/publications" },
  { label: "Frequently Asked Questions", to: "/about/faq" },
  { label: "Latest News", to: "/news" },
] as const;
