// Every word about the charity that a visitor or donor meets comes from Settings: with distinctive
// values saved, no public page (rendered whole: loaders, meta and components) and no message the
// site sends still names a placeholder of a fresh database or the default name.
import { beforeAll, describe, expect, it } from "vitest";
import { createNews } from "~/publishing/models/news.server";
import { charityDefaults, placeholderSettingKeys } from "~/content/site";
import { HOW_TO_CANCEL } from "~/content/gift-aid-notes";
import { staffMailWording } from "~/content/staff-accounts";
import { getDb } from "~/infra/db.server";
import { getCharitySettings, saveCharitySettings } from "~/site/services/charity-settings.server";
import * as mails from "~/mail/services/mail-templates.server";
import { signUpForNewsletter } from "~/publishing/services/newsletter.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { settingsFields, settingsGroups, type CharitySettings } from "~/utils/charity-settings";
import { charityText } from "~/utils/charity-text";
import { pledgeWithDeclaration } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { renderPage } from "./render-support";

const ours: CharitySettings = {
  name: "Kestrel Clinics Trust",
  shortName: "Kestrel",
  charityNumber: "1187654",
  companyNumber: "09876543",
  registeredOffice: "1 Wren Lane\nYork YO1 7HH",
  email: "hello@kestrel-clinics.test",
  supportEmail: "it-help@kestrel-clinics.test",
  phone: "020 7946 0123",
  whatsappNumber: "447700900123",
  officeHours: "Monday - Friday: 8:30 AM - 4:30 PM",
  accountName: "Kestrel Clinics Trust",
  sortCode: "60-16-13",
  accountNumber: "31926819",
  iban: "GB29 NWBK 6016 1331 9268 19",
  directDebitReferencePrefix: "",
  facebookUrl: "https://www.facebook.com/kestrel-clinics",
  linkedinUrl: "https://www.linkedin.com/company/kestrel-clinics",
  instagramUrl: "",
  xUrl: "",
  youtubeUrl: "",
  internationalChapterUrl: "https://kestrel-international.test",
  europeChapterUrl: "https://kestrel-europe.test",
  hmrcOfficialTitle: "",
  hmrcOfficialFirstName: "",
  hmrcOfficialLastName: "",
  hmrcOfficialPostcode: "",
  hmrcOfficialPhone: "",
  volunteerInterests: "Gala stewarding\nClinic visits",
};

/** What a fresh database says that must not survive the save: each placeholder, and the default name. */
const leftovers = [
  ...new Set([...placeholderSettingKeys.map((key) => charityDefaults[key]), charityDefaults.name, "example.org"]),
];

function leftoversIn(text: string): string[] {
  // Numbers only as whole words: "00000000" inside a longer number or a hash is not a placeholder.
  return leftovers.filter((value) =>
    new RegExp(`(?<![\\w-])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(text),
  );
}

async function outboxText(to: string): Promise<string> {
  const rows = await getDb()
    .selectFrom("outbox")
    .select(["subject", "text_body", "html_body"])
    .where("to_address", "=", to)
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => `${row.subject}\n${row.text_body}\n${row.html_body}`).join("\n");
}

let reference: string;
let newsId: number;
let confirmPath: string;

beforeAll(async () => {
  await resetDatabase();
  await getDb().deleteFrom("charity_settings").execute();
  for (const group of settingsGroups) {
    const values = Object.fromEntries(settingsFields[group].map(({ key }) => [key, ours[key]]));
    await saveCharitySettings(group, values, "admin");
  }
  reference = (await pledgeWithDeclaration({ email: "jo.giftaid@example.com" })).pledge.reference;
  newsId = (await createNews(getDb(), { title: "Clinic opens", content: "A new clinic." })).id;
  await signUpForNewsletter("reader@example.com");
  confirmPath = new URL(/https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(await outboxText("reader@example.com"))![0])
    .pathname;
});

describe("with the charity's own details saved in Settings", () => {
  it("has them all saved", async () => {
    expect(await getCharitySettings()).toEqual(ours);
  });

  const pages = [
    "/",
    "/about",
    "/about/faq",
    "/about/history",
    "/about/team",
    "/contact",
    "/donate",
    "/get-involved",
    "/get-involved/volunteers",
    "/get-involved/memoriam",
    "/news",
    "/newsletters",
    "/privacy",
    "/terms",
    "/projects",
    "/projects/flood-relief",
    "/projects/recent",
    "/publications",
    "/newsletter/unsubscribe/not-a-real-link",
    "/newsletter/confirm/not-a-real-link",
    "/statement/not-a-real-link",
    "/admin/login",
    "/admin/forgot-password",
    "/admin/reset-password/not-a-real-link",
    "/admin/invitation/not-a-real-link",
    "/no-such-page",
    "/news/rss.xml",
  ];

  it.each(pages)("%s names none of the placeholders", async (path) => {
    const html = await (await renderPage(path)).text();
    expect(html).toContain(ours.name);
    expect(leftoversIn(html)).toEqual([]);
  });

  it("the pages reached from a pledge, an article and a confirmation e-mail name none either", async () => {
    for (const path of [`/donate/thank-you/${reference}`, `/news/${newsId}`, confirmPath]) {
      const response = await renderPage(path);
      expect(response.status).toBe(200);
      expect(leftoversIn(await response.text())).toEqual([]);
    }
  });

  it("/about's description, Open Graph and Twitter card give the saved charity number", async () => {
    const html = await (await renderPage("/about")).text();
    for (const tag of ['name="description"', 'property="og:description"', 'name="twitter:description"']) {
      expect(html).toMatch(new RegExp(`<meta ${tag} content="[^"]*Registered charity number 1187654\\."`));
    }
    expect(html).toContain("<title>About Us | Kestrel Clinics Trust</title>");
  });

  it("the staff sign-in's Contact support, the bad unsubscribe link and the footer use the saved details", async () => {
    const login = await (await renderPage("/admin/login")).text();
    expect(login).toMatch(/<a href="mailto:it-help@kestrel-clinics\.test"[^>]*>Contact support<\/a>/);
    const unsubscribe = await (await renderPage("/newsletter/unsubscribe/not-a-real-link")).text();
    expect(unsubscribe).toContain('e-mail <a href="mailto:hello@kestrel-clinics.test" class="link">');
    expect(login).toContain('href="https://kestrel-international.test"');
    expect(login).toContain('href="https://kestrel-europe.test"');
  });

  it("the Gift Aid text on the thank-you page and in the donor's e-mail gives the saved contact address", async () => {
    const pledge = await submitPledge({
      type: "one-time",
      amountPence: 2500,
      firstName: "Ann",
      lastName: "Giver",
      email: "ann.giver@example.com",
      inHonour: false,
      giftAidDeclaration: {
        version: "2026-1",
        title: "Ms",
        house: "3",
        street: "Mill Road",
        town: "Leeds",
        postcode: "LS1 4AP",
      },
    });
    const cancel = "To cancel your Gift Aid declaration, e-mail us at hello@kestrel-clinics.test";
    const page = await (await renderPage(`/donate/thank-you/${pledge.reference}`)).text();
    expect(page.replace(/<!-- -->|<a [^>]*>|<\/a>/g, "")).toContain(cancel);
    // The declaration the donor made names the charity as Settings do.
    expect(page).toContain("made in the past 4 years to Kestrel Clinics Trust.");
    const mail = await outboxText("ann.giver@example.com");
    expect(mail).toContain(cancel);
    expect(mail).toContain("to Kestrel Clinics Trust.");
    expect(leftoversIn(mail)).toEqual([]);
  });

  it("every message the site sends names none of the placeholders", async () => {
    const pledge = { reference: "CHA-ABCD2345", type: "monthly" as const, amountPence: 1000, firstName: "Jo" };
    const declaration = { text: "I want to Gift Aid this donation…", howToCancel: HOW_TO_CANCEL };
    const url = "https://charity.test/link";
    const newsletter = {
      subject: "Spring news",
      preheader: null,
      bodyHtml: "<p>Hello</p>",
      bodyText: "Hello",
      image: null,
      webUrl: "https://charity.test/newsletters/spring-news",
    };
    const words = staffMailWording;
    const messages = [
      mails.staffLinkMail(words.inviteSubject, words.inviteIntro("Jo", "editor", "Ann"), "Accept", url, "x", ours),
      mails.staffLinkMail(words.resetSubject, words.resetIntro, words.resetLinkLabel, url, words.resetIgnore, ours),
      mails.staffNoticeMail(words.roleSubject, words.roleText("Jo", "editor", "Ann"), ours),
      mails.staffNoticeMail(words.twoStepResetSubject, words.twoStepResetText("Jo", "Ann"), ours),
      mails.staffNoticeMail(words.signInSubject, words.signInText("Jo", "Firefox", "today"), ours),
      mails.staffNoticeMail(words.passwordChangedSubject, words.passwordChangedText("Jo"), ours),
      mails.newsletterConfirmationMail({ confirmUrl: url, unsubscribeUrl: url, oneClickUrl: url }, ours),
      mails.donorPledgeMail(pledge, declaration, ours),
      mails.staffPledgeAlert(pledge, url, ours),
      mails.donorPaymentMail(
        pledge,
        { amountPence: 1000, receivedOn: "2026-11-02" },
        { byCard: true, giftAidPence: 250, declaration },
        ours,
      ),
      mails.donorPaymentMail(
        pledge,
        { amountPence: 1000, receivedOn: "2026-11-02" },
        { byCard: false, giftAidPence: null },
        ours,
      ),
      mails.donorReminderMail({ ...pledge, createdAt: "2026-11-01T10:00:00.000Z" }, ours),
      mails.donorStatementMail(
        { firstName: "Jo" },
        { taxYearLabel: "2025-26", giftCount: 3, totalPence: 3000 },
        { url, days: 30, expiresOn: "2026-12-01" },
        ours,
      ),
      mails.staffCardAlert("dispute", pledge, 1000, url, ours),
      mails.staffEnquiryAlert({ subject: "general", channel: "email", message: "Hi" }, url, true, ours),
      mails.enquiryAcknowledgement({ name: "Jo" }, ours),
      mails.testMail(ours),
      mails.newsletterMail(newsletter, { unsubscribeUrl: url, oneClickUrl: url }, ours),
      mails.newsletterMail(newsletter, { unsubscribeUrl: url, oneClickUrl: null }, ours, { test: true }),
    ];
    for (const message of messages) {
      const all = `${message.subject}\n${message.text}\n${message.html}`;
      expect(leftoversIn(all), message.subject).toEqual([]);
    }
    // A test newsletter has no link to its web version: that page exists once the newsletter is sent.
    const [issue, test] = messages.slice(-2);
    expect(issue.text).toContain(`Read it on our website:\n${newsletter.webUrl}`);
    expect(test.text).not.toContain(newsletter.webUrl);
    expect(test.html).not.toContain(newsletter.webUrl);
    const donorMail = messages[7];
    expect(donorMail.text).toContain("Sort code: 60-16-13");
    expect(donorMail.text).toContain("hello@kestrel-clinics.test");
    expect(messages[0].subject).toBe("You are invited to the staff area of Kestrel Clinics Trust");
  });

  it("the checks would see a placeholder: the defaults' own wording is full of them", () => {
    expect(leftoversIn(HOW_TO_CANCEL)).toEqual(["info@example.org", "example.org"]);
    expect(leftoversIn(charityText(HOW_TO_CANCEL, ours))).toEqual([]);
  });
});
