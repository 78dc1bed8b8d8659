import { contactSubjectLabel, type ContactSubject } from "~/content/contact";

// The contact form ends by handing the visitor to their own mail app or WhatsApp with the
// message already written. Every part is percent-encoded with encodeURIComponent, so
// characters like &, ?, # and line breaks in a message cannot change the link's meaning.

export interface ContactMessage {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** The message body: who wrote, how to reply, what they said. */
export function contactBody({ name, email, message }: ContactMessage, newline = "\n"): string {
  return [`Name: ${name}`, `Email: ${email}`, "", "Message:", message.replace(/\r\n|\r|\n/g, newline)].join(newline);
}

/** mailto: draft to the charity. RFC 6068 asks for CRLF line breaks in the body. */
export function mailtoUrl(to: string, content: ContactMessage): string {
  const subject = contactSubjectLabel(content.subject);
  const body = contactBody(content, "\r\n");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** WhatsApp click-to-chat link with the same content, the subject leading. */
export function whatsappUrl(number: string, content: ContactMessage): string {
  const text = `Subject: ${contactSubjectLabel(content.subject)}\n${contactBody(content)}`;
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/**
 * A staff reply draft to an enquiry's sender: "Re: <subject>" prefilled. The address is
 * encoded around its @ so that a stored address with ?, & or # cannot add headers to the draft.
 */
export function replyMailtoUrl(email: string, subjectLabel: string): string {
  const at = email.lastIndexOf("@");
  const address =
    at > 0
      ? `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`
      : encodeURIComponent(email);
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subjectLabel}`)}`;
}
