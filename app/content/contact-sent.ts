import { REPLY_WITHIN_WORKING_DAYS } from "~/content/contact";

// Apart from content/contact.ts, which the contact form and the staff area's enquiry pages share:
// only /contact/sent loads this wording.

/** The page a visitor sees once their message is stored (/contact/sent). */
export const contactSentPage = {
  title: "Thank you, we have your message",
  reply: (email: string) =>
    `We will reply to ${email} within ${REPLY_WITHIN_WORKING_DAYS} working days. We have sent you an e-mail to confirm that your message arrived.`,
  handoff:
    "If you would also like to send it yourself, open the prefilled e-mail draft or a WhatsApp chat with the same text:",
  emailLink: "Open the e-mail draft",
  whatsappLink: "Chat on WhatsApp",
  missingTitle: "Your message was sent",
  missingText:
    "This confirmation is only shown for an hour after sending, in the browser that sent the message. If you want to write to us again, use the contact form.",
} as const;
