// Every message the site sends, built in one place: each has a plain-text part and a simple
// HTML part made from the same blocks, so the two always say the same. Anything a visitor
// typed is escaped in the HTML; every link is absolute on PUBLIC_URL. Wording: app/content/mail.ts.
import { contactSubjects, REPLY_WITHIN_WORKING_DAYS } from "~/content/contact";
import { donationTypeLabel } from "~/content/donate";
import { mailWording } from "~/content/mail";
import { bankDetails, site } from "~/content/site";
import { formatPence } from "~/utils/money";
import { escapeHtml } from "~/utils/xml";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

type Block =
  | { kind: "p"; text: string }
  | { kind: "link"; label: string; url: string }
  | { kind: "fields"; rows: readonly (readonly [string, string])[] }
  | { kind: "heading"; text: string }
  | { kind: "pre"; text: string };

function render(subject: string, blocks: Block[], headers?: Record<string, string>): MailContent {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case "p":
        text.push(block.text);
        html.push(`<p>${escapeHtml(block.text)}</p>`);
        break;
      case "heading":
        text.push(block.text.toUpperCase());
        html.push(`<h2 style="font-size:1.1em">${escapeHtml(block.text)}</h2>`);
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
    }
  }
  text.push(`-- \n${mailWording.signature}`);
  html.push(`<p>${escapeHtml(mailWording.signature)}</p>`);
  return {
    subject,
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${html.join("\n")}</body></html>`,
    headers,
  };
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
): MailContent {
  return render(subject, [
    { kind: "p", text: intro },
    { kind: "link", label: linkLabel, url },
    { kind: "p", text: ignore },
  ]);
}

/** A short notice to a staff member (role changed, second factor reset, password changed). */
export function staffNoticeMail(subject: string, text: string): MailContent {
  return render(subject, [{ kind: "p", text }]);
}

export function newsletterConfirmationMail(links: {
  confirmUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}): MailContent {
  return render(
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

export function donorPledgeMail(pledge: DonorPledge, declaration?: GiftAidDeclarationCopy | null): MailContent {
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
    {
      kind: "fields",
      rows: [
        ["Account name", bankDetails.accountName],
        ["Sort code", bankDetails.sortCode],
        ["Account number", bankDetails.accountNumber],
        ["IBAN", bankDetails.iban],
        ["Reference", pledge.reference],
      ],
    },
  ];
  if (pledge.type === "monthly") blocks.push({ kind: "p", text: mailWording.donorMonthly });
  if (declaration) {
    blocks.push(
      { kind: "heading", text: mailWording.giftAidHeading },
      { kind: "pre", text: declaration.text },
      { kind: "heading", text: mailWording.giftAidCancelHeading },
      { kind: "pre", text: declaration.howToCancel },
    );
  }
  blocks.push({ kind: "p", text: `Questions? E-mail ${site.email}.` });
  return render(mailWording.donorSubject(pledge.reference), blocks);
}

export function staffPledgeAlert(pledge: DonorPledge, recordUrl: string): MailContent {
  const amount = formatPence(pledge.amountPence);
  return render(mailWording.staffPledgeSubject(pledge.reference, amount), [
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

export function staffEnquiryAlert(
  enquiry: { subject: string; channel: string; message: string },
  recordUrl: string,
  includeMessage: boolean,
): MailContent {
  const subject = contactSubjects.find((s) => s.value === enquiry.subject)?.label ?? enquiry.subject;
  return render(mailWording.staffEnquirySubject(subject), [
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
export function enquiryAcknowledgement(enquiry: { name: string }): MailContent {
  return render(mailWording.enquiryAckSubject, [
    { kind: "p", text: mailWording.enquiryAckText(enquiry.name, REPLY_WITHIN_WORKING_DAYS) },
    { kind: "p", text: mailWording.enquiryAckIgnore },
  ]);
}

export function testMail(): MailContent {
  return render(mailWording.testSubject, [{ kind: "p", text: mailWording.testText }]);
}
