// Sending newsletters through the outbox, against a real SMTP server in this process: who gets
// it (confirmed only, each with their own unsubscribe headers), exactly once (double press,
// a sender killed mid-send, a second scheduler), MAIL_MAX_PER_MINUTE with a controlled clock,
// scheduling, and the bounce rule.
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import {
  createPendingSubscriber,
  getNewsletterSubscriber,
  setSubscriberStatus,
} from "~/publishing/models/subscriber.server";
import { claimDueMail } from "~/mail/models/outbox.server";
import * as oneClickRoute from "~/routes/_public+/newsletter.one-click.$token";
import { deliverDueMail, queueTestMail } from "~/mail/services/mail-sender.server";
import {
  confirmedRecipientCount,
  newsletterProgress,
  NewsletterIssueError,
  saveNewsletterDraft,
  scheduleNewsletter,
  sendDueNewsletters,
  sendNewsletter,
} from "~/publishing/services/newsletter-issues.server";
import { confirmSubscription, signUpForNewsletter } from "~/publishing/services/newsletter.server";
import { run } from "./admin-support";
import { confirmedSubscriber, failWritesWhen } from "./helpers";
import { useTestMail } from "./mail-support";
import type { ReceivedMail } from "./smtp-support";

const mail = useTestMail();
afterEach(() => setClock(null));

const T0 = Date.parse("2026-11-25T10:00:00Z");

const deliver = (options: { at?: number; maxPerMinute?: number } = {}) =>
  deliverDueMail({
    db: getDb(),
    transport: mail.transport,
    now: () => new Date(options.at ?? Date.now()),
    maxPerMinute: options.maxPerMinute ?? 1000,
  });

async function draft(subject: string) {
  const saved = await saveNewsletterDraft(
    null,
    { subject, body: `Dear supporter,\n\nNews about **${subject}**: [the report](https://example.org/r).` },
    "admin",
  );
  return saved;
}

const receivedBy = (address: string, subject: string) =>
  mail.smtp.received.filter((m) => m.to.includes(address) && m.subject === subject);

const oneClickToken = (m: ReceivedMail) => {
  const header = m.header("list-unsubscribe") ?? "";
  const match = /<https?:\/\/[^>]+\/newsletter\/one-click\/([A-Za-z0-9_-]+)>/.exec(header);
  if (!match) throw new Error(`no one-click URL in ${header}`);
  return match[1];
};

describe("sending a newsletter", () => {
  it("reaches exactly the confirmed subscribers, each with their own one-click unsubscribe; unsubscribing one leaves the other", async () => {
    const db = getDb();
    await confirmedSubscriber(db, "ann@example.org");
    await confirmedSubscriber(db, "bob@example.org");
    await createPendingSubscriber(db, "never-confirmed@example.org", new Date());
    const gone = await createPendingSubscriber(db, "left@example.org", new Date());
    await setSubscriberStatus(db, gone.id, "unsubscribed", new Date());
    expect(await confirmedRecipientCount()).toBe(2);

    const first = await draft("Spring news");
    const result = await sendNewsletter(first.id, "admin");
    expect(result).toMatchObject({ outcome: "queued", count: 2 });
    await deliver();

    const toAnn = receivedBy("ann@example.org", "Spring news");
    const toBob = receivedBy("bob@example.org", "Spring news");
    expect(toAnn).toHaveLength(1);
    expect(toBob).toHaveLength(1);
    expect(mail.smtp.received.filter((m) => m.subject === "Spring news")).toHaveLength(2);
    for (const m of [toAnn[0], toBob[0]]) {
      expect(m.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      // The visible link in the text and the HTML is the subscriber's own.
      expect(m.text).toMatch(/Unsubscribe:\s+http:\/\/localhost:3000\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}/);
      expect(m.html).toContain("/newsletter/unsubscribe/");
      // The web version, and no tracking: links are the addresses themselves.
      expect(m.text).toContain("http://localhost:3000/newsletters/spring-news");
      expect(m.html).toContain('href="https://example.org/r"');
      expect(m.text).toContain("the report (https://example.org/r)");
    }
    expect(oneClickToken(toAnn[0])).not.toBe(oneClickToken(toBob[0]));
    expect(await newsletterProgress(first.id)).toEqual({ queued: 0, sent: 2, failed: 0 });

    // Ann's mail program posts the one-click unsubscribe.
    const token = oneClickToken(toAnn[0]);
    const response = await run(
      oneClickRoute.action,
      new Request(`http://localhost/newsletter/one-click/${token}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      { token },
    );
    expect(response.status).toBe(200);
    expect((await getNewsletterSubscriber(db, "ann@example.org"))!.status).toBe("unsubscribed");

    const second = await draft("Autumn news");
    expect(await sendNewsletter(second.id, "admin")).toMatchObject({ outcome: "queued", count: 1 });
    await deliver();
    expect(receivedBy("bob@example.org", "Autumn news")).toHaveLength(1);
    expect(receivedBy("ann@example.org", "Autumn news")).toHaveLength(0);
  });

  it("queues once however often it is pressed, and a sender killed mid-send sends the rest, each exactly once", async () => {
    const db = getDb();
    const addresses = ["a@example.org", "b@example.org", "c@example.org", "d@example.org"];
    for (const a of addresses) await confirmedSubscriber(db, a);
    const newsletter = await draft("Once only");

    const presses = await Promise.all([
      sendNewsletter(newsletter.id, "admin"),
      sendNewsletter(newsletter.id, "admin"),
      sendNewsletter(newsletter.id, "admin"),
    ]);
    expect(presses.filter((p) => p.outcome === "queued")).toHaveLength(1);
    expect(presses.filter((p) => p.outcome === "already-sent")).toHaveLength(2);
    const rows = await db.selectFrom("outbox").selectAll().where("newsletter_id", "=", newsletter.id).execute();
    expect(rows).toHaveLength(4);
    // The unique (newsletter, subscriber) key refuses a second message to anyone.
    await expect(
      db
        .insertInto("outbox")
        .values({ ...rows[0], id: undefined })
        .execute(),
    ).rejects.toThrow(/UNIQUE/i);

    // A sender claims two messages and dies before sending them (a server killed mid-send).
    const now = Date.now();
    const claimed = await claimDueMail(db, new Date(now), 60_000, 2);
    expect(claimed).toHaveLength(2);
    // The restarted server sends what is free at once, and the rest when the lease runs out.
    expect((await deliver({ at: now + 1_000 })).sent).toBe(2);
    expect((await deliver({ at: now + 61_000 })).sent).toBe(2);
    expect((await deliver({ at: now + 120_000 })).sent).toBe(0);
    // Pressing again after it went out, or the scheduler, sends nothing more.
    expect(await sendNewsletter(newsletter.id, "admin")).toEqual({ outcome: "already-sent" });
    expect(await sendDueNewsletters(new Date(now + 200_000))).toBe(0);
    await deliver({ at: now + 300_000 });

    for (const a of addresses) expect(receivedBy(a, "Once only")).toHaveLength(1);
    expect(await newsletterProgress(newsletter.id)).toEqual({ queued: 0, sent: 4, failed: 0 });
  });

  it("a failure half-way through queueing (a crash before the commit) leaves nothing queued, and sending again queues everyone once", async () => {
    const db = getDb();
    for (const a of ["p@example.org", "q@example.org", "r@example.org"]) await confirmedSubscriber(db, a);
    const newsletter = await draft("Power cut");
    // The third message's insert fails, as if the process died there.
    const undo = await failWritesWhen(db, {
      name: "power_cut",
      table: "outbox",
      when: "(select count(*) from outbox where newsletter_id = new.newsletter_id) >= 2",
      message: "power cut",
    });
    try {
      await expect(sendNewsletter(newsletter.id, "admin")).rejects.toThrow(/power cut/);
    } finally {
      await undo();
    }
    expect(await db.selectFrom("outbox").selectAll().execute()).toHaveLength(0);
    expect((await db.selectFrom("newsletters").select("status").executeTakeFirstOrThrow()).status).toBe("draft");

    expect(await sendNewsletter(newsletter.id, "admin")).toMatchObject({ outcome: "queued", count: 3 });
    await deliver();
    for (const a of ["p@example.org", "q@example.org", "r@example.org"])
      expect(receivedBy(a, "Power cut")).toHaveLength(1);
  });

  it("keeps to MAIL_MAX_PER_MINUTE across runs, by the controlled clock", async () => {
    const db = getDb();
    for (let i = 1; i <= 5; i++) await confirmedSubscriber(db, `rate-${i}@example.org`);
    let time = T0;
    setClock(() => time);
    const newsletter = await draft("Rate limited");
    await sendNewsletter(newsletter.id, "admin");

    // The sender's clock defaults to app/infra/clock.server.ts.
    const run = () => deliverDueMail({ db, transport: mail.transport, maxPerMinute: 2 });
    const first = await run();
    expect(first.sent).toBe(2);
    expect(first.waitUntil).toBe(T0 + 60_000);
    time = T0 + 30_000;
    expect((await run()).sent).toBe(0);
    time = T0 + 59_999;
    expect((await run()).sent).toBe(0);
    time = T0 + 60_000;
    expect((await run()).sent).toBe(2);
    time = T0 + 120_000;
    const last = await run();
    expect(last.sent).toBe(1);
    expect(last.waitUntil).toBeUndefined();
    expect(mail.smtp.received.filter((m) => m.subject === "Rate limited")).toHaveLength(5);
    expect(await newsletterProgress(newsletter.id)).toEqual({ queued: 0, sent: 5, failed: 0 });
  });

  it("lets one-to-one mail go before a newsletter's queue", async () => {
    const db = getDb();
    for (let i = 1; i <= 3; i++) await confirmedSubscriber(db, `queue-${i}@example.org`);
    const newsletter = await draft("Big queue");
    await sendNewsletter(newsletter.id, "admin");
    await queueTestMail("donor@example.org");
    const before = mail.smtp.received.length;
    await deliver({ maxPerMinute: 1 });
    expect(mail.smtp.received.slice(before).map((m) => m.to)).toEqual([["donor@example.org"]]);
  });

  it("sends a scheduled newsletter once its UK time has come, once", async () => {
    await confirmedSubscriber(getDb(), "scheduled@example.org");
    let time = T0;
    setClock(() => time);
    const newsletter = await draft("Scheduled issue");
    await expect(scheduleNewsletter(newsletter.id, new Date(T0 - 1000).toISOString(), "admin")).rejects.toThrow(
      NewsletterIssueError,
    );
    await scheduleNewsletter(newsletter.id, new Date(T0 + 3_600_000).toISOString(), "admin");
    expect(await sendDueNewsletters()).toBe(0);
    time = T0 + 3_600_000;
    const [a, b] = await Promise.all([sendDueNewsletters(), sendDueNewsletters()]);
    expect(a + b).toBe(1);
    await deliverDueMail({ db: getDb(), transport: mail.transport });
    expect(receivedBy("scheduled@example.org", "Scheduled issue")).toHaveLength(1);
  });
});

describe("bounces", () => {
  it("a permanent refusal fails at once; two newsletters in a row mark the address bouncing until they subscribe again", async () => {
    const db = getDb();
    await confirmedSubscriber(db, "good@example.org");
    await confirmedSubscriber(db, "gone@example.org");
    mail.smtp.rejectRecipients.add("gone@example.org");

    const one = await draft("Bounce one");
    await sendNewsletter(one.id, "admin");
    await deliver();
    const failed = await db.selectFrom("outbox").selectAll().where("to_address", "=", "gone@example.org").execute();
    expect(failed).toMatchObject([{ status: "failed", tries: 1 }]);
    expect(failed[0].last_error).toMatch(/550/);
    expect(await newsletterProgress(one.id)).toEqual({ queued: 0, sent: 1, failed: 1 });
    let gone = (await getNewsletterSubscriber(db, "gone@example.org"))!;
    expect(gone.bounceStreak).toBe(1);
    expect(gone.bouncingSince).toBeNull();

    const two = await draft("Bounce two");
    await sendNewsletter(two.id, "admin");
    await deliver();
    gone = (await getNewsletterSubscriber(db, "gone@example.org"))!;
    expect(gone.bouncingSince).not.toBeNull();

    // Bouncing: no more newsletters.
    expect(await confirmedRecipientCount()).toBe(1);
    const three = await draft("Bounce three");
    expect(await sendNewsletter(three.id, "admin")).toMatchObject({ outcome: "queued", count: 1 });

    // They subscribe again and confirm: newsletters reach them again.
    mail.smtp.rejectRecipients.clear();
    const later = Date.now() + 2 * 86_400_000;
    await signUpForNewsletter("gone@example.org", new Date(later));
    await deliver({ at: later });
    const confirmation = await mail.smtp.waitFor(
      (m) => m.to.includes("gone@example.org") && /confirm/i.test(m.subject),
    );
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmation.text)![1];
    expect(await confirmSubscription(token)).toMatchObject({ ok: true });
    gone = (await getNewsletterSubscriber(db, "gone@example.org"))!;
    expect(gone.bouncingSince).toBeNull();
    expect(gone.bounceStreak).toBe(0);
    const four = await draft("Bounce four");
    expect(await sendNewsletter(four.id, "admin")).toMatchObject({ outcome: "queued", count: 2 });
  });

  it("a delivered newsletter between two refusals breaks the streak", async () => {
    const db = getDb();
    await confirmedSubscriber(db, "flaky@example.org");
    for (const [subject, refuse] of [
      ["Streak one", true],
      ["Streak two", false],
      ["Streak three", true],
    ] as const) {
      if (refuse) mail.smtp.rejectRecipients.add("flaky@example.org");
      else mail.smtp.rejectRecipients.clear();
      await sendNewsletter((await draft(subject)).id, "admin");
      await deliver();
    }
    const flaky = (await getNewsletterSubscriber(db, "flaky@example.org"))!;
    expect(flaky.bounceStreak).toBe(1);
    expect(flaky.bouncingSince).toBeNull();
    expect(await confirmedRecipientCount()).toBe(1);
  });
});
