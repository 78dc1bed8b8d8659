import { site } from "./site";

export interface GetInvolvedPage {
  slug: string;
  title: string;
  /** One line for the card on /get-involved and for the page's meta description. */
  summary: string;
  paragraphs: string[];
  /** What the visitor should say in their e-mail; also the mail's subject. */
  emailSubject: string;
  /** Pages with a card on /get-involved; the others are reached by direct links only. */
  featured: boolean;
}

export const getInvolvedPages: GetInvolvedPage[] = [
  {
    slug: "share-my-day",
    title: "Share My Day",
    summary: "Dedicate your birthday, wedding or another special day to our work.",
    paragraphs: [
      "Instead of presents, ask family and friends to give to one of our projects. A birthday, an anniversary, a wedding or a sponsored challenge can fund prosthetic limbs, classroom equipment or medicines.",
      "We will send you ideas and materials, and thank everyone who gives in your name.",
    ],
    emailSubject: "Share My Day",
    featured: true,
  },
  {
    slug: "memoriam",
    title: "In Memoriam",
    summary: "Remember a loved one with a gift that brings care to others.",
    paragraphs: [
      "A gift in memory of someone you love can be made in their name at a funeral or a memorial, or on an anniversary that matters to you.",
      "We can set up a collection for family and friends, and send you a record of everything given in your loved one's memory.",
    ],
    emailSubject: "In Memoriam",
    featured: true,
  },
  {
    slug: "volunteers",
    title: "Volunteers",
    summary: "Give your time and skills at events, in our office or online.",
    paragraphs: [
      "Volunteers help us run fundraising events, pack supplies, translate, design, write and spread the word. Medical professionals can also join our project visits.",
      "Tell us what you enjoy and how much time you can give, and we will find a role that fits.",
    ],
    emailSubject: "Volunteering",
    featured: true,
  },
  {
    slug: "internships",
    title: "Internship Programme",
    summary: "Gain experience in a medical charity while supporting our projects.",
    paragraphs: [
      "Our internship programme offers students and graduates experience in project support, fundraising, communications and finance in a small charity team.",
      "Internships are flexible and can often be done part-time or remotely. Send us your CV and a few lines about what you would like to learn.",
    ],
    emailSubject: "Internship Programme",
    featured: false,
  },
  {
    slug: "advisors",
    title: "Advisory Board",
    summary: "Share your professional expertise with our trustees.",
    paragraphs: [
      "Our advisory board brings together professionals in medicine, public health, education, law and finance who advise the trustees on our projects and plans.",
      "If you have experience to share and a few hours a year to give, we would be glad to hear from you.",
    ],
    emailSubject: "Advisory Board",
    featured: false,
  },
];

export const featuredGetInvolvedPages = getInvolvedPages.filter((p) => p.featured);

export function getGetInvolvedPage(slug: string): GetInvolvedPage | undefined {
  return getInvolvedPages.find((p) => p.slug === slug);
}

/** The mail draft a visitor opens to take part: always to the charity's public address. */
export function getInvolvedMailto(page: Pick<GetInvolvedPage, "emailSubject">, to: string = site.email): string {
  return `mailto:${to}?subject=${encodeURIComponent(page.emailSubject)}`;
}
