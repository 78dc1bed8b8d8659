// Long because every message the site sends is here (donors, staff alerts, newsletters, the
// team's links and notices, payment thank-yous, reminders and statements), on purpose: one renderer, one place to read them all.
// Every message the site sends, built in one place: each has a plain-text part and a simple
// HTML part made from the same blocks, so the two always say the same. Anything a visitor
// typed is escaped in the HTML; every link is absolute on PUBLIC_URL. Wording: app/content/mail.ts,
// shown with the charity's details from Settings (`charity`: name, e-mail, bank account).
import { contactSubjectLabel, REPLY_WITHIN_WORKING_DAYS } from "~/content/contact";
import { donationTypeLabel } from "~/content/donate";
import { givingChangeMailWording, mailWording } from "~/content/mail";
import { absoluteUrl } from "~/infra/public-url.server";
import { givingPaths } from "~/utils/giving-paths";
import { volunteerKindLabels, volunteerRoleWords, volunteerThanks, type VolunteerKind } from "~/content/volunteers";
import { charityPostalAddress, type CharitySettings } from "~/utils/charity-settings";
import { charityText } from "~/utils/charity-text";
import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { escapeHtml } from "~/utils/xml";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** A message's parts, each written to the plain-text and the HTML part alike; "made" is one already written both ways (event-mail.server.ts's ticket). */
export type MailBlock =
  | { kind: "p"; text: string }
  | { kind: "link"; label: string; url: string }
  | { kind: "fields"; rows: readonly (readonly [string, string])[] }
  | { kind: "heading"; text: string }
  | { kind: "pre"; text: string }
  | { kind: "made"; text: string; html: string };
type Block = MailBlock;

/** A message from its blocks, with the charity's signature (also `renderMail`, for event-mail.server.ts). */
function render(
  charity: CharitySettings,
  rawSubject: string,
  blocks: Block[],
  headers?: Record<string, string>,
): MailContent {
  // Our wording names the charity's default details; a visitor's words ("pre", "fields") stay as typed.
  const ours = (words: string) => charityText(words, charity);
  const subject = ours(rawSubject);
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case "p":
        text.push(ours(block.text));
        html.push(`<p>${escapeHtml(ours(block.text))}</p>`);
        break;
      case "heading":
        text.push(ours(block.text).toUpperCase());
        html.push(`<h2 style="font-size:1.1em">${escapeHtml(ours(block.text))}</h2>`);
        break;
      case "link":
        text.push(`${block.label}\n${block.url}`);
        html.push(
          `<p>${escapeHtml(block.label)}<br><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`,
        );
        break;
      case "fields":
        text.push(block.rows.map(([label, value]) => `${label}: ${value}`).join("\n"));
        html.push(
          `<table role="presentation" cellpadding="4">${block.rows
            .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
            .join("")}</table>`,
        );
        break;
      case "pre":
        text.push(block.text);
        html.push(`<p style="white-space:pre-wrap">${escapeHtml(block.text)}</p>`);
        break;
      case "made":
        text.push(block.text);
        html.push(block.html);
        break;
    }
  }
  const signature = [ours(mailWording.signature), ...charityFooterLines(charity)];
  text.push(`-- \n${signature.join("\n")}`);
  html.push(`<p style="font-size:0.9em">${signature.map(escapeHtml).join("<br>")}</p>`);
  return {
    subject,
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${html.join("\n")}</body></html>`,
    // Replies reach the charity's contact e-mail in Settings (kept with the message, so the mail
    // log shows it); the sender's display name is the charity's name when it goes (mail-sender).
    headers: { ...replyToHeader(charity), ...headers },
  };
}

export { render as renderMail };

/**
 * The charity's postal address, e-mail and registered numbers from Settings, one line each, under
 * the signature of every message: receipts, statements and appeals among them (Charities Act 2011
 * s.39). The address is the registered office's, on one line; empty details are left out.
 */
export function charityFooterLines(charity: CharitySettings): string[] {
  const address = charityPostalAddress(charity);
  return [
    ...(address ? [mailWording.footerAddress(address)] : []),
    ...(charity.email ? [mailWording.footerEmail(charity.email)] : []),
    ...(charity.charityNumber ? [mailWording.footerCharityNumber(charity.charityNumber)] : []),
    ...(charity.companyNumber ? [mailWording.footerCompanyNumber(charity.companyNumber)] : []),
  ];
}

/** Replies reach the charity's contact e-mail in Settings. */
function replyToHeader(charity: CharitySettings): Record<string, string> {
  return charity.email ? { "Reply-To": charity.email } : {};
}

/** RFC 2369 + RFC 8058 headers: mail programs offer an unsubscribe that POSTs to the link. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A staff account's link mail (invitation, password reset): an intro, the link, what to do if unexpected. */
export function staffLinkMail(
  subject: string,
  intro: string,
  linkLabel: string,
  url: string,
  ignore: string,
  charity: CharitySettings,
): MailContent {
  return render(charity, subject, [
    { kind: "p", text: intro },
    { kind: "link", label: linkLabel, url },
    { kind: "p", text: ignore },
  ]);
}

/** A supporter's page notice: paragraphs, an optional quoted message and an optional link. */
export function pageOwnerMail(
  subject: string,
  paragraphs: readonly string[],
  charity: CharitySettings,
  options: { quote?: string | null; link?: { label: string; url: string } } = {},
): MailContent {
  const blocks: Block[] = paragraphs.map((text) => ({ kind: "p", text }));
  if (options.quote) blocks.push({ kind: "pre", text: options.quote });
  if (options.link) blocks.push({ kind: "link", ...options.link });
  return render(charity, subject, blocks);
}

/** A short notice to a staff member (role changed, second factor reset, password changed). */
export function staffNoticeMail(subject: string, text: string, charity: CharitySettings): MailContent {
  return render(charity, subject, [{ kind: "p", text }]);
}

export function newsletterConfirmationMail(
  links: {
    confirmUrl: string;
    unsubscribeUrl: string;
    oneClickUrl: string;
  },
  charity: CharitySettings,
): MailContent {
  return render(
    charity,
    mailWording.confirmSubject,
    [
      { kind: "p", text: mailWording.confirmIntro },
      { kind: "link", label: mailWording.confirmLinkLabel, url: links.confirmUrl },
      { kind: "p", text: mailWording.confirmIgnore },
      { kind: "link", label: mailWording.unsubscribeLine, url: links.unsubscribeUrl },
    ],
    unsubscribeHeaders(links.oneClickUrl),
  );
}

/**
 * SEAM (Gift Aid): the donor's declaration, when they made one. The Gift Aid module provides
 * the wording (the declaration as made, and how to cancel it); the lead wires it into
 * submitPledge at merge. Until then no pledge passes one and the section is left out.
 */
export interface GiftAidDeclarationCopy {
  /** The declaration as the donor made it (name, date, the HMRC wording). */
  text: string;
  /** How to cancel it. */
  howToCancel: string;
}

export interface DonorPledge {
  reference: string;
  type: "one-time" | "monthly";
  amountPence: number;
  firstName: string;
}

/** A donor's Gift Aid declaration as recorded (with how to cancel it), then where to ask. */
function declarationAndQuestions(
  declaration: GiftAidDeclarationCopy | null | undefined,
  charity: CharitySettings,
): Block[] {
  const blocks: Block[] = declaration
    ? [
        { kind: "heading", text: mailWording.giftAidHeading },
        { kind: "pre", text: declaration.text },
        { kind: "heading", text: mailWording.giftAidCancelHeading },
        // Our wording (with the contact address from Settings), unlike the declaration as recorded.
        { kind: "p", text: declaration.howToCancel },
      ]
    : [];
  // Every donor e-mail leads to Your giving, where they can see and change their giving.
  blocks.push({ kind: "link", label: mailWording.givingLine, url: absoluteUrl(givingPaths.home) });
  blocks.push({ kind: "p", text: `Questions? E-mail ${charity.email}.` });
  return blocks;
}

export function donorPledgeMail(
  pledge: DonorPledge,
  declaration: GiftAidDeclarationCopy | null | undefined,
  charity: CharitySettings,
): MailContent {
  const blocks: Block[] = [
    { kind: "p", text: mailWording.donorIntro(pledge.firstName) },
    {
      kind: "fields",
      rows: [
        ["Amount", formatPence(pledge.amountPence)],
        ["Donation type", donationTypeLabel(pledge.type)],
        ["Payment reference", pledge.reference],
      ],
    },
    bankDetails(pledge.reference, charity),
  ];
  if (pledge.type === "monthly") blocks.push({ kind: "p", text: mailWording.donorMonthly });
  blocks.push(...declarationAndQuestions(declaration, charity));
  return render(charity, mailWording.donorSubject(pledge.reference), blocks);
}

export function staffPledgeAlert(pledge: DonorPledge, recordUrl: string, charity: CharitySettings): MailContent {
  const amount = formatPence(pledge.amountPence);
  return render(charity, mailWording.staffPledgeSubject(pledge.reference, amount), [
    {
      kind: "fields",
      rows: [
        ["Reference", pledge.reference],
        ["Amount", amount],
        ["Donation type", donationTypeLabel(pledge.type)],
      ],
    },
    { kind: "link", label: mailWording.staffOpen, url: recordUrl },
  ]);
}

/** The donor's bank details block, with their reference (the pledge e-mail and the reminder). */
function bankDetails(reference: string, charity: CharitySettings): Block {
  return {
    kind: "fields",
    rows: [
      ["Account name", charity.accountName],
      ["Sort code", charity.sortCode],
      ["Account number", charity.accountNumber],
      ["IBAN", charity.iban],
      ["Reference", reference],
    ],
  };
}

/**
 * The donor's thank-you when a payment arrived (by card through Stripe, by hand or from a bank
 * statement): how much, the day it was received and, when their Gift Aid declaration covers
 * it, what Gift Aid adds (`giftAidPence`). A card gift's first thank-you also quotes the declaration.
 */
export function donorPaymentMail(
  pledge: DonorPledge,
  payment: { amountPence: number; receivedOn: string },
  options: { byCard: boolean; giftAidPence: number | null; declaration?: GiftAidDeclarationCopy | null },
  charity: CharitySettings,
): MailContent {
  const blocks: Block[] = [
    {
      kind: "p",
      text: options.byCard
        ? mailWording.cardThanksIntro(pledge.firstName)
        : mailWording.paymentThanksIntro(pledge.firstName),
    },
    {
      kind: "fields",
      rows: [
        ["Amount", formatPence(payment.amountPence)],
        ["Received", formatLongDate(`${payment.receivedOn}T12:00:00Z`)],
        ["Donation type", donationTypeLabel(pledge.type)],
        ["Reference", pledge.reference],
      ],
    },
  ];
  if (options.giftAidPence !== null) {
    blocks.push({
      kind: "p",
      text: mailWording.paymentThanksGiftAid(formatPence(options.giftAidPence), formatPence(payment.amountPence)),
    });
  }
  if (pledge.type === "monthly") {
    blocks.push({ kind: "p", text: options.byCard ? mailWording.cardThanksMonthly : mailWording.paymentThanksMonthly });
  }
  blocks.push(...declarationAndQuestions(options.declaration, charity));
  const subject = options.byCard
    ? mailWording.cardThanksSubject(pledge.reference)
    : mailWording.paymentThanksSubject(pledge.reference);
  return render(charity, subject, blocks);
}

/** The one friendly reminder of a bank-transfer pledge with no payment a week after it was made. */
export function donorReminderMail(pledge: DonorPledge & { createdAt: string }, charity: CharitySettings): MailContent {
  const blocks: Block[] = [
    {
      kind: "p",
      text: mailWording.reminderIntro(
        pledge.firstName,
        formatPence(pledge.amountPence),
        formatLongDate(pledge.createdAt),
      ),
    },
    bankDetails(pledge.reference, charity),
  ];
  if (pledge.type === "monthly") blocks.push({ kind: "p", text: mailWording.reminderMonthly });
  blocks.push({ kind: "p", text: mailWording.reminderAlreadyPaid });
  blocks.push(...declarationAndQuestions(null, charity));
  return render(charity, mailWording.reminderSubject(pledge.reference), blocks);
}

/** A donor's yearly giving statement: what it holds, and the signed link to download the PDF. */
export function donorStatementMail(
  donor: { firstName: string },
  statement: { taxYearLabel: string; giftCount: number; totalPence: number },
  link: { url: string; days: number; expiresOn: string },
  charity: CharitySettings,
): MailContent {
  return render(charity, mailWording.statementSubject(statement.taxYearLabel), [
    { kind: "p", text: mailWording.statementIntro(donor.firstName, statement.taxYearLabel) },
    { kind: "p", text: mailWording.statementSummary(statement.giftCount, formatPence(statement.totalPence)) },
    { kind: "link", label: mailWording.statementLinkLabel, url: link.url },
    { kind: "p", text: mailWording.statementLinkExpiry(link.days, formatLongDate(link.expiresOn)) },
    ...declarationAndQuestions(null, charity),
  ]);
}

/** Your giving's single-use sign-in link (/giving), to the address the donor typed. */
export function donorGivingLinkMail(url: string, charity: CharitySettings): MailContent {
  return render(charity, mailWording.givingLinkSubject, [
    { kind: "p", text: mailWording.givingLinkIntro },
    { kind: "link", label: mailWording.givingLinkLabel, url },
    { kind: "p", text: mailWording.givingLinkIgnore },
  ]);
}

/** A change a donor made at Your giving, as its confirmation e-mail tells it. */
export type GivingChange =
  | { kind: "declaration-cancelled"; declaredOn: string }
  | { kind: "newsletter"; on: boolean }
  | { kind: "amount-changed"; reference: string; amountPence: number }
  | { kind: "monthly-stopped"; reference: string; payBy: "bank" | "card" };

/**
 * The confirmation of a change the donor made at Your giving (`day`: when, ISO): what changed and
 * what follows, whom to write to if they did not make it, and the way back to Your giving. Its
 * signature carries the charity's name, numbers and contact, as every donor e-mail does.
 */
export function donorGivingChangeMail(
  change: GivingChange,
  donor: { name: string | null },
  day: string,
  charity: CharitySettings,
): MailContent {
  const words = givingChangeMailWording;
  const [subject, text] =
    change.kind === "declaration-cancelled"
      ? [words.declarationCancelledSubject, words.declarationCancelled(formatLongDate(change.declaredOn))]
      : change.kind === "newsletter"
        ? change.on
          ? [words.newsletterOnSubject, words.newsletterOn]
          : [words.newsletterOffSubject, words.newsletterOff]
        : change.kind === "amount-changed"
          ? [
              words.amountChangedSubject(change.reference),
              words.amountChanged(formatPence(change.amountPence), change.reference),
            ]
          : [
              words.stoppedSubject(change.reference),
              change.payBy === "card"
                ? words.cardStopped(change.reference)
                : words.standingOrderStopped(change.reference),
            ];
  return render(charity, subject, [
    { kind: "p", text: words.greeting(donor.name) },
    { kind: "p", text: words.intro(formatLongDate(day)) },
    { kind: "p", text },
    { kind: "p", text: words.notYou(charity.email) },
    ...declarationAndQuestions(null, charity),
  ]);
}

/** Staff: a card payment, a refund or a dispute on a pledge (ids and amounts, no donor details). */
export function staffCardAlert(
  kind: "payment" | "refund" | "dispute" | "attention",
  pledge: DonorPledge,
  amountPence: number,
  recordUrl: string,
  charity: CharitySettings,
  extra: string[] = [],
): MailContent {
  const amount = formatPence(amountPence);
  const subject =
    kind === "payment"
      ? mailWording.staffCardPaymentSubject(pledge.reference, amount)
      : kind === "refund"
        ? mailWording.staffRefundSubject(pledge.reference, amount)
        : kind === "dispute"
          ? mailWording.staffDisputeSubject(pledge.reference)
          : mailWording.staffAttentionSubject(pledge.reference);
  const blocks: Block[] = [
    {
      kind: "fields",
      rows: [
        ["Reference", pledge.reference],
        ["Amount", kind === "attention" ? formatPence(pledge.amountPence) : amount],
        ["Donation type", donationTypeLabel(pledge.type)],
      ],
    },
  ];
  if (kind === "dispute") blocks.push({ kind: "p", text: mailWording.staffDisputeText });
  for (const text of extra) blocks.push({ kind: "p", text });
  blocks.push({ kind: "link", label: mailWording.staffOpen, url: recordUrl });
  return render(charity, subject, blocks);
}

export function staffEnquiryAlert(
  enquiry: { subject: string; channel: string; message: string },
  recordUrl: string,
  includeMessage: boolean,
  charity: CharitySettings,
): MailContent {
  const subject = contactSubjectLabel(enquiry.subject);
  return render(charity, mailWording.staffEnquirySubject(subject), [
    {
      kind: "fields",
      rows: [
        ["Subject", subject],
        ["Channel", enquiry.channel === "whatsapp" ? "WhatsApp" : "E-mail"],
      ],
    },
    includeMessage ? { kind: "pre", text: enquiry.message } : { kind: "p", text: mailWording.staffMessageWithheld },
    { kind: "link", label: mailWording.staffOpen, url: recordUrl },
  ]);
}

/**
 * The acknowledgement a visitor gets for an enquiry. Anyone can type anyone's address into the
 * form, so it repeats nothing they wrote but their name (which field rules keep to a name).
 */
export function enquiryAcknowledgement(enquiry: { name: string }, charity: CharitySettings): MailContent {
  return render(charity, mailWording.enquiryAckSubject, [
    { kind: "p", text: mailWording.enquiryAckText(enquiry.name, REPLY_WITHIN_WORKING_DAYS) },
    { kind: "p", text: mailWording.enquiryAckIgnore },
  ]);
}

/**
 * The acknowledgement of a volunteer, internship or advisory-board application. As for an
 * enquiry, it repeats nothing the applicant wrote but their name.
 */
export function volunteerAcknowledgement(
  application: { name: string; kind: VolunteerKind },
  charity: CharitySettings,
): MailContent {
  return render(charity, mailWording.volunteerAckSubject, [
    {
      kind: "p",
      text: mailWording.volunteerAckText(application.name, volunteerKindLabels[application.kind].toLowerCase()),
    },
    { kind: "heading", text: mailWording.volunteerAckNextHeading },
    // The thank-you page's steps, numbered as there.
    { kind: "pre", text: volunteerThanks.next.map((step, index) => `${index + 1}. ${step}`).join("\n") },
    { kind: "p", text: mailWording.volunteerAckIgnore },
  ]);
}

/**
 * The kind e-mail of a status change (Contacted, Active, Declined), from the template staff edit:
 * {name}, {role} and {charity} filled in, a paragraph per blank-line-separated block.
 */
export function volunteerStatusMail(
  template: { subject: string; body: string },
  application: { name: string; kind: VolunteerKind },
  charity: CharitySettings,
): MailContent {
  const fill = (text: string) =>
    text
      .replaceAll("{name}", application.name)
      .replaceAll("{role}", volunteerRoleWords[application.kind])
      .replaceAll("{charity}", charity.name);
  const paragraphs = fill(template.body)
    .split(/\r?\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  // "pre": the staff's words keep their own line breaks, as typed.
  return render(
    charity,
    fill(template.subject),
    paragraphs.map((text) => ({ kind: "pre", text })),
  );
}

/** The staff alert about a new application: what kind and where to open it, nothing personal. */
export function staffVolunteerAlert(
  application: { kind: VolunteerKind; interests: readonly string[] },
  recordUrl: string,
  charity: CharitySettings,
): MailContent {
  const what = volunteerKindLabels[application.kind].toLowerCase();
  return render(charity, mailWording.staffVolunteerSubject(what), [
    {
      kind: "fields",
      rows: [
        ["Application", volunteerKindLabels[application.kind]],
        ["Interests", application.interests.join(", ") || "None ticked"],
      ],
    },
    { kind: "link", label: mailWording.staffOpen, url: recordUrl },
  ]);
}

export function testMail(charity: CharitySettings): MailContent {
  return render(charity, mailWording.testSubject, [{ kind: "p", text: mailWording.testText }]);
}

export interface NewsletterContent {
  subject: string;
  preheader: string | null;
  /** The body as HTML (Markdown rendered with raw HTML off) and as plain text. */
  bodyHtml: string;
  bodyText: string;
  /** An absolute image address, the same for every reader (never a per-reader pixel). */
  image: { src: string; alt: string } | null;
  /** The public web version. */
  webUrl: string;
}

/**
 * One newsletter message: the web version's link, the body, and a visible unsubscribe link;
 * for a subscriber also RFC 8058 one-click headers. No open pixel and no click redirect: every
 * link is the address itself and the image is the same file for everyone (docs/mail.md). A test
 * has no web version's link: that page exists only once the newsletter is sent.
 */
export function newsletterMail(
  content: NewsletterContent,
  links: { unsubscribeUrl: string; oneClickUrl: string | null },
  charity: CharitySettings,
  options: { test?: boolean } = {},
): MailContent {
  const ours = (words: string) => charityText(words, charity);
  const subject = options.test ? mailWording.newsletterTestSubject(content.subject) : content.subject;
  const text: string[] = [];
  const html: string[] = [];
  if (options.test) {
    text.push(mailWording.newsletterTestNotice);
    html.push(`<p style="border:1px solid #b45309;padding:8px">${escapeHtml(mailWording.newsletterTestNotice)}</p>`);
  } else {
    text.push(`${mailWording.newsletterWebLink}\n${content.webUrl}`);
    html.push(
      `<p style="font-size:0.9em">${escapeHtml(mailWording.newsletterWebLink)} <a href="${escapeHtml(content.webUrl)}">${escapeHtml(content.webUrl)}</a></p>`,
    );
  }
  text.push(content.subject.toUpperCase());
  html.push(`<h1 style="font-size:1.5em">${escapeHtml(content.subject)}</h1>`);
  if (content.image) {
    html.push(
      `<p><img src="${escapeHtml(content.image.src)}" alt="${escapeHtml(content.image.alt)}" width="600" style="max-width:100%;height:auto"></p>`,
    );
  }
  text.push(content.bodyText);
  html.push(content.bodyHtml);
  const signature = [ours(mailWording.signature), ...charityFooterLines(charity)];
  const why = ours(mailWording.newsletterWhy);
  text.push(`-- \n${signature.join("\n")}`, why, mailWording.newsletterNoTracking);
  text.push(`${mailWording.unsubscribeLine}\n${links.unsubscribeUrl}`);
  html.push(
    `<hr><p style="font-size:0.9em">${signature.map(escapeHtml).join("<br>")}</p>`,
    `<p style="font-size:0.9em">${escapeHtml(why)} ${escapeHtml(mailWording.newsletterNoTracking)}</p>`,
    `<p style="font-size:0.9em">${escapeHtml(mailWording.unsubscribeLine)} <a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(links.unsubscribeUrl)}</a></p>`,
  );
  // The preheader: the line mail programs show after the subject in the inbox, hidden in the message.
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>`
    : "";
  return {
    subject,
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:40em;margin:0 auto;padding:1em">${preheader}${html.join("\n")}</body></html>`,
    headers: { ...replyToHeader(charity), ...(links.oneClickUrl ? unsubscribeHeaders(links.oneClickUrl) : {}) },
  };
}

/**
 * A Direct Debit donor's message (set up, a failed collection, stopped, changed): paragraphs of
 * plain words, then, when asked, the Direct Debit Guarantee in full (docs/payments.md).
 */
export function directDebitDonorMail(
  subject: string,
  body: string,
  options: { guarantee: readonly string[] | null; link?: { label: string; url: string } },
  charity: CharitySettings,
): MailContent {
  const blocks: Block[] = body.split("\n\n").map((text) => ({ kind: "p" as const, text }));
  if (options.link) blocks.push({ kind: "link", ...options.link });
  if (options.guarantee) {
    const [heading, ...points] = options.guarantee;
    blocks.push({ kind: "heading", text: heading });
    blocks.push({ kind: "pre", text: points.map((point) => `- ${point}`).join("\n") });
  }
  return render(charity, subject, blocks);
}
