// The Newsletters staff routes (signed-in only, bad input refused with the reason, the test
// send, the send itself once) and the public archive: the web version of a sent newsletter is
// public, in the sitemap and the list; a draft is not.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import * as newsletterRoute from "~/routes/admin+/dashboard+/newsletters.$id._index/route";
import * as sendRoute from "~/routes/admin+/dashboard+/newsletters.$id.send";
import * as previewRoute from "~/routes/admin+/dashboard+/newsletters.$id.preview[.]html";
import * as indexRoute from "~/routes/admin+/dashboard+/newsletters._index";
import * as newRoute from "~/routes/admin+/dashboard+/newsletters.new";
import * as archiveRoute from "~/routes/_public+/newsletters._index";
import * as webRoute from "~/routes/_public+/newsletters.$slug";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { confirmedSubscriber, resetDatabase } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const newsletters = () => getDb().selectFrom("newsletters").selectAll().execute();

async function createDraft(subject: string): Promise<number> {
  const response = await run(
    newRoute.action,
    postForm(
      "/admin/dashboard/newsletters/new",
      { intent: "save", subject, body: "Hello\r\n\r\nfriends." },
      { cookie },
    ),
  );
  expect(response.status).toBe(303);
  return Number(/\/newsletters\/(\d+)$/.exec(response.headers.get("Location")!)![1]);
}

describe("staff newsletter routes", () => {
  it("send staff who are not signed in to the sign-in page", async () => {
    for (const [fn, path] of [
      [indexRoute.loader, "/admin/dashboard/newsletters"],
      [newRoute.loader, "/admin/dashboard/newsletters/new"],
    ] as const) {
      const response = await run(fn, getRequest(path));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const send = await run(sendRoute.action, postForm("/admin/dashboard/newsletters/1/send", {}), { id: "1" });
    expect(send.status).toBe(302);
  });

  it("refuse a draft without a subject, or with a photo that is not a news upload, with the reason", async () => {
    const empty = await run(
      newRoute.action,
      postForm("/admin/dashboard/newsletters/new", { intent: "save", subject: " ", body: "Text" }, { cookie }),
    );
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await bodyOf(empty))).toContain("Subject is required");
    const photo = await run(
      newRoute.action,
      postForm(
        "/admin/dashboard/newsletters/new",
        { intent: "save", subject: "S", body: "Text", image: "0".repeat(32) },
        { cookie },
      ),
    );
    expect(photo.status).toBe(400);
    expect(JSON.stringify(await bodyOf(photo))).toContain("Choose one of the photos in the list");
    expect(await newsletters()).toHaveLength(0);
  });

  it("save a draft, send a test to the typed address only, and send to subscribers once however often pressed", async () => {
    await confirmedSubscriber(getDb(), "reader@example.org");
    const id = await createDraft("Winter letter");
    expect((await newsletters())[0]).toMatchObject({
      subject: "Winter letter",
      body: "Hello\n\nfriends.",
      status: "draft",
    });

    const test = await run(
      newsletterRoute.action,
      postForm(`/admin/dashboard/newsletters/${id}`, { intent: "test", to: "me@example.org" }, { cookie }),
      { id: String(id) },
    );
    expect(test.status).toBe(200);
    const tests = await getDb().selectFrom("outbox").selectAll().execute();
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({
      to_address: "me@example.org",
      kind: "newsletter.test",
      subject: "[Test] Winter letter",
    });
    // No List-Unsubscribe headers on a test: only the Reply-To every message carries.
    expect(JSON.parse(tests[0].headers!)).toEqual({ "Reply-To": "info@example.org" });

    const badTest = await run(
      newsletterRoute.action,
      postForm(`/admin/dashboard/newsletters/${id}`, { intent: "test", to: "not-an-address" }, { cookie }),
      { id: String(id) },
    );
    expect(badTest.status).toBe(400);

    const confirm = await run(sendRoute.loader, getRequest(`/admin/dashboard/newsletters/${id}/send`, { cookie }), {
      id: String(id),
    });
    expect(await bodyOf(confirm)).toMatchObject({ recipients: 1, subject: "Winter letter" });

    for (let press = 0; press < 2; press++) {
      const sent = await run(sendRoute.action, postForm(`/admin/dashboard/newsletters/${id}/send`, {}, { cookie }), {
        id: String(id),
      });
      expect(sent.status).toBe(303);
    }
    const issues = await getDb().selectFrom("outbox").selectAll().where("kind", "=", "newsletter.issue").execute();
    expect(issues.map((m) => m.to_address)).toEqual(["reader@example.org"]);

    // A sent newsletter cannot be edited; its page shows the progress.
    const edit = await run(
      newsletterRoute.action,
      postForm(`/admin/dashboard/newsletters/${id}`, { intent: "save", subject: "Changed", body: "x" }, { cookie }),
      { id: String(id) },
    );
    expect(edit.status).toBe(409);
    const page = await bodyOf(
      await run(newsletterRoute.loader, getRequest(`/admin/dashboard/newsletters/${id}`, { cookie }), {
        id: String(id),
      }),
    );
    expect(page.progress).toEqual({ queued: 1, sent: 0, failed: 0 });
    expect(page.newsletter.webPath).toBe("/newsletters/winter-letter");
  });

  it("serve the preview as a framed, script-free page for staff only", async () => {
    const id = await createDraft("Preview me");
    const response = await run(previewRoute.loader, getRequest(`/x`, { cookie }), { id: String(id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toContain('<h1 style="font-size:1.5em">Preview me</h1>');
    expect((await run(previewRoute.loader, getRequest(`/x`), { id: String(id) })).status).toBe(302);
  });
});

describe("the public archive", () => {
  it("shows sent newsletters only: the web version, the list and the sitemap", async () => {
    const draftId = await createDraft("Still a draft");
    const sentId = await createDraft("Sent letter");
    await run(sendRoute.action, postForm(`/admin/dashboard/newsletters/${sentId}/send`, {}, { cookie }), {
      id: String(sentId),
    });
    expect(draftId).not.toBe(sentId);

    const web = await run(webRoute.loader, new Request("http://localhost/newsletters/sent-letter"), {
      slug: "sent-letter",
    });
    expect(web.status).toBe(200);
    const { newsletter } = await bodyOf(web);
    expect(newsletter).toMatchObject({ subject: "Sent letter", url: "http://localhost:3000/newsletters/sent-letter" });
    expect(newsletter.html).toContain("<p>friends.</p>");
    expect(webRoute.handle.pageCache).toBe(true);

    for (const slug of ["still-a-draft", "nope", "../etc"]) {
      const missing = await run(webRoute.loader, new Request(`http://localhost/newsletters/x`), { slug });
      expect(missing.status).toBe(404);
    }

    const list = await bodyOf(await run(archiveRoute.loader, new Request("http://localhost/newsletters")));
    expect(list.newsletters.map((n: { subject: string }) => n.subject)).toEqual(["Sent letter"]);

    const sitemap = await (
      await sitemapLoader({ request: new Request("http://localhost/sitemap.xml"), params: {}, context: {} } as never)
    ).text();
    expect(sitemap).toContain("<loc>http://localhost:3000/newsletters/sent-letter</loc>");
    expect(sitemap).not.toContain("still-a-draft");
  });
});
