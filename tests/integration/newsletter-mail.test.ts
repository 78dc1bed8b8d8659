import { describe, expect, it } from "vitest";
import { nowDate } from "~/infra/clock.server";
import { newsletterConsent } from "~/content/newsletter-consent";
import { publicationsPage } from "~/content/publications";
import { getDb } from "~/infra/db.server";
import { getNewsletterSubscriber, listConsentEvents, setSubscriberStatus } from "~/publishing/models/subscriber.server";
import * as confirmRoute from "~/routes/_public+/newsletter.confirm.$token";
import * as oneClickRoute from "~/routes/_public+/newsletter.one-click.$token";
import * as unsubscribeRoute from "~/routes/_public+/newsletter.unsubscribe.$token";
import { action as publicationsAction } from "~/routes/_public+/publications";
import { runHousekeeping } from "~/site/services/housekeeping.server";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { signUpForNewsletter } from "~/publishing/services/newsletter.server";
import { run } from "./admin-support";
import { formRequest } from "./helpers";
import { useTestMail } from "./mail-support";
import type { ReceivedMail } from "./smtp-support";

const testMail = useTestMail();

const deliver = (now = nowDate()) => deliverDueMail({ db: getDb(), transport: testMail.transport, now: () => now });

async function signUp(email: string) {
  const response = (await publicationsAction({
    request: formRequest("/publications", { email }),
    params: {},
    context: {},
  } as any)) as Response;
  return { status: response.status, data: await response.json() };
}

const linkIn = (mail: ReceivedMail, path: string) => {
  const match = new RegExp(`https?://[^\\s]+${path}/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return new URL(match[0]);
};
const tokenOf = (url: URL) => url.pathname.split("/").pop()!;

const outboxRows = () => getDb().selectFrom("outbox").selectAll().execute();

async function confirmationFor(email: string) {
  await deliver();
  return testMail.smtp.waitFor((m) => m.to.includes(email) && /confirm/i.test(m.subject));
}

describe("newsletter double opt-in", () => {
  it("stores a pending sign-up with its consent wording, mails a link that confirms it, and refuses the link again", async () => {
    const email = `opt-in-${Date.now()}@example.org`;
    const { status, data } = await signUp(email);
    expect(status).toBe(200);
    expect(data.subscribed).toBe(true);
    expect(publicationsPage.subscribedMessage).toMatch(/check your inbox/);

    const pending = (await getNewsletterSubscriber(getDb(), email))!;
    expect(pending.status).toBe("pending");
    expect(pending.confirmedAt).toBeNull();
    // Only hashes of the link tokens are stored.
    const tokens = await getDb().selectFrom("newsletter_tokens").selectAll().execute();
    expect(tokens.map((t) => t.purpose).sort()).toEqual(["confirm", "unsubscribe"]);
    for (const t of tokens) expect(t.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const mail = await confirmationFor(email);
    const link = linkIn(mail, "/newsletter/confirm");
    expect(link.origin).toBe("http://localhost:3000");
    expect(tokenOf(link)).toHaveLength(43);
    expect(tokens.some((t) => t.token_hash.includes(tokenOf(link)))).toBe(false);
    expect(mail.html).toContain(`href="${link.href}"`);

    // Following the link shows a button (a GET confirms nothing: mail scanners open links).
    const page = await run(confirmRoute.loader, new Request(link), { token: tokenOf(link) });
    expect(page.status).toBe(200);
    expect((await getNewsletterSubscriber(getDb(), email))!.status).toBe("pending");

    const confirmed = await run(confirmRoute.action, new Request(link, { method: "POST" }), { token: tokenOf(link) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ confirmed: true });
    const row = (await getNewsletterSubscriber(getDb(), email))!;
    expect(row.status).toBe("confirmed");
    expect(row.confirmedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const events = await listConsentEvents(getDb(), row.id);
    expect(events.map((e) => [e.kind, e.wording])).toEqual([
      ["signed-up", newsletterConsent.signUp],
      ["confirmed", newsletterConsent.confirm],
    ]);

    // Opened again while subscribed: "already confirmed", not an error; a second post confirms nothing new.
    const reopened = await run(confirmRoute.loader, new Request(link), { token: tokenOf(link) });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ valid: false, alreadyConfirmed: true });
    const again = await run(confirmRoute.action, new Request(link, { method: "POST" }), { token: tokenOf(link) });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ confirmed: true });
    expect(await listConsentEvents(getDb(), row.id)).toHaveLength(2);

    // Once they have left the list, the used link is gone: 410, GET and POST alike.
    await setSubscriberStatus(getDb(), row.id, "unsubscribed", new Date());
    expect((await run(confirmRoute.loader, new Request(link), { token: tokenOf(link) })).status).toBe(410);
    const after = await run(confirmRoute.action, new Request(link, { method: "POST" }), { token: tokenOf(link) });
    expect(after.status).toBe(410);
  });

  it.each([
    ["an unknown token", "x".repeat(43)],
    ["garbage", "%00<script>"],
    ["an empty token", ""],
  ])("answers %s with a 404, never a 500", async (_label, token) => {
    const url = `http://localhost/newsletter/confirm/${encodeURIComponent(token)}`;
    expect((await run(confirmRoute.loader, new Request(url), { token })).status).toBe(404);
    expect((await run(confirmRoute.action, new Request(url, { method: "POST" }), { token })).status).toBe(404);
    const unsub = `http://localhost/newsletter/unsubscribe/${encodeURIComponent(token)}`;
    expect((await run(unsubscribeRoute.loader, new Request(unsub), { token })).status).toBe(404);
    expect((await run(unsubscribeRoute.action, new Request(unsub, { method: "POST" }), { token })).status).toBe(404);
  });

  it("refuses an expired confirmation link with a 410", async () => {
    const email = `expired-${Date.now()}@example.org`;
    await signUpForNewsletter(email, new Date(Date.now() - 8 * 24 * 3600_000));
    const mail = await confirmationFor(email);
    const link = linkIn(mail, "/newsletter/confirm");
    expect((await run(confirmRoute.loader, new Request(link), { token: tokenOf(link) })).status).toBe(410);
    expect((await getNewsletterSubscriber(getDb(), email))!.status).toBe("pending");
  });

  it("answers a repeat sign-up exactly like the first and sends at most one more confirmation a day", async () => {
    const email = `repeat-${Date.now()}@example.org`;
    const first = await signUp(email);
    const second = await signUp(email.toUpperCase());
    expect(second).toEqual(first);
    expect(await outboxRows()).toHaveLength(1);

    // A day later the visitor may ask again and gets a new message.
    await signUpForNewsletter(email, new Date(Date.now() + 24 * 3600_000 + 1000));
    expect(await outboxRows()).toHaveLength(2);

    // A confirmed address gets the same answer and no message at all.
    const confirmedEmail = `confirmed-${Date.now()}@example.org`;
    await signUp(confirmedEmail);
    const link = linkIn(await confirmationFor(confirmedEmail), "/newsletter/confirm");
    await run(confirmRoute.action, new Request(link, { method: "POST" }), { token: tokenOf(link) });
    const before = (await outboxRows()).length;
    expect(await signUp(confirmedEmail)).toEqual(first);
    expect(await outboxRows()).toHaveLength(before);
  });

  it("keeps the visitor's sign-up successful and the message queued while the mail server refuses, then delivers it", async () => {
    const email = `down-${Date.now()}@example.org`;
    testMail.smtp.mode = "refuse-data";
    expect((await signUp(email)).status).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "queued", tries: 1 });
    expect(row.last_error).toMatch(/451/);

    testMail.smtp.mode = "accept";
    expect(await deliver(new Date(Date.now() + 10 * 60_000))).toMatchObject({ sent: 1 });
    await testMail.smtp.waitFor((m) => m.to.includes(email));
  });
});

describe("unsubscribe", () => {
  async function confirmedSubscriber(email: string) {
    await signUp(email);
    const mail = await confirmationFor(email);
    const link = linkIn(mail, "/newsletter/confirm");
    await run(confirmRoute.action, new Request(link, { method: "POST" }), { token: tokenOf(link) });
    return mail;
  }

  it("carries List-Unsubscribe headers, and the one-click POST to that URL unsubscribes at once", async () => {
    const email = `one-click-${Date.now()}@example.org`;
    const mail = await confirmedSubscriber(email);
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = mail.header("list-unsubscribe")!;
    const url = new URL(/^<(https?:\/\/[^>]+)>$/.exec(header)![1]);
    expect(url.pathname).toMatch(/^\/newsletter\/one-click\/[A-Za-z0-9_-]{43}$/);
    // The text carries the unsubscribe page for the same token; a GET of the header's URL leads there.
    expect(mail.text).toContain(`${url.origin}/newsletter/unsubscribe/${tokenOf(url)}`);
    const get = await run(oneClickRoute.loader, new Request(url), { token: tokenOf(url) });
    expect(get.status).toBe(303);
    expect(get.headers.get("Location")).toBe(`/newsletter/unsubscribe/${tokenOf(url)}`);
    // A hand-typed segment beyond ASCII still makes a valid Location, not a 500.
    const typed = await run(oneClickRoute.loader, new Request(`${url.origin}/newsletter/one-click/x`), {
      token: "\u{1F600}",
    });
    expect(typed.headers.get("Location")).toBe("/newsletter/unsubscribe/%F0%9F%98%80");

    // As a mail provider sends it (RFC 8058): no cookies, from another site.
    const oneClick = () =>
      new Request(url, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      });
    const response = await run(oneClickRoute.action, oneClick(), { token: tokenOf(url) });
    expect(response.status).toBe(200);
    const row = (await getNewsletterSubscriber(getDb(), email))!;
    expect(row.status).toBe("unsubscribed");
    expect(row.unsubscribedAt).toBeTruthy();
    const events = await listConsentEvents(getDb(), row.id);
    expect(events.at(-1)).toMatchObject({ kind: "unsubscribed", wording: newsletterConsent.unsubscribeOneClick });

    // Repeating is harmless and recorded once.
    expect((await run(oneClickRoute.action, oneClick(), { token: tokenOf(url) })).status).toBe(200);
    expect(await listConsentEvents(getDb(), row.id)).toHaveLength(events.length);
  });

  it("unsubscribes from the page's button, drops messages still waiting, and never mails the address again", async () => {
    const email = `button-${Date.now()}@example.org`;
    await signUp(email);
    // The confirmation is still queued (mail down) when they unsubscribe from it.
    const [queued] = await outboxRows();
    const token = tokenOf(new URL(/<([^>]+)>/.exec(JSON.parse(queued.headers!)["List-Unsubscribe"])![1]));
    const url = `http://localhost:3000/newsletter/unsubscribe/${token}`;
    expect((await run(unsubscribeRoute.loader, new Request(url), { token })).status).toBe(200);
    const response = await run(unsubscribeRoute.action, formRequest(url, { intent: "unsubscribe" }), { token });
    expect(response.status).toBe(200);
    const row = (await getNewsletterSubscriber(getDb(), email))!;
    expect(row.status).toBe("unsubscribed");
    expect((await listConsentEvents(getDb(), row.id)).at(-1)?.wording).toBe(newsletterConsent.unsubscribePage);
    expect(await outboxRows()).toEqual([]);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(testMail.smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe("retention and erasure", () => {
  it("deletes sign-ups unconfirmed after 7 days and keeps confirmed ones", async () => {
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await signUpForNewsletter("stale@example.org", weekAgo);
    await signUpForNewsletter("fresh@example.org");
    const report = await runHousekeeping();
    expect(report.unconfirmedSubscribers).toBe(1);
    expect(await getNewsletterSubscriber(getDb(), "stale@example.org")).toBeUndefined();
    expect(await getNewsletterSubscriber(getDb(), "fresh@example.org")).toBeDefined();
  });

  it("deleting a subscriber (privacy erasure) deletes their links, history and messages", async () => {
    await signUpForNewsletter("erase-me@example.org");
    await getDb().deleteFrom("newsletter_subscribers").where("email", "=", "erase-me@example.org").execute();
    expect(await getDb().selectFrom("newsletter_tokens").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("newsletter_consent_events").selectAll().execute()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });
});
