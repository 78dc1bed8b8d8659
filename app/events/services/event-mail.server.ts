// The ticket and waiting-list e-mails: app/mail/services/mail-templates.server.ts's blocks, with one
// of their own: a ticket (its QR code as an image from the site, and its short code as text).
import type { CharitySettings } from "~/utils/charity-settings";
import { escapeHtml } from "~/utils/xml";
import { renderMail, type MailBlock } from "~/mail/index.server";

export type EventMailBlock =
  Exclude<MailBlock, { kind: "made" | "pre" }> | { kind: "ticket"; heading: string; code: string; qrUrl: string };

function ticketBlock(block: Extract<EventMailBlock, { kind: "ticket" }>): MailBlock {
  return {
    kind: "made",
    text: `${block.heading}\nCode: ${block.code}`,
    html: `<h2 style="font-size:1.1em">${escapeHtml(block.heading)}</h2><p><img src="${escapeHtml(block.qrUrl)}" width="240" height="240" alt="QR code of this ticket"></p><p>Code: <span style="font-family:monospace;font-size:1.5em;letter-spacing:0.1em">${escapeHtml(block.code)}</span></p>`,
  };
}

export function eventMail(charity: CharitySettings, rawSubject: string, blocks: EventMailBlock[]) {
  const { subject, text, html } = renderMail(
    charity,
    rawSubject,
    blocks.map((block) => (block.kind === "ticket" ? ticketBlock(block) : block)),
  );
  return { subject, text, html };
}
