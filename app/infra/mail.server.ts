import type { Transporter } from "nodemailer";
import { getEnv } from "./env.server";

/** What the transport needs to send one message (an outbox row, decoded). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Files sent with it (text content, e.g. a calendar file). */
  attachments?: readonly { filename: string; contentType: string; content: string }[];
  /** Unique per message and stable across tries: becomes its Message-ID. */
  messageKey?: string;
  /** The sender's display name (the charity's name in Settings); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where replies go (the charity's contact e-mail in Settings). */
  replyTo?: string;
}

/** Sends one message or throws (refused, timed out, unreachable). */
export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

/**
 * A transport for an smtp:// or smtps:// URL. Every wait on the server is bounded by
 * `timeoutSeconds` (nodemailer's own socket timeout is ten minutes), so a mail server that
 * hangs fails the try instead of holding the sender.
 */
export function createMailTransport(url: string, options: { from: string; timeoutSeconds: number }): MailTransport {
  const timeout = options.timeoutSeconds * 1000;
  // nodemailer is loaded with the first message, not with the server: it takes longer to load
  // than most modules, which every server start and test file would otherwise pay.
  let transporter: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
  };
  return {
    async send(message) {
      transporter ??= open().catch((error: unknown) => {
        transporter = undefined;
        throw error;
      });
      await (
        await transporter
      ).sendMail({
        // nodemailer quotes or encodes the name, so a charity name with commas, quotes or accents
        // stays one display name and can never add a header.
        from: message.fromName ? { name: message.fromName, address: senderAddress(options.from) } : options.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
        ...(message.messageKey ? { messageId: `<${message.messageKey}@${messageIdDomain(options.from)}>` } : {}),
      });
    },
  };
}

/** The address of MAIL_FROM ("Name <no-reply@example.org>" or a bare address). */
export function senderAddress(from: string): string {
  return (/<([^>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The sender address's domain, which the Message-ID's right-hand side should name. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

let cached: { url: string; transport: MailTransport } | undefined;

/** The configured transport, or null when SMTP_URL is unset (messages then wait in the outbox). */
export function getMailTransport(): MailTransport | null {
  const { SMTP_URL, MAIL_FROM, MAIL_TIMEOUT_SECONDS } = getEnv();
  if (!SMTP_URL) return null;
  if (cached?.url !== SMTP_URL) {
    cached = {
      url: SMTP_URL,
      transport: createMailTransport(SMTP_URL, { from: MAIL_FROM, timeoutSeconds: MAIL_TIMEOUT_SECONDS }),
    };
  }
  return cached.transport;
}

/**
 * How long a sender holds a claimed message before another may take it: longer than any one
 * try can last (connect, greeting, and a reply each bounded by the timeout), so a message is
 * claimed again only when its sender died (a killed server), never while it is being sent.
 */
export function mailLeaseMs(timeoutSeconds: number = getEnv().MAIL_TIMEOUT_SECONDS): number {
  return (timeoutSeconds * 3 + 2) * 1000;
}

let wakeSender: (() => void) | undefined;

/** Called by the mail sender as it starts: `wake` sends due mail now. */
export function onMailQueued(wake: () => void): void {
  wakeSender = wake;
}

/**
 * A committed transaction queued mail: the sender of this process, if one runs, sends it now
 * rather than at its next tick. Called only by the outbox, after the commit (afterCommit).
 */
export function mailQueued(): void {
  wakeSender?.();
}
