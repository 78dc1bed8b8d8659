// The staff inbox: list order, filters, pages, search, detail, handled/reopen, delete (with and
// without confirmation), the audit rows of each change, CSV export and retention.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { listAudit } from "~/site/models/audit.server";
import { createEnquiry, getEnquiry, listEnquiries } from "~/supporters/models/enquiry.server";
import * as detailRoute from "~/routes/admin+/dashboard+/enquiries.$id._index";
import * as deleteRoute from "~/routes/admin+/dashboard+/enquiries.$id.delete";
import * as listRoute from "~/routes/admin+/dashboard+/enquiries._index";
import * as exportRoute from "~/routes/admin+/dashboard+/enquiries.export[.]csv";
import { MESSAGE_SEARCH_WINDOW } from "~/supporters/schemas/enquiry";
import { deleteExpiredEnquiries, SYSTEM_ACTOR } from "~/supporters/services/enquiries.server";
import { runHousekeeping } from "~/site/services/housekeeping.server";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { resetDatabase } from "./helpers";

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const LIST = "/admin/dashboard/enquiries";
const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" };

let clock = Date.parse("2030-01-01T00:00:00Z");
/** Enquiries a minute apart, oldest first, so the order is certain. */
async function enquiry(
  over: Partial<Parameters<typeof createEnquiry>[1]> & { at?: string; status?: "new" | "handled" } = {},
) {
  clock += 60_000;
  const row = await createEnquiry(
    getDb(),
    {
      name: over.name ?? "Ada Lovelace",
      email: over.email ?? "ada@example.org",
      subject: over.subject ?? "general",
      message: over.message ?? "Hello there",
      channel: over.channel ?? "email",
    },
    over.at ?? new Date(clock).toISOString(),
  );
  if (over.status === "handled") {
    await getDb().updateTable("contact_enquiries").set({ status: "handled" }).where("id", "=", row.id).execute();
  }
  return row;
}

async function listPage(query = "") {
  const response = await run(listRoute.loader, getRequest(`${LIST}${query}`, { cookie }));
  return { status: response.status, body: await bodyOf(response) };
}

describe("the inbox", () => {
  it("lists new enquiries first, then newest first, and counts them", async () => {
    const a = await enquiry({ name: "Old new" });
    const b = await enquiry({ name: "Handled", status: "handled" });
    const c = await enquiry({ name: "Newest new" });
    const { status, body } = await listPage();
    expect(status).toBe(200);
    expect(body.list.enquiries.map((e: { id: number }) => e.id)).toEqual([c.id, a.id, b.id]);
    expect(body.list.total).toBe(3);
    expect(body.list.enquiries[0]).toMatchObject({ subject: "General Inquiry", status: "new", preview: "Hello there" });
  });

  it("filters by status and subject", async () => {
    const handled = await enquiry({ subject: "media", status: "handled" });
    const media = await enquiry({ subject: "media" });
    await enquiry({ subject: "volunteer" });
    const ids = async (q: string) => (await listPage(q)).body.list.enquiries.map((e: { id: number }) => e.id);
    expect(await ids("?subject=media")).toEqual([media.id, handled.id]);
    expect(await ids("?subject=media&status=handled")).toEqual([handled.id]);
    expect((await listPage("?status=new")).body.list.total).toBe(2);
    // An empty select ("Any") is no filter.
    expect((await listPage("?status=&subject=&q=")).body.list.total).toBe(3);
  });

  it("pages by 25 with exact edges, and an empty page past the end", async () => {
    for (let i = 0; i < 51; i++) await enquiry({ name: `Person ${i}` });
    const one = await listPage();
    expect(one.body.list.enquiries).toHaveLength(25);
    expect(one.body.list.lastPage).toBe(3);
    expect((await listPage("?page=2")).body.list.enquiries).toHaveLength(25);
    const three = await listPage("?page=3");
    expect(three.body.list.enquiries).toHaveLength(1);
    expect(three.body.list.enquiries[0].name).toBe("Person 0");
    const past = await listPage("?page=4");
    expect(past.status).toBe(200);
    expect(past.body.list.enquiries).toHaveLength(0);
  });

  it.each([
    "?status=open",
    "?subject=spam",
    "?page=0",
    "?page=-1",
    "?page=1.5",
    "?page=abc",
    "?page=99999999999",
    "?page=1&page=2",
    "?q=a",
    `?q=${"x".repeat(101)}`,
    "?status=new&status=handled",
  ])("answers the bad filter %s with a 400 and the reason, not a 500", async (query) => {
    const { status, body } = await listPage(query);
    expect(status).toBe(400);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.list).toBeNull();
  });

  it("searches names and addresses by prefix in any letter case, and text in recent messages", async () => {
    const ada = await enquiry({ name: "Ada Lovelace", email: "countess@analytical.example" });
    const grace = await enquiry({
      name: "Grace Hopper",
      email: "GRACE@navy.example",
      message: "About the COBOL clinic",
    });
    await enquiry({ name: "Alan Turing", email: "alan@bletchley.example", message: "100% sure_thing" });
    const names = async (q: string) =>
      (await listPage(`?q=${encodeURIComponent(q)}`)).body.list.enquiries.map((e: { name: string }) => e.name).sort();
    expect(await names("ada")).toEqual(["Ada Lovelace"]);
    expect(await names("grace@")).toEqual(["Grace Hopper"]);
    expect(await names("COUNTESS")).toEqual(["Ada Lovelace"]);
    expect(await names("cobol")).toEqual(["Grace Hopper"]);
    expect(await names("lovelace")).toEqual(["Ada Lovelace"]);
    // LIKE's wildcards are searched for literally.
    expect(await names("0%")).toEqual(["Alan Turing"]);
    expect(await names("e_t")).toEqual(["Alan Turing"]);
    expect(await names("%%")).toEqual([]);
    expect(await names("zzz")).toEqual([]);
    // Search combines with the other filters.
    await getDb().updateTable("contact_enquiries").set({ status: "handled" }).where("id", "=", grace.id).execute();
    expect((await listPage("?q=grace&status=new")).body.list.total).toBe(0);
    expect(ada.id).toBeGreaterThan(0);
  });

  it("finds old messages' text only inside the search window, but their senders always", async () => {
    const old = await enquiry({ name: "Zelda Old", email: "zelda@example.org", message: "unique-marker-text" });
    const db = getDb();
    const now = new Date(clock + 60_000).toISOString();
    await db
      .insertInto("contact_enquiries")
      .values(
        Array.from({ length: MESSAGE_SEARCH_WINDOW }, (_, i) => ({
          name: `Filler ${i}`,
          email: `filler${i}@example.org`,
          subject: "general",
          message: "filler",
          channel: "email" as const,
          created_at: now,
        })),
      )
      .execute();
    expect((await listEnquiries(db, { q: "unique-marker" }, 1, 25)).total).toBe(0);
    expect((await listEnquiries(db, { q: "zelda" }, 1, 25)).enquiries.map((e) => e.id)).toEqual([old.id]);
    // A loose term's count stops at the cap.
    const loose = await listEnquiries(db, { q: "filler" }, 1, 25);
    expect(loose.enquiries).toHaveLength(25);
    expect(loose.capped).toBe(true);
  });

  it("needs a signed-in user", async () => {
    const response = await run(listRoute.loader, getRequest(LIST));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

describe("an enquiry's page", () => {
  it("shows the message as stored, a reply draft, and a 404 for missing or malformed ids", async () => {
    const row = await enquiry({
      subject: "partnership",
      email: "a&b?c@example.org",
      message: "Line one\nLine two <b>x</b>",
    });
    const response = await run(detailRoute.loader, getRequest(`${LIST}/${row.id}`, { cookie }), { id: String(row.id) });
    const { enquiry: shown } = await bodyOf(response);
    expect(shown.message).toBe("Line one\nLine two <b>x</b>");
    expect(shown.replyHref).toBe("mailto:a%26b%3Fc@example.org?subject=Re%3A%20Partnership%20Opportunities");
    for (const id of ["0", "07", "-1", "abc", "1e3", "99999", "9".repeat(30)]) {
      const missing = await run(detailRoute.loader, getRequest(`${LIST}/${id}`, { cookie }), { id });
      expect(missing.status).toBe(404);
    }
  });

  it("marks handled and reopens, each once in the audit trail with who did it", async () => {
    const row = await enquiry();
    const post = (intent: string) =>
      run(detailRoute.action, postForm(`${LIST}/${row.id}`, { intent }, { cookie }), { id: String(row.id) });
    const handled = await post("handled");
    expect(handled.status).toBe(303);
    expect(handled.headers.get("Location")).toBe(`${LIST}/${row.id}`);
    const stored = await getEnquiry(getDb(), row.id);
    expect(stored).toMatchObject({ status: "handled" });
    expect(stored!.handledAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await post("handled"); // already handled: no second audit row
    await post("reopen");
    expect(await getEnquiry(getDb(), row.id)).toMatchObject({ status: "new", handledAt: null });
    const trail = await listAudit(getDb(), "enquiry", row.id);
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ["enquiry.handled", "admin"],
      ["enquiry.reopened", "admin"],
    ]);
    const page = await bodyOf(
      await run(detailRoute.loader, getRequest(`${LIST}/${row.id}`, { cookie }), { id: String(row.id) }),
    );
    expect(page.history).toHaveLength(2);
  });

  it("refuses unknown intents (400), missing enquiries (404) and cross-site posts (403)", async () => {
    const row = await enquiry();
    const id = String(row.id);
    expect(
      (await run(detailRoute.action, postForm(`${LIST}/${id}`, { intent: "delete" }, { cookie }), { id })).status,
    ).toBe(400);
    expect((await run(detailRoute.action, postForm(`${LIST}/${id}`, {}, { cookie }), { id })).status).toBe(400);
    expect(
      (await run(detailRoute.action, postForm(`${LIST}/99999`, { intent: "handled" }, { cookie }), { id: "99999" }))
        .status,
    ).toBe(404);
    expect(
      (await run(detailRoute.action, postForm(`${LIST}/x`, { intent: "handled" }, { cookie }), { id: "x" })).status,
    ).toBe(404);
    const cross = await run(
      detailRoute.action,
      postForm(`${LIST}/${id}`, { intent: "handled" }, { cookie, headers: crossSite }),
      { id },
    );
    expect(cross.status).toBe(403);
    expect(await getEnquiry(getDb(), row.id)).toMatchObject({ status: "new" });
    const json = new Request(`http://localhost${LIST}/${id}`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    expect((await run(detailRoute.action, json, { id })).status).toBe(400);
  });
});

describe("deleting an enquiry", () => {
  it("asks on a confirmation page first, then deletes and audits", async () => {
    const row = await enquiry();
    const id = String(row.id);
    const unconfirmed = await run(deleteRoute.action, postForm(`${LIST}/${id}/delete`, {}, { cookie }), { id });
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`${LIST}/${id}/delete`);
    expect(await getEnquiry(getDb(), row.id)).toBeDefined();
    const confirmPage = await run(deleteRoute.loader, getRequest(`${LIST}/${id}/delete`, { cookie }), { id });
    expect((await bodyOf(confirmPage)).enquiry).toMatchObject({ id: row.id, subject: "General Inquiry" });

    const confirmed = await run(
      deleteRoute.action,
      postForm(`${LIST}/${id}/delete`, { confirmed: "yes" }, { cookie }),
      { id },
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(LIST);
    expect(await getEnquiry(getDb(), row.id)).toBeUndefined();
    const trail = await listAudit(getDb(), "enquiry", row.id);
    expect(trail).toMatchObject([{ action: "enquiry.deleted", actor: "admin", detail: null }]);

    const again = await run(deleteRoute.action, postForm(`${LIST}/${id}/delete`, { confirmed: "yes" }, { cookie }), {
      id,
    });
    expect(again.status).toBe(404);
    expect((await run(deleteRoute.loader, getRequest(`${LIST}/${id}/delete`, { cookie }), { id })).status).toBe(404);
  });

  it("refuses a cross-site delete", async () => {
    const row = await enquiry();
    const id = String(row.id);
    const response = await run(
      deleteRoute.action,
      postForm(`${LIST}/${id}/delete`, { confirmed: "yes" }, { cookie, headers: crossSite }),
      { id },
    );
    expect(response.status).toBe(403);
    expect(await getEnquiry(getDb(), row.id)).toBeDefined();
  });
});

describe("the CSV export", () => {
  it("exports the filtered inbox with formula cells neutralised", async () => {
    await enquiry({ name: '=HYPERLINK("x")', subject: "media", message: "Line 1\nLine 2" });
    await enquiry({ name: "Other", subject: "general" });
    const response = await run(exportRoute.loader, getRequest(`${LIST}/export.csv?subject=media`, { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="enquiries-/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    // UK local date and time in their own columns, the format in the header.
    expect(lines[0]).toBe(
      "id,received_uk_date (YYYY-MM-DD),received_uk_time (HH:MM),status,handled_uk_date (YYYY-MM-DD),handled_uk_time (HH:MM),subject,name,email,channel,message",
    );
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d{2}-\d{2},\d{2}:\d{2},new,,,/);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('"Line 1\nLine 2"');
    expect(text).not.toContain("Other");
    expect((await run(exportRoute.loader, getRequest(`${LIST}/export.csv?status=bogus`, { cookie }))).status).toBe(400);
    expect((await run(exportRoute.loader, getRequest(`${LIST}/export.csv`))).status).toBe(302);
  });
});

describe("retention", () => {
  it("deletes enquiries older than the period, keeps younger ones, and audits a count", async () => {
    const now = new Date("2031-06-01T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const old = await enquiry({ at: new Date(now.getTime() - 366 * day).toISOString() });
    const edge = await enquiry({ at: new Date(now.getTime() - 365 * day + 1000).toISOString() });
    expect(await deleteExpiredEnquiries(now, 365)).toBe(1);
    expect(await getEnquiry(getDb(), old.id)).toBeUndefined();
    expect(await getEnquiry(getDb(), edge.id)).toBeDefined();
    const audit = await getDb().selectFrom("audit_events").selectAll().where("entity", "=", "privacy").execute();
    expect(audit).toMatchObject([
      { action: "retention.enquiries-deleted", actor: SYSTEM_ACTOR, detail: "1 enquiry older than 365 days" },
    ]);
    // Nothing to delete: no audit row.
    expect(await deleteExpiredEnquiries(now, 365)).toBe(0);
    expect(await getDb().selectFrom("audit_events").selectAll().execute()).toHaveLength(1);
  });

  it("runs in housekeeping with the configured period", async () => {
    const now = new Date("2031-06-01T12:00:00Z");
    await enquiry({ at: new Date(now.getTime() - 40 * 24 * 60 * 60 * 1000).toISOString() });
    expect((await runHousekeeping(now, getDb(), { enquiryRetentionDays: 60 })).expiredEnquiries).toBe(0);
    expect((await runHousekeeping(now, getDb(), { enquiryRetentionDays: 30 })).expiredEnquiries).toBe(1);
    // Default: ENQUIRY_RETENTION_DAYS unset, so 365 days.
    await enquiry({ at: new Date(now.getTime() - 400 * 24 * 60 * 60 * 1000).toISOString() });
    expect((await runHousekeeping(now)).expiredEnquiries).toBe(1);
  });
});
