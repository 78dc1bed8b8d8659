import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { listAudit } from "~/site/models/audit.server";
import { enqueueMail, recordMailFailure } from "~/mail/models/outbox.server";
import * as mailMessage from "~/routes/admin+/dashboard+/mail.$id";
import * as mailLog from "~/routes/admin+/dashboard+/mail._index";
import * as subscriberPage from "~/routes/admin+/dashboard+/subscribers.$id._index";
import * as removePage from "~/routes/admin+/dashboard+/subscribers.$id.remove";
import * as subscriberList from "~/routes/admin+/dashboard+/subscribers._index";
import * as exportCsv from "~/routes/admin+/dashboard+/subscribers.export[.]csv";
import { confirmSubscription, signUpForNewsletter } from "~/publishing/services/newsletter.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { resetDatabase } from "./helpers";
import { staffCookie, staffMember } from "./team-support";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const queue = (subject: string) =>
  getDb()
    .transaction()
    .execute((trx) =>
      enqueueMail(trx, {
        kind: "test",
        to: "r@example.org",
        subject,
        text: `Body of ${subject}\nline 2`,
        html: "<p>x</p>",
      }),
    );

describe("mail log", () => {
  it("is for signed-in staff only", async () => {
    const response = await run(mailLog.loader, getRequest(adminPaths.mail));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    const post = await run(mailLog.action, postForm(adminPaths.mail, { intent: "test", to: "a@example.org" }));
    expect(post.status).toBe(302);
    expect(await getDb().selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("lists messages with status, tries and last error, 25 a page, and refuses bad page numbers", async () => {
    for (let i = 1; i <= 27; i++) await queue(`Message ${i}`);
    const failedId = await queue("Broken");
    await recordMailFailure(getDb(), failedId, "451 Mailbox temporarily unavailable", null);

    const first = await bodyOf(await run(mailLog.loader, getRequest(adminPaths.mail, { cookie })));
    expect(first.total).toBe(28);
    expect(first.pages).toBe(2);
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0]).toMatchObject({
      subject: "Broken",
      status: "failed",
      lastError: expect.stringMatching(/451/),
    });
    expect(first.mailConfigured).toBe(false);
    const second = await bodyOf(await run(mailLog.loader, getRequest(`${adminPaths.mail}?page=2`, { cookie })));
    expect(second.messages).toHaveLength(3);

    expect((await run(mailLog.loader, getRequest(`${adminPaths.mail}?page=abc`, { cookie }))).status).toBe(400);
    expect((await run(mailLog.loader, getRequest(`${adminPaths.mail}?page=0`, { cookie }))).status).toBe(400);
    expect((await run(mailLog.loader, getRequest(`${adminPaths.mail}?page=3`, { cookie }))).status).toBe(404);
  });

  it("retries a failed message, and only a failed one", async () => {
    const id = await queue("Broken");
    await recordMailFailure(getDb(), id, "boom", null);
    const response = await run(
      mailLog.action,
      postForm(adminPaths.mail, { intent: "retry", id: String(id) }, { cookie }),
    );
    expect(response.status).toBe(200);
    const row = await getDb().selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "queued", tries: 0 });
    const again = await run(mailLog.action, postForm(adminPaths.mail, { intent: "retry", id: String(id) }, { cookie }));
    expect(again.status).toBe(404);
    const junk = await run(mailLog.action, postForm(adminPaths.mail, { intent: "retry", id: "x" }, { cookie }));
    expect(junk.status).toBe(404);
  });

  it("queues a test message to a typed address; without one and without STAFF_EMAIL it asks for one", async () => {
    const ok = await run(
      mailLog.action,
      postForm(adminPaths.mail, { intent: "test", to: "me@example.org" }, { cookie }),
    );
    expect(ok.status).toBe(200);
    const rows = await getDb().selectFrom("outbox").selectAll().execute();
    expect(rows).toMatchObject([{ kind: "test", to_address: "me@example.org", status: "queued" }]);

    const empty = await run(mailLog.action, postForm(adminPaths.mail, { intent: "test", to: "" }, { cookie }));
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty)).result.error.to).toEqual(["Enter an address: no address for staff alerts is set up."]);
    const bad = await run(mailLog.action, postForm(adminPaths.mail, { intent: "test", to: "nope" }, { cookie }));
    expect(bad.status).toBe(400);
  });

  it("refuses cross-site posts", async () => {
    const response = await run(
      mailLog.action,
      postForm(
        adminPaths.mail,
        { intent: "test", to: "x@example.org" },
        { cookie, headers: { "Sec-Fetch-Site": "cross-site" } },
      ),
    );
    expect(response.status).toBe(403);
  });

  it("shows one message with its text part; unknown or malformed ids are 404", async () => {
    const id = await queue("Readable");
    const data = await bodyOf(
      await run(mailMessage.loader, getRequest(adminPaths.mailMessage(id), { cookie }), { id: String(id) }),
    );
    expect(data.message).toMatchObject({ subject: "Readable", text: "Body of Readable\nline 2", status: "queued" });
    for (const bad of ["999999", "abc", "-1", "1e3"]) {
      expect(
        (await run(mailMessage.loader, getRequest(`${adminPaths.mail}/${bad}`, { cookie }), { id: bad })).status,
      ).toBe(404);
    }
  });

  it("withholds a subscriber's confirmation and unsubscribe links, in the text and the headers", async () => {
    await signUpForNewsletter("opt-in@example.org");
    const row = await getDb()
      .selectFrom("outbox")
      .select(["id", "text_body", "headers"])
      .where("kind", "=", "newsletter.confirm")
      .executeTakeFirstOrThrow();
    const tokens = [...`${row.text_body}${row.headers}`.matchAll(/\/newsletter\/[a-z-]+\/([A-Za-z0-9_-]{20,})/g)].map(
      (match) => match[1],
    );
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const fundraiser = await staffCookie(await staffMember("fundraising"));
    const response = await run(mailMessage.loader, getRequest(adminPaths.mailMessage(row.id), { cookie: fundraiser }), {
      id: String(row.id),
    });
    expect(response.status).toBe(200);
    const shown = JSON.stringify(await bodyOf(response));
    for (const token of tokens) expect(shown).not.toContain(token);
    expect(shown).toContain("/newsletter/confirm/[link withheld]");
    expect(shown).toContain("/newsletter/one-click/[link withheld]");
  });
});

async function confirmed(email: string) {
  await signUpForNewsletter(email);
  const sub = await getDb()
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  // The token is only in the message: read it back from the queued confirmation.
  const row = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("subscriber_id", "=", sub.id)
    .executeTakeFirstOrThrow();
  const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(row.text_body)![1];
  await confirmSubscription(token);
  return sub.id;
}

describe("subscribers", () => {
  it("lists subscribers with status and consent wording, 25 a page", async () => {
    for (let i = 0; i < 26; i++) await signUpForNewsletter(`pending-${i}@example.org`);
    await confirmed("yes@example.org");
    const first = await bodyOf(await run(subscriberList.loader, getRequest(adminPaths.subscribers, { cookie })));
    expect(first.total).toBe(27);
    expect(first.subscribers).toHaveLength(25);
    expect(first.pages).toBe(2);
    const yes = first.subscribers.find((s: { email: string }) => s.email === "yes@example.org");
    expect(yes).toMatchObject({ status: "confirmed", wording: expect.stringMatching(/unsubscribe at any time/) });
    expect(yes.confirmedAt).toBeTruthy();
    expect((await run(subscriberList.loader, getRequest(`${adminPaths.subscribers}?page=-2`, { cookie }))).status).toBe(
      400,
    );
  });

  it("shows the consent history on the subscriber's page", async () => {
    const id = await confirmed("history@example.org");
    const data = await bodyOf(
      await run(subscriberPage.loader, getRequest(adminPaths.subscriber(id), { cookie }), { id: String(id) }),
    );
    expect(data.events.map((e: { kind: string }) => e.kind)).toEqual(["signed-up", "confirmed"]);
    expect(
      (await run(subscriberPage.loader, getRequest(adminPaths.subscriber(1), { cookie }), { id: "zz" })).status,
    ).toBe(404);
  });

  it("exports only confirmed addresses as CSV, formula cells neutralised, and records the export", async () => {
    await confirmed("=cmd@example.org");
    await confirmed("plain@example.org");
    await signUpForNewsletter("pending@example.org");
    const response = await run(exportCsv.loader, getRequest(adminPaths.subscribersExport, { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "email,signed_up_uk_date (YYYY-MM-DD),signed_up_uk_time (HH:MM),confirmed_uk_date (YYYY-MM-DD),confirmed_uk_time (HH:MM)",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^'=cmd@example.org,/);
    expect(lines[2]).toMatch(/^plain@example.org,/);
    const audit = await getDb().selectFrom("audit_events").selectAll().execute();
    expect(audit).toMatchObject([{ action: "subscribers.exported", actor: "admin", detail: "2 confirmed addresses" }]);
  });

  it("removes a subscriber after confirmation, with an audit entry and nothing of them left", async () => {
    const id = await confirmed("leaver@example.org");
    const page = await run(removePage.loader, getRequest(adminPaths.removeSubscriber(id), { cookie }), {
      id: String(id),
    });
    expect(page.status).toBe(200);
    // Without the confirmation field nothing happens.
    const unconfirmed = await run(removePage.action, postForm(adminPaths.removeSubscriber(id), {}, { cookie }), {
      id: String(id),
    });
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(adminPaths.removeSubscriber(id));
    expect(await getDb().selectFrom("newsletter_subscribers").selectAll().execute()).toHaveLength(1);

    const done = await run(
      removePage.action,
      postForm(adminPaths.removeSubscriber(id), { confirmed: "yes" }, { cookie }),
      { id: String(id) },
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(adminPaths.subscribers);
    expect(await getDb().selectFrom("newsletter_subscribers").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("newsletter_consent_events").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("outbox").selectAll().execute()).toEqual([]);
    const audit = await listAudit(getDb(), "subscriber", id);
    expect(audit).toMatchObject([{ action: "subscriber.removed", actor: "admin" }]);
    expect(JSON.stringify(audit)).not.toContain("leaver@");

    const again = await run(
      removePage.action,
      postForm(adminPaths.removeSubscriber(id), { confirmed: "yes" }, { cookie }),
      { id: String(id) },
    );
    expect(again.status).toBe(404);
    const crossSite = await run(
      removePage.action,
      postForm(
        adminPaths.removeSubscriber(id),
        { confirmed: "yes" },
        { cookie, headers: { "Sec-Fetch-Site": "cross-site" } },
      ),
      { id: String(id) },
    );
    expect(crossSite.status).toBe(403);
  });
});
