// For integration tests that send mail: a real SMTP server in this process for the whole file,
// a transport to it, and before each test an empty database and a server that accepts again.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createMailTransport, type MailTransport } from "~/infra/mail.server";
import { resetDatabase } from "./helpers";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp-support";

export function useTestMail(options: { from?: string; timeoutSeconds?: number } = {}) {
  const mail = {} as { smtp: TestSmtpServer; transport: MailTransport };
  beforeAll(async () => {
    mail.smtp = await startTestSmtpServer();
    mail.transport = createMailTransport(mail.smtp.url, {
      from: options.from ?? "Charity <no-reply@example.org>",
      timeoutSeconds: options.timeoutSeconds ?? 2,
    });
  });
  afterAll(() => mail.smtp.close());
  beforeEach(async () => {
    await resetDatabase();
    mail.smtp.mode = "accept";
  });
  return mail;
}
