// The ticket and waiting-list e-mails: a plain-text part and a simple HTML part made from the
// same blocks, as app/services/mail-templates.server.ts does for every other message, with one
// block of their own: a ticket (its QR code as an image from the site, and its code as text).
import { mailWording } from "~/content/mail";
import type { CharitySettings } from "~/utils/charity-settings";
import { charityText } from "~/utils/charity-text";
import { escapeHtml } from "~/utils/xml";

export type EventMailBlock =
  | { kind: "p"; text: string }
  | { kind: "link"; label: string; url: string }
  | { kind: "fields"; rows: readonly (readonly [string, string])[] }
  | { kind: "ticket"; heading: string; token: string; qrUrl: string };

export function eventMail(charity: CharitySettings, rawSubject: string, blocks: EventMailBlock[]) {
  const subject = charityText(rawSubject, charity);
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case "p":
        text.push(charityText(block.text, charity));
        html.push(`<p>${escapeHtml(charityText(block.text, charity))}</p>`);
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
      case "ticket":
        text.push(`${block.heading}\nCode: ${block.token}`);
        html.push(
          `<h2 style="font-size:1.1em">${escapeHtml(block.heading)}</h2><p><img src="${escapeHtml(block.qrUrl)}" width="240" height="240" alt="QR code of this ticket"></p><p style="font-family:monospace;word-break:break-all">${escapeHtml(block.token)}</p>`,
        );
        break;
    }
  }
  text.push(`-- \n${charityText(mailWording.signature, charity)}`);
  html.push(`<p>${escapeHtml(charityText(mailWording.signature, charity))}</p>`);
  return {
    subject,
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${html.join("\n")}</body></html>`,
  };
}
