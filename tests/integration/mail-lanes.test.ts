import { describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { enqueueMail, mailLane, MAIL_LANES } from "~/mail/models/outbox.server";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { saveNewsletterDraft, sendNewsletter } from "~/publishing/services/newsletter-issues.server";
import { confirmedSubscriber } from "./helpers";
import { useTestMail } from "./mail-support";

// The mail queue's priority lane: a time-limited link (sign-in, password reset, invitation, e-mail
// confirmation) is sent before everything else queued, however much is queued before it; other
// one-to-one mail goes before a newsletter's thousands.

const mail = useTestMail();

const queue = (kind: string, to: string, subject: string, extra: { timeLimited?: boolean } = {}) =>
  getDb()
    .transaction()
    .execute((trx) => enqueueMail(trx, { kind, to, subject, text: subject, html: `<p>${subject}</p>`, ...extra }));

describe("the mail queue's lanes", () => {
  it("sends a time-limited link first, then one-to-one mail, then a queue full of newsletters", async () => {
    const db = getDb();
    const readers = Array.from({ length: 40 }, (_, i) => `reader${i}@example.org`);
    for (const address of readers) await confirmedSubscriber(db, address);
    const newsletter = await saveNewsletterDraft(null, { subject: "Autumn news", body: "News." }, "admin");
    expect(await sendNewsletter(newsletter.id, "admin")).toMatchObject({ outcome: "queued" });
    // Queued after the newsletter: an acknowledgement, then a password reset and a donor's sign-in link.
    await queue("enquiry.ack", "asker@example.org", "Thank you for your message");
    await queue("staff-password-reset", "staff@example.org", "Reset your password");
    await queue("donor-giving-link", "donor@example.org", "Your giving: sign in");

    // Room for three messages this minute: the two links, then the acknowledgement.
    const report = await deliverDueMail({ transport: mail.transport, maxPerMinute: 3 });
    expect(report.sent).toBe(3);
    expect(mail.smtp.received.map((m) => m.subject)).toEqual([
      "Reset your password",
      "Your giving: sign in",
      "Thank you for your message",
    ]);
    const queued = await db.selectFrom("outbox").select("kind").where("status", "=", "queued").execute();
    expect(queued).toHaveLength(40);
    expect(new Set(queued.map((row) => row.kind))).toEqual(new Set(["newsletter.issue"]));
  });

  it("puts each kind of time-limited link in the first lane", () => {
    for (const kind of [
      "donor-giving-link",
      "staff-password-reset",
      "staff-invitation",
      "staff-email-change",
      "newsletter.confirm",
    ]) {
      expect(mailLane({ kind })).toBe(MAIL_LANES.link);
    }
    expect(mailLane({ kind: "supporter.confirm-details", timeLimited: true })).toBe(MAIL_LANES.link);
    expect(mailLane({ kind: "pledge.donor" })).toBe(MAIL_LANES.oneToOne);
    expect(mailLane({ kind: "newsletter.issue", newsletterId: 3 })).toBe(MAIL_LANES.bulk);
  });
});
