import { site } from "./site";

export interface FaqItem {
  question: string;
  answer: string[];
}

export const faq: FaqItem[] = [
  {
    question: "What does the charity do?",
    answer: [
      `${site.name} supports medical care and community health: primary care clinics and hospitals, supplementary education, public health outreach, and food and flood relief.`,
      "We work through local partners so that each project is shaped by the people it serves.",
    ],
  },
  {
    question: "How can I get involved?",
    answer: [
      "You can volunteer, dedicate a birthday or other special day to our work through Share My Day, give in memory of a loved one, or apply for an internship.",
      `See the Get Involved page for details, or e-mail us at ${site.email}.`,
    ],
  },
  {
    question: "Where do my donations go?",
    answer: [
      "100% of your donation goes to our projects: prosthetic limb support, education, healthcare access and relief work.",
      "If you are a UK taxpayer, Gift Aid adds an extra 25p to every £1 you give, at no cost to you.",
    ],
  },
  {
    question: "Is the charity registered?",
    answer: [
      `Yes. We are a registered charity in England and Wales (registered charity number ${site.charityNumber}) and a company (company number ${site.companyNumber}).`,
    ],
  },
];
