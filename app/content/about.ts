import { site } from "./site";
import { historyCountries } from "./statistics";

export const aboutTabs = [
  { label: "Overview", to: "/about" },
  { label: "Our Team", to: "/about/team" },
  { label: "History", to: "/about/history" },
  { label: "FAQ", to: "/about/faq" },
] as const;

export const aboutOverview = {
  heading: `About ${site.name}`,
  paragraphs: [
    `${site.name} is the UK chapter of an international medical health charity. We raise funds and awareness in the UK for primary care, education, public health, and food and flood relief in communities in need.`,
    "Our projects are run with local partners: clinics and hospitals, schools, and community groups who know best what their neighbours need. Volunteers and supporters across the UK make that work possible.",
    "We are independent of any government or political party, and we help people regardless of their background or beliefs.",
  ],
};

export const historyMilestones = [
  {
    period: site.incorporated,
    title: "Incorporation",
    text: `${site.name} was incorporated as a company in ${site.incorporated}, bringing together UK supporters of the international charity.`,
  },
  {
    period: "2010-2024",
    title: "Growth",
    text: `Over fourteen years our work grew from a handful of fundraising events into long-term support for hospitals, clinics, schools and relief work, reaching ${historyCountries} countries with our partners.`,
  },
  {
    period: site.charityStatus,
    title: "Charity status",
    text: `In ${site.charityStatus} we were registered as a charity in England and Wales (registered charity number ${site.charityNumber}).`,
  },
];
