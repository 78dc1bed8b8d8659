// A real SMTP server in the test process (smtp-server on a free loopback port) that parses
// what arrives with mailparser. Tests switch its mode to refuse or hang to see what the app
// does when mail is down. Used by the integration tests and by scripts/mail-durability.ts.
import { EventEmitter } from "node:events";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { listenOnFreePort } from "../../scripts/lib/ports";

export type SmtpMode = "accept" | "refuse-data" | "refuse-connect" | "hang";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Raw header value by lower-case name (e.g. "list-unsubscribe"), first occurrence. */
  header(name: string): string | undefined;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  mode: SmtpMode;
  /** Addresses refused for good at RCPT TO (550, a permanent failure: a bounce). */
  rejectRecipients: Set<string>;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves once a message is being held by the "hang" mode (DATA received, no reply yet). */
  waitForHung(timeoutMs?: number): Promise<void>;
  /** Lets every hung DATA command finish (accepted when the mode is "accept" by then). */
  releaseHung(): void;
  close(): Promise<void>;
}

function toReceived(parsed: ParsedMail): ReceivedMail {
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? ""),
  );
  return {
    to,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    header: (name) => {
      const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
      return line
        ?.slice(line.indexOf(":") + 1)
        .replace(/\r?\n\s+/g, " ")
        .trim();
    },
    parsed,
  };
}

export async function startTestSmtpServer(initialMode: SmtpMode = "accept"): Promise<TestSmtpServer> {
  const events = new EventEmitter();
  const received: ReceivedMail[] = [];
  const hung: (() => void)[] = [];
  const state = { mode: initialMode };
  const rejectRecipients = new Set<string>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (state.mode === "refuse-connect") {
        callback(Object.assign(new Error("Service not available, try later"), { responseCode: 421 }));
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = () => {
          if (state.mode !== "accept") {
            callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
            return;
          }
          simpleParser(Buffer.concat(chunks)).then(
            (parsed) => {
              const mail = toReceived(parsed);
              received.push(mail);
              callback();
              events.emit("mail", mail);
            },
            (error: Error) => callback(error),
          );
        };
        if (state.mode === "hang") {
          hung.push(finish);
          events.emit("hung");
        } else finish();
      });
    },
  });

  const port = await listenOnFreePort(server as unknown as Parameters<typeof listenOnFreePort>[0]);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    get mode() {
      return state.mode;
    },
    set mode(mode: SmtpMode) {
      state.mode = mode;
    },
    rejectRecipients,
    received,
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off("mail", listener);
          reject(new Error("no matching message arrived at the test SMTP server"));
        }, timeoutMs);
        const listener = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          events.off("mail", listener);
          resolve(mail);
        };
        events.on("mail", listener);
      });
    },
    waitForHung(timeoutMs = 10_000) {
      if (hung.length > 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no message was held by the test SMTP server")), timeoutMs);
        events.once("hung", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    releaseHung() {
      for (const finish of hung.splice(0)) finish();
    },
    close() {
      // Held messages are dropped unanswered: their clients may be long gone.
      hung.splice(0);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
