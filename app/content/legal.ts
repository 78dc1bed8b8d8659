import { DEFAULT_ENQUIRY_RETENTION_DAYS, VOLUNTEER_RETENTION_DAYS } from "~/schemas/retention";
import { site } from "./site";

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  /** A definition list: what is stored (term) and why and for how long (details). */
  items?: { term: string; details: string[] }[];
}

export interface LegalPage {
  title: string;
  description: string;
  intro: string;
  sections: LegalSection[];
}

/** "12 months", "2 years", "90 days": a retention period as the privacy page words it. */
export function retentionPeriodText(days: number): string {
  if (days % 365 === 0) return days === 365 ? "12 months" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

const ENQUIRIES_TERM = "Contact enquiries";
const PLEDGES_TERM = "Donation pledges";
const WHO_HEADING = "Who can see it";

/**
 * The services outside the charity that receive personal data in this installation (read from
 * its configuration by app/site/services/processors.server.ts); null or false: not used.
 */
export interface Processors {
  /** Card gifts through Stripe Checkout. */
  cardPayments: boolean;
  /** The outgoing mail server's host, when mail is sent. */
  mailHost: string | null;
  /** Where the continuous backup goes, when it leaves this server. */
  backupHost: string | null;
  /** The database's server, when it is another machine. */
  databaseHost: string | null;
}

export const noProcessors: Processors = { cardPayments: false, mailHost: null, backupHost: null, databaseHost: null };

/** Each service that receives personal data, and what it receives, as the privacy page says it. */
function processorItems(processors: Processors): { term: string; details: string[] }[] {
  const items: { term: string; details: string[] }[] = [];
  if (processors.cardPayments) {
    items.push({
      term: "Stripe (card payments)",
      details: [
        "When you choose to pay by card, Stripe processes the payment for us. It receives your name, your e-mail address and the amount of your gift (and, for a monthly gift, that it repeats every month). You type your card details on Stripe's own page: they never reach us.",
        "Stripe keeps its payment records as the law on payments requires; its privacy policy is at stripe.com/privacy.",
      ],
    });
  }
  if (processors.mailHost) {
    items.push({
      term: "Our e-mail provider",
      details: [
        `Every e-mail we send (replies, receipts and reminders, newsletter confirmations and newsletters, giving statements) passes through our e-mail provider's server (${processors.mailHost}). It receives each message whole, with the address it goes to.`,
      ],
    });
  }
  if (processors.databaseHost) {
    items.push({
      term: "Our database host",
      details: [
        `Our database, which holds everything listed above, runs on our hosting provider's server (${processors.databaseHost}).`,
      ],
    });
  }
  if (processors.backupHost) {
    items.push({
      term: "Our backup storage",
      details: [
        `A continuous copy of our database, which holds everything listed above, is kept with our backup storage provider (${processors.backupHost}), so that nothing is lost if our server fails. Copies older than 7 days are deleted.`,
      ],
    });
  }
  return items;
}

function whoCanSeeIt(processors: Processors): LegalSection {
  const items = processorItems(processors);
  return {
    heading: WHO_HEADING,
    paragraphs:
      items.length === 0
        ? [
            "Only our staff and trustees who need it to answer you, process your gift or send the newsletter. We do not share your details with anyone else unless the law requires it.",
          ]
        : [
            "Our staff and trustees who need it to answer you, process your gift or send the newsletter, and the services below, which handle it for us on our instructions and for nothing else. We do not share your details with anyone else unless the law requires it.",
          ],
    items: items.length === 0 ? undefined : items,
  };
}

function enquiryRetentionSentence(days: number): string {
  return `We delete each enquiry automatically ${retentionPeriodText(days)} after we receive it.`;
}

// PLACEHOLDER: the retention periods below are proposals for the trustees to confirm.
// What is stored matches what the site actually records (see db/schema.ts and the cookies set
// in app/utils); keep the two in step when either changes.
export const privacyPolicy: LegalPage = {
  title: "Privacy Policy",
  description: `What ${site.name}'s website stores about you, why, for how long, and how to have it removed.`,
  intro: `${site.name} is responsible for the personal information collected through this website. We collect as little as we can, we never sell it, and we do not use advertising or analytics trackers.`,
  sections: [
    {
      heading: "What we store and why",
      items: [
        {
          term: "Theme cookie",
          details: [
            "A cookie named theme remembers whether you chose the light or the dark theme, so the page is shown the way you asked from the first moment. With JavaScript on, the same choice is also kept in your browser's local storage under the key theme.",
            "It is set only when you use the theme switch, holds nothing but the word light or dark, and expires after one year.",
          ],
        },
        {
          term: "Staff session cookie",
          details: [
            "When a member of staff signs in to the admin area, a cookie holds a random sign-in token so that they stay signed in. Visitors who do not sign in never receive it.",
            "The session ends when they sign out, and expires after 30 days at the latest. We keep only a scrambled form of the token.",
          ],
        },
        {
          term: ENQUIRIES_TERM,
          details: [
            "When you use the contact form we keep your name, e-mail address, subject and message, which channel you chose (e-mail or WhatsApp) and when you wrote, so that your enquiry is not lost even if your mail app or WhatsApp does not open.",
            enquiryRetentionSentence(DEFAULT_ENQUIRY_RETENTION_DAYS),
          ],
        },
        {
          term: "Volunteer applications",
          details: [
            "When you apply to volunteer, for an internship or to join our advisory board, we keep your name, e-mail address, phone number if you give it, your postcode district (the first part of your postcode: we do not ask where exactly you live), your availability, the interests you tick, what you tell us about your experience and why you would like to join us, the words of the consent you gave and when you applied, so that we can contact you about it. Our staff note each step (contacted, interviewed, volunteering, no longer volunteering or declined), who took it and when.",
            `We delete each application automatically ${retentionPeriodText(VOLUNTEER_RETENTION_DAYS)} after its last update, unless you are volunteering with us; once you stop, the ${retentionPeriodText(VOLUNTEER_RETENTION_DAYS)} start again from then.`,
          ],
        },
        {
          term: PLEDGES_TERM,
          details: [
            "When you fill in the donation form we keep the type and amount of your gift, your name, e-mail address, your phone number if you give it, whether the gift is in honour or memory of someone, and a payment reference, so that we can match your bank transfer and thank you.",
            "If you add Gift Aid we also keep your title, home address and postcode, and the exact wording of the declaration you made and when, because HM Revenue and Customs needs them to accept our claim.",
            "We keep pledge records and Gift Aid declarations for six years, as UK charity and tax rules (including Gift Aid) require.",
          ],
        },
        {
          term: "Event tickets",
          details: [
            "When you book a place at one of our events we keep your name and e-mail address, the tickets you booked and any donation you added, and, when you book for a table, each guest's name and e-mail address if you give it, so that we can send the tickets and check you in. If an event is sold out and you join its waiting list, we keep your name and e-mail address to offer you a place.",
            "We keep paid ticket orders for six years, as financial records. Bookings that were never paid and waiting-list places are deleted when you ask us; a guest's name and address are taken off the tickets when the guest asks.",
          ],
        },
        {
          term: "Newsletter addresses",
          details: [
            "When you subscribe to our newsletter we keep your e-mail address and the time you gave your consent, so that we can send the newsletter and show that you asked for it.",
            "We keep your address until you unsubscribe or ask us to remove it.",
            "Our newsletters do not track you: they contain no invisible images (tracking pixels) that tell us when you open them, and every link goes straight to its address, never through a redirect that records clicks. The one picture a newsletter may carry is the same file for every reader.",
            "We keep a record of each message we send you (your address, when, and whether your mail server accepted it) for 30 days. If your mail server refuses two newsletters in a row for good, we stop sending them until you subscribe again.",
          ],
        },
      ],
    },
    whoCanSeeIt(noProcessors),
    {
      heading: "Your rights and how to ask for removal",
      paragraphs: [
        "You can ask to see the information we hold about you, to correct it, or to have it deleted. You can also withdraw your consent to the newsletter at any time.",
        `To do any of these, e-mail us at ${site.email}. We will reply within one month.`,
        "If you are unhappy with how we handle your information, you can complain to the Information Commissioner's Office (ico.org.uk).",
      ],
    },
  ],
};

const CARD_PLEDGE_DETAIL =
  "If you pay by card, we also keep Stripe's references for your payment and, for a monthly gift, for your subscription: never your card details.";

/**
 * The policy as it holds for this installation: the enquiry retention period in force
 * (ENQUIRY_RETENTION_DAYS) worded for `days`, and the services that receive personal data.
 */
export function privacyPolicyFor(days: number, processors: Processors = noProcessors): LegalPage {
  return {
    ...privacyPolicy,
    sections: privacyPolicy.sections.map((section) =>
      section.heading === WHO_HEADING
        ? whoCanSeeIt(processors)
        : {
            ...section,
            items: section.items?.map((item) => {
              if (item.term === ENQUIRIES_TERM) {
                return { ...item, details: [...item.details.slice(0, -1), enquiryRetentionSentence(days)] };
              }
              if (item.term === PLEDGES_TERM && processors.cardPayments) {
                return {
                  ...item,
                  details: [...item.details.slice(0, 1), CARD_PLEDGE_DETAIL, ...item.details.slice(1)],
                };
              }
              return item;
            }),
          },
    ),
  };
}

const DONATIONS_HEADING = "Donations and pledges";

export const termsOfUse: LegalPage = {
  title: "Terms of Use",
  description: `The terms for using ${site.name}'s website, making pledges and linking to other sites.`,
  intro: `These terms apply to everyone who uses this website, run by ${site.name} (registered charity number ${site.charityNumber}, company number ${site.companyNumber}). By using the site you accept them.`,
  sections: [
    {
      heading: "Using this website",
      paragraphs: [
        "You may read, print and share the content of this website for personal and non-commercial purposes, as long as you credit the charity. Please do not copy our name, logo or artwork to suggest that you speak for us.",
        "We work to keep the information accurate and up to date, but it may change without notice and is not medical advice.",
      ],
    },
    {
      heading: DONATIONS_HEADING,
      paragraphs: [
        "The donation form records a pledge: no card payment is taken on this website. Your gift is made by bank transfer using the reference we show you.",
        "Your gift goes to our projects. If you made a mistake, e-mail us and we will help put it right.",
      ],
    },
    {
      heading: "What we store about you",
      paragraphs: [
        "The Privacy Policy explains what this website stores (the theme cookie, the staff session cookie, contact enquiries, donation pledges and newsletter addresses), why, for how long, and which services receive it on our behalf.",
      ],
    },
    {
      heading: "Links to other websites",
      paragraphs: [
        "We link to our sister chapters and to social networks. We are not responsible for the content or privacy practices of websites we do not run.",
      ],
    },
    {
      heading: "The staff area",
      paragraphs: [
        "The admin area is for the charity's authorised staff only. Do not try to access it without permission.",
      ],
    },
    {
      heading: "Changes and governing law",
      paragraphs: [
        "We may update these terms; the version on this page applies. These terms are governed by the law of England and Wales.",
        `Questions about these terms? E-mail us at ${site.email}.`,
      ],
    },
  ],
};

/** The terms as they hold for this installation: with card gifts on, how a card payment is made. */
export function termsOfUseFor(processors: Processors = noProcessors): LegalPage {
  if (!processors.cardPayments) return termsOfUse;
  return {
    ...termsOfUse,
    sections: termsOfUse.sections.map((section) =>
      section.heading === DONATIONS_HEADING
        ? {
            ...section,
            paragraphs: [
              "The donation form records a pledge. You can pay it by card on the secure payment page of Stripe, which processes card payments for us (your card details never reach this website), or by bank transfer using the reference we show you.",
              ...(section.paragraphs ?? []).slice(1),
            ],
          }
        : section,
    ),
  };
}
