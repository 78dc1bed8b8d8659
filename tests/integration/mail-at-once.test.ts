// Mail queued by a committed transaction goes at once: the outbox wakes the running sender after
// the commit (afterCommit), so an invitation or a password reset reaches the mail server in
// seconds, not at the sender's next 30-second tick. A transaction that rolls back wakes no one.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { afterCommit, getDb, immediateTransaction } from "~/infra/db.server";
import { enqueueMail } from "~/mail/models/outbox.server";
import { MAIL_SENDER_INTERVAL_MS, startMailSender } from "~/mail/services/mail-sender.server";
import { requestPasswordReset } from "~/staff/services/password-reset.server";
import { invitePerson } from "~/staff/services/team.server";
import { formRequest, resetDatabase } from "./helpers";
import { staffMember } from "./team-support";

// The environment this file runs with, set before its imports run (vi.hoisted): its server sends
// through this SMTP server.
const smtp = await vi.hoisted(async () => {
  const { startTestSmtpServer } = await import("./smtp-support");
  const smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  return smtp;
});

/** Well inside the sender's tick: a message that arrives within it was not waiting for the tick. */
const AT_ONCE_MS = MAIL_SENDER_INTERVAL_MS / 6;

beforeAll(() => {
  startMailSender();
});

afterAll(() => smtp.close());

beforeEach(async () => {
  await resetDatabase();
});

describe("mail queued by a committed transaction", () => {
  it("a password reset reaches the mail server without waiting for the sender's tick", async () => {
    const admin = await staffMember("admin");
    const request = formRequest("http://localhost/admin/forgot-password", { email: admin.email! });
    await requestPasswordReset(admin.email!, request, { minMs: 0 });
    const mail = await smtp.waitFor((m) => m.to.includes(admin.email!), AT_ONCE_MS);
    expect(mail.text).toMatch(/\/admin\/reset-password\/[A-Za-z0-9_-]+/);
  });

  it("an invitation reaches the invited address without waiting for the sender's tick", async () => {
    const admin = await staffMember("admin");
    await invitePerson(admin, { name: "Nadia Quick", email: "nadia.quick@example.org", role: "editor" });
    const mail = await smtp.waitFor((m) => m.to.includes("nadia.quick@example.org"), AT_ONCE_MS);
    expect(mail.text).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]+/);
  });
});

describe("afterCommit", () => {
  const queued = (trx: Parameters<typeof enqueueMail>[0], to: string) =>
    enqueueMail(trx, { kind: "test", to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" });

  it("runs once the transaction has committed, not before", async () => {
    let runs = 0;
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await queued(trx, "after@example.org");
        await afterCommit(trx, () => runs++);
        expect(runs).toBe(0);
      });
    expect(runs).toBe(1);
  });

  it("runs after an immediate transaction commits, once however often it was asked for", async () => {
    let runs = 0;
    const count = () => runs++;
    await immediateTransaction(getDb(), async (trx) => {
      await afterCommit(trx, count);
      await afterCommit(trx, count);
      expect(runs).toBe(0);
    });
    expect(runs).toBe(1);
  });

  it("never runs when the transaction rolls back, and the message it queued is gone", async () => {
    let runs = 0;
    const count = () => runs++;
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await queued(trx, "rolled-back@example.org");
          await afterCommit(trx, count);
          throw new Error("changed our mind");
        }),
    ).rejects.toThrow("changed our mind");
    await expect(
      immediateTransaction(getDb(), async (trx) => {
        await afterCommit(trx, count);
        throw new Error("changed our mind again");
      }),
    ).rejects.toThrow("changed our mind again");
    expect(runs).toBe(0);
    const rows = await getDb()
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", "rolled-back@example.org")
      .execute();
    expect(rows).toEqual([]);
  });

  it("runs at once for a write outside any transaction", async () => {
    let runs = 0;
    await afterCommit(getDb(), () => runs++);
    expect(runs).toBe(1);
  });
});
