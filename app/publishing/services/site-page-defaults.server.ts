import { aboutOverview, historyMilestones } from "~/content/about";
import { donateHero, reasonsToDonate, valueExamples } from "~/content/donate";
import { faq } from "~/content/faq";
import { getInvolvedPages } from "~/content/get-involved";
import { heroSlides } from "~/content/hero";
import { privacyPolicy, termsOfUse } from "~/content/legal";
import { closingCallToAction, mission, welcome } from "~/content/mission";
import { currentNeeds } from "~/content/needs";
import { site } from "~/content/site";
import { officers, trustees } from "~/content/team";
import type { PageDocument } from "~/publishing/schemas/site-pages";

// The words each page is seeded with: today's words, from app/content (issue 52). A page that was
// never saved shows these; its first save stores them first as the revision "Original words", so
// the history can always bring them back. Server-only: the public pages' JavaScript carries none
// of them (the loaders send a page's live words).

const paragraphs = (items: readonly string[]) => items.join("\n\n");

const seeds: Record<string, () => PageDocument> = {
  home: () => ({
    fields: {
      welcomeHeading: welcome.heading,
      welcomeIntro: welcome.intro,
      missionHeading: mission.heading,
      missionIntro: mission.intro,
      closingHeading: closingCallToAction.heading,
      closingText: closingCallToAction.text,
    },
    lists: {
      slides: heroSlides.map((slide) => ({ image: slide.src, alt: slide.alt, caption: slide.caption })),
      pillars: mission.pillars.map((pillar) => ({ title: pillar.title, text: pillar.text })),
      needs: currentNeeds.map((need) => ({ title: need.title, text: need.text, linkLabel: need.linkLabel })),
    },
  }),
  about: () => ({
    fields: { heading: aboutOverview.heading, body: paragraphs(aboutOverview.paragraphs) },
    lists: {},
  }),
  history: () => ({
    fields: { heading: "Our History" },
    lists: { milestones: historyMilestones.map((m) => ({ period: m.period, title: m.title, text: m.text })) },
  }),
  faq: () => ({
    fields: { heading: "Frequently Asked Questions" },
    lists: { questions: faq.map((item) => ({ question: item.question, answer: paragraphs(item.answer) })) },
  }),
  team: () => ({
    fields: {
      heading: "Our Team",
      intro: `${site.name} is governed by a board of volunteer trustees, supported by a small team of officers.`,
      trusteesHeading: "Board of Trustees",
      staffHeading: "Officers",
    },
    lists: {
      people: [
        ...trustees.map((p) => ({ name: p.name, role: p.role, group: "trustee", photo: "", photoAlt: "", bio: "" })),
        ...officers.map((p) => ({ name: p.name, role: p.role, group: "staff", photo: "", photoAlt: "", bio: "" })),
      ],
    },
  }),
  donate: () => ({
    fields: { heroTitle: donateHero.title, heroLead: donateHero.lead },
    lists: {
      valueExamples: valueExamples.map((v) => ({
        amount: String(v.amount),
        title: v.title,
        description: v.description,
      })),
      reasons: reasonsToDonate.map((r) => ({ title: r.title, description: r.description })),
    },
  }),
  privacy: () => ({ fields: { intro: privacyPolicy.intro }, lists: {} }),
  terms: () => ({ fields: { intro: termsOfUse.intro }, lists: {} }),
};

for (const page of getInvolvedPages) {
  seeds[page.slug] = () => ({
    fields: {
      title: page.title,
      summary: page.summary,
      body: paragraphs(page.paragraphs),
      emailSubject: page.emailSubject,
    },
    lists: {},
  });
}

/** The words `key` is seeded with (today's words); an empty document for a key without any. */
export function seedDocument(key: string): PageDocument {
  return seeds[key]?.() ?? { fields: {}, lists: {} };
}
