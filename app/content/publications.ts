import { site } from "./site";

// The charity's publications. A publication offers a download only once its PDF is in
// public/downloads/ (not public/publications/: the static file server would answer /publications
// with a redirect to that folder instead of the page); until then its card says how to ask for a
// copy. PLACEHOLDER: none of the documents is published yet.

export type PublicationType = "Newsletter" | "Annual Report" | "Research Paper";

export interface Publication {
  slug: string;
  title: string;
  description: string;
  /** ISO-8601 date of publication. */
  date: string;
  type: PublicationType;
  /** The PDF under public/downloads/, or null while it is not published. */
  downloadUrl: string | null;
}

export const publications: Publication[] = [
  {
    slug: "newsletter-autumn-2025",
    title: "Autumn 2025 Newsletter",
    description:
      "News from our projects, the prosthetic limb centre's milestone and an invitation to our charity gala.",
    date: "2025-09-01",
    type: "Newsletter",
    downloadUrl: null,
  },
  {
    slug: "annual-report-2024",
    title: "Annual Report 2024",
    description: "What we did in 2024, where the money went, and our plans for the year ahead.",
    date: "2025-03-31",
    type: "Annual Report",
    downloadUrl: null,
  },
  {
    slug: "research-community-health-access",
    title: "Access to Primary Care in Rural Communities",
    description: "A study of the barriers families face in reaching primary care, and what helps overcome them.",
    date: "2024-11-15",
    type: "Research Paper",
    downloadUrl: null,
  },
];

export const publicationsPage = {
  title: "Publications",
  intro: "Our newsletters, annual reports and research.",
  /** On a publication whose PDF is not online yet. */
  askForCopy: `Not online yet: e-mail ${site.email} and we will send you a copy.`,
  newsletterTitle: "Subscribe to our newsletter",
  // The text beside the form is the consent wording, in app/content/newsletter-consent.ts (newsletterConsent.signUp).
  subscribedMessage:
    "Thank you for subscribing! Please check your inbox: we have sent you a link to confirm your subscription.",
} as const;
