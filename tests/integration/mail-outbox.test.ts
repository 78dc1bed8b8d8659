import { describe, expect, it } from "vitest";
import { nowDate } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { claimDueMail, enqueueMail, getMail, requeueFailedMail } from "~/mail/models/outbox.server";
import { deliverDueMail, MAX_MAIL_TRIES, mailRetryDelayMs } from "~/mail/services/mail-sender.server";
import { useTestMail } from "./mail-support";

const testMail = useTestMail({ from: "Charity Test <no-reply@example.org>", timeoutSeconds: 1 });
const LEASE_MS = 60_000;

const queue = (subject: string, now = nowDate()) =>
  getDb()
    .transaction()
    .execute((trx) =>
      enqueueMail(
        trx,
        {
          kind: "test",
          to: "reader@example.org",
          subject,
          text: `Plain text of ${subject}`,
          html: `<p>HTML of ${subject}</p>`,
          headers: { "X-Test": "yes" },
        },
        now,
      ),
    );

const deliver = (now: Date) =>
  deliverDueMail({ db: getDb(), transport: testMail.transport, now: () => now, leaseMs: LEASE_MS });

describe("outbox and sender", () => {
  it("delivers a queued message over SMTP with its text, HTML and headers, and marks it sent", async () => {
    const id = await queue("Hello");
    expect(await deliver(new Date())).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const mail = await testMail.smtp.waitFor((m) => m.subject === "Hello");
    expect(mail.to).toEqual(["reader@example.org"]);
    expect(mail.text.trim()).toBe("Plain text of Hello");
    expect(mail.html).toContain("<p>HTML of Hello</p>");
    expect(mail.header("x-test")).toBe("yes");
    expect(mail.header("from")).toContain("no-reply@example.org");
    const row = await getMail(getDb(), id);
    expect(row).toMatchObject({ status: "sent", tries: 1, lastError: null, leaseUntil: null });
    expect(row?.sentAt).toBeTruthy();
  });

  it("leaves messages queued when there is no transport (no SMTP_URL)", async () => {
    const id = await queue("Waiting");
    expect(await deliverDueMail({ db: getDb(), transport: null })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await getMail(getDb(), id)).toMatchObject({ status: "queued", tries: 0 });
  });

  it.each([
    ["refuses the message", "refuse-data", /451/],
    ["refuses the connection", "refuse-connect", /421|not available/i],
    ["times out", "hang", /timeout|timed out/i],
  ] as const)(
    "keeps the message queued with the error when the server %s, and a later try delivers it",
    async (_l, mode, error) => {
      const t0 = nowDate();
      const id = await queue(`Retry ${mode}`, t0);
      testMail.smtp.mode = mode;
      expect(await deliver(t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });

      const row = await getMail(getDb(), id);
      expect(row).toMatchObject({ status: "queued", tries: 1, leaseUntil: null });
      expect(row?.lastError).toMatch(error);
      expect(row?.nextAttemptAt).toBe(new Date(t0.getTime() + mailRetryDelayMs(1)).toISOString());

      // Not due yet: nothing happens.
      testMail.smtp.mode = "accept";
      testMail.smtp.releaseHung();
      expect(await deliver(new Date(t0.getTime() + 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      // Due: delivered.
      expect(await deliver(new Date(t0.getTime() + mailRetryDelayMs(1)))).toEqual({ sent: 1, retrying: 0, failed: 0 });
      await testMail.smtp.waitFor((m) => m.subject === `Retry ${mode}`);
      expect(await getMail(getDb(), id)).toMatchObject({ status: "sent", tries: 2, lastError: null });
    },
  );

  it("backs off exponentially and marks the message failed after the last try; staff can retry it", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const id = await queue("Doomed", now);
    testMail.smtp.mode = "refuse-data";
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_MAIL_TRIES; attempt++) {
      const report = await deliver(now);
      const row = (await getMail(getDb(), id))!;
      expect(row.tries).toBe(attempt);
      if (attempt < MAX_MAIL_TRIES) {
        expect(report.retrying).toBe(1);
        expect(row.status).toBe("queued");
        const next = new Date(row.nextAttemptAt);
        delays.push(next.getTime() - now.getTime());
        now = next;
      } else {
        expect(report.failed).toBe(1);
        expect(row.status).toBe("failed");
        expect(row.lastError).toMatch(/451/);
      }
    }
    expect(delays.slice(0, 4)).toEqual([60_000, 120_000, 240_000, 480_000]);
    // Failed is final for the sender.
    expect(await deliver(new Date(now.getTime() + 24 * 3600_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    testMail.smtp.mode = "accept";
    expect(await requeueFailedMail(getDb(), id, now)).toBe(true);
    expect(await deliver(now)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await testMail.smtp.waitFor((m) => m.subject === "Doomed");
  });

  it("never hands a leased message to a second sender, and re-sends it once the lease of a dead sender runs out", async () => {
    const t0 = nowDate();
    const id = await queue("Leased", t0);
    const first = await claimDueMail(getDb(), t0, LEASE_MS);
    expect(first.map((r) => r.id)).toEqual([id]);
    // The sender that claimed it was killed before marking it sent.
    expect(await claimDueMail(getDb(), new Date(t0.getTime() + LEASE_MS - 1), LEASE_MS)).toEqual([]);
    expect(await deliver(new Date(t0.getTime() + LEASE_MS))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await testMail.smtp.waitFor((m) => m.subject === "Leased");
    expect(await getMail(getDb(), id)).toMatchObject({ status: "sent", tries: 2 });
  });

  it("rolls the message back with the record that caused it", async () => {
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await enqueueMail(trx, { kind: "test", to: "x@example.org", subject: "Never", text: "t", html: "h" });
          throw new Error("the record failed");
        }),
    ).rejects.toThrow("the record failed");
    expect(await getDb().selectFrom("outbox").selectAll().execute()).toEqual([]);
  });
});
