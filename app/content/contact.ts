// Contact page content. The subject list is the specification's; its values travel in
// URLs (/contact?subject=partnership) and its labels become the e-mail subject line.

export const contactSubjects = [
  { value: "general", label: "General Inquiry" },
  { value: "volunteer", label: "Volunteer Opportunities" },
  { value: "donation", label: "Donation Information" },
  { value: "partnership", label: "Partnership Opportunities" },
  { value: "media", label: "Media Inquiry" },
  { value: "other", label: "Other" },
] as const;

export type ContactSubject = (typeof contactSubjects)[number]["value"];

export const contactSubjectValues = contactSubjects.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

export function isContactSubject(value: unknown): value is ContactSubject {
  return typeof value === "string" && contactSubjects.some((s) => s.value === value);
}

export function contactSubjectLabel(value: ContactSubject): string {
  return contactSubjects.find((s) => s.value === value)?.label ?? "Other";
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
