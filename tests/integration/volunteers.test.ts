// Volunteer applications: the public form on the Get Involved pages (field by field,
// the throttle, the acknowledgement and the staff alert), the staff Volunteers section (list,
// filters, search, an application's page, status changes with their history and audit, role
// refusals, the CSV export), the kind e-mails a status change can send and their templates staff
// edit, retention by the clock and privacy requests.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/infra/db.server";
import { setClock } from "~/infra/clock.server";
import { listAudit } from "~/site/models/audit.server";
import * as publicPage from "~/routes/_public+/get-involved.$page";
import * as detailRoute from "~/routes/admin+/dashboard+/volunteers.$id";
import * as listRoute from "~/routes/admin+/dashboard+/volunteers._index";
import * as exportRoute from "~/routes/admin+/dashboard+/volunteers.export[.]csv";
import * as mailsRoute from "~/routes/admin+/dashboard+/volunteers.emails";
import { volunteerThanks } from "~/content/volunteers";
import { runHousekeeping } from "~/site/services/housekeeping.server";
import { getSupporterPage } from "~/supporters/services/supporters.server";
import { erasePersonalData, findPersonalData } from "~/supporters/services/privacy.server";
import { saveCharitySettings } from "~/site/services/charity-settings.server";
import { defaultVolunteerInterests } from "~/content/volunteers";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { resetDatabase } from "./helpers";
import { staffCookie, staffMember } from "./team-support";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.STAFF_EMAIL = "staff@example.org";
  process.env.PUBLIC_FORM_LIMIT_PER_MINUTE = "4";
  process.env.PUBLIC_FORM_LIMIT_PER_HOUR = "100";
  process.env.TRUST_PROXY = "true";
});

const valid = {
  name: "Ann O'Neil",
  email: "ann@example.com",
  phone: "07700 900123",
  district: "sw1a 1aa",
  availability: "Weekday evenings",
  experience: "Two years at a food bank",
  why: "I would like to help clinics abroad.\nAnd meet people.",
  consent: "on",
};

let client = 0;
/** A post of the application form from a new client (the throttle counts per client). */
function apply(fields: Record<string, string>, interests: string[] = [], page = "volunteers", ip?: string) {
  const body = new URLSearchParams(fields);
  for (const interest of interests) body.append("interests", interest);
  client += 1;
  const request = new Request(`http://localhost/get-involved/${page}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      Origin: "http://localhost",
      "X-Forwarded-For": ip ?? `198.51.100.${client % 250}`,
    },
  });
  return run(publicPage.action, request, { page });
}

const applications = () => getDb().selectFrom("volunteer_applications").selectAll().orderBy("id").execute();
const mail = (kind: string) => getDb().selectFrom("outbox").selectAll().where("kind", "=", kind).execute();

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});
afterEach(() => setClock(null));

describe("the application form", () => {
  it("offers the charity's interests on the three application pages, and only there", async () => {
    const volunteers = await bodyOf(
      await run(publicPage.loader, getRequest("/get-involved/volunteers"), { page: "volunteers" }),
    );
    expect(volunteers.interests).toContain("Fundraising events");
    for (const page of ["internships", "advisors"]) {
      const data = await bodyOf(await run(publicPage.loader, getRequest(`/get-involved/${page}`), { page }));
      expect(data.interests.length).toBeGreaterThan(0);
    }
    const other = await bodyOf(
      await run(publicPage.loader, getRequest("/get-involved/memoriam"), { page: "memoriam" }),
    );
    expect(other.interests).toBeNull();
    // The tribute page's own form (Start your page) answers there: an application is not taken.
    expect((await apply(valid, [], "memoriam")).status).toBe(400);
    expect(await applications()).toHaveLength(0);
  });

  it("stores an application (district only), acknowledges the applicant and alerts staff, then says thank you", async () => {
    const response = await apply(valid, ["Translation", "Fundraising events"]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/get-involved/volunteers/applied");

    const [row] = await applications();
    expect(row).toMatchObject({
      kind: "volunteers",
      name: "Ann O'Neil",
      email: "ann@example.com",
      phone: "07700 900123",
      district: "SW1A",
      status: "new",
      why: valid.why,
    });
    expect(row.consent_text).toMatch(/keep it for 12 months/);
    expect(row.supporter_id).not.toBeNull();
    const interests = await getDb().selectFrom("volunteer_application_interests").selectAll().execute();
    expect(interests.map((i) => i.interest).sort()).toEqual(["Fundraising events", "Translation"]);

    const [ack] = await mail("volunteer.ack");
    expect(ack.to_address).toBe("ann@example.com");
    expect(ack.text_body).toContain("Dear Ann O'Neil");
    expect(ack.text_body).not.toContain("food bank");
    // What happens next, in the same words as the thank-you page.
    expect(ack.text_body).toContain(
      `WHAT HAPPENS NEXT\n\n1. ${volunteerThanks.next[0]}\n2. ${volunteerThanks.next[1]}`,
    );
    const [alert] = await mail("volunteer.staff");
    expect(alert.to_address).toBe("staff@example.org");
    expect(alert.text_body).toContain(`/admin/dashboard/volunteers/${row.id}`);
    expect(alert.text_body).not.toContain("ann@example.com");
  });

  it("takes an outward code alone, and internship and advisory-board applications", async () => {
    expect((await apply({ ...valid, district: " m1 " }, [], "internships")).status).toBe(303);
    expect((await apply({ ...valid, phone: "" }, [], "advisors")).status).toBe(303);
    const rows = await applications();
    expect(rows.map((r) => [r.kind, r.district, r.phone])).toEqual([
      ["internships", "M1", "07700 900123"],
      ["advisors", "SW1A", ""],
    ]);
  });

  const refusals: [string, Record<string, string>, string, RegExp][] = [
    ["no name", { name: "" }, "name", /Full name is required/],
    ["a name with a link", { name: "www.example.org" }, "name", /only letters/],
    ["no e-mail", { email: "" }, "email", /Email address is required/],
    ["a bad e-mail", { email: "ann@" }, "email", /valid email/],
    ["a bad phone", { phone: "call me" }, "phone", /valid phone number/],
    ["no district", { district: "" }, "district", /Postcode district is required/],
    ["not a district", { district: "XYZ123" }, "district", /UK postcode district/],
    ["no availability", { availability: "" }, "availability", /Availability is required/],
    ["a bidi control", { availability: "Evenings\u202e" }, "availability", /invisible control character/],
    ["too long experience", { experience: "x".repeat(2_001) }, "experience", /at most 2000 characters/],
    ["no why", { why: "" }, "why", /Tell us why/],
    ["no consent", { consent: "" }, "consent", /Tick the box/],
  ];
  for (const [what, change, field, message] of refusals) {
    it(`refuses ${what} with a 400, the message under ${field} and the input kept`, async () => {
      const response = await apply({ ...valid, ...change });
      expect(response.status).toBe(400);
      const { result } = await bodyOf(response);
      expect(result.error[field].join(" ")).toMatch(message);
      const kept = field === "name" ? "email" : "name";
      expect(result.initialValue[kept]).toBe(valid[kept]);
      expect(await applications()).toHaveLength(0);
      expect(await mail("volunteer.ack")).toHaveLength(0);
    });
  }

  it("refuses an interest that is not on the charity's list", async () => {
    const response = await apply(valid, ["Juggling"]);
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).result.error.interests[0]).toMatch(/Juggling/);
    expect(await applications()).toHaveLength(0);
  });

  it("offers what an admin saved in Settings", async () => {
    await saveCharitySettings("volunteers", { volunteerInterests: "Gala stewarding\nClinic visits" }, "admin");
    try {
      const data = await bodyOf(
        await run(publicPage.loader, getRequest("/get-involved/volunteers"), { page: "volunteers" }),
      );
      expect(data.interests).toEqual(["Gala stewarding", "Clinic visits"]);
      expect((await apply(valid, ["Clinic visits"])).status).toBe(303);
      expect((await apply(valid, ["Translation"])).status).toBe(400);
    } finally {
      await saveCharitySettings("volunteers", { volunteerInterests: defaultVolunteerInterests }, "admin");
    }
  });

  it("is throttled per client like the contact form (429 with Retry-After, input kept)", async () => {
    for (let i = 0; i < 4; i++) expect((await apply(valid, [], "volunteers", "203.0.113.9")).status).toBe(303);
    const refused = await apply({ ...valid, name: "Fifth Try" }, [], "volunteers", "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await bodyOf(refused)).result.initialValue.name).toBe("Fifth Try");
    expect(await applications()).toHaveLength(4);
  });

  it("refuses a post from another site (403) and a filled honeypot (400)", async () => {
    const body = new URLSearchParams(valid);
    const crossSite = new Request("http://localhost/get-involved/volunteers", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "cross-site",
        Origin: "https://evil.example",
      },
    });
    expect((await run(publicPage.action, crossSite, { page: "volunteers" })).status).toBe(403);
    expect((await apply({ ...valid, website: "spam" })).status).toBe(400);
    expect(await applications()).toHaveLength(0);
  });
});

async function applied(fields: Partial<typeof valid> = {}, interests: string[] = [], page = "volunteers") {
  const response = await apply({ ...valid, ...fields }, interests, page);
  expect(response.status).toBe(303);
  return (await applications()).at(-1)!;
}

const list = async (query = "", as = cookie) => {
  const response = await run(listRoute.loader, getRequest(`/admin/dashboard/volunteers${query}`, { cookie: as }));
  return {
    status: response.status,
    body: response.status === 200 || response.status === 400 ? await bodyOf(response) : null,
  };
};

const changeStatus = (id: number, fields: Record<string, string>, as = cookie) =>
  run(detailRoute.action, postForm(`/admin/dashboard/volunteers/${id}`, fields, { cookie: as }), { id: String(id) });

describe("the staff Volunteers section", () => {
  it("lists applications newest first, filtered by status, interest and kind, searched by name", async () => {
    const ann = await applied({}, ["Translation"]);
    const bob = await applied({ name: "Bob Stone", email: "bob@example.com" }, ["Design"], "internships");
    const cat = await applied({ name: "Cat Ann Smith", email: "cat@example.com" }, ["Translation", "Design"]);
    await changeStatus(bob.id, { status: "contacted" });

    const all = await list();
    expect(all.body.list.applications.map((a: { name: string }) => a.name)).toEqual([
      "Cat Ann Smith",
      "Bob Stone",
      "Ann O'Neil",
    ]);
    const names = async (query: string) => (await list(query)).body.list.applications.map((a: { id: number }) => a.id);
    expect(await names("?status=contacted")).toEqual([bob.id]);
    expect(await names("?interest=Translation")).toEqual([cat.id, ann.id]);
    expect(await names("?interest=Design&status=new")).toEqual([cat.id]);
    expect(await names("?kind=internships")).toEqual([bob.id]);
    expect(await names("?q=ann")).toEqual([cat.id, ann.id]);
    expect(await names("?q=BOB")).toEqual([bob.id]);
    const bad = await list("?status=sleeping&status=new");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/more than once/);
  });

  it("marks an application Contacted with a note: its page shows the history, the audit has who and when", async () => {
    const ann = await applied();
    const response = await changeStatus(ann.id, { status: "contacted", note: "Phoned, will visit on Friday" });
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: `/admin/dashboard/volunteers/${ann.id}`,
      notice: "Status changed.",
    });
    await changeStatus(ann.id, { status: "interviewed" });

    const page = await bodyOf(
      await run(detailRoute.loader, getRequest(`/admin/dashboard/volunteers/${ann.id}`, { cookie }), {
        id: String(ann.id),
      }),
    );
    expect(page.application.status).toBe("interviewed");
    expect(page.application.history).toMatchObject([
      { fromStatus: "new", toStatus: "contacted", note: "Phoned, will visit on Friday", actor: "admin" },
      { fromStatus: "contacted", toStatus: "interviewed", note: null, actor: "admin" },
    ]);
    expect(page.next).toEqual(["contacted", "active", "inactive", "declined"]);
    const audit = await listAudit(getDb(), "volunteer", ann.id);
    expect(audit.map((e) => [e.action, e.detail, e.actor])).toEqual([
      ["volunteer.status", "New → Contacted", "admin"],
      ["volunteer.status", "Contacted → Interviewed", "admin"],
    ]);
    expect(audit[0].actorId).not.toBeNull();
    expect(audit[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("refuses the same status, back to New, an unknown status and a bad note, changing nothing", async () => {
    const ann = await applied();
    await changeStatus(ann.id, { status: "contacted" });
    const same = await changeStatus(ann.id, { status: "contacted" });
    expect(same.status).toBe(409);
    expect((await bodyOf(same)).result.error[""][0]).toBe("This application is already Contacted.");
    expect((await changeStatus(ann.id, { status: "new" })).status).toBe(409);
    expect((await changeStatus(ann.id, { status: "asleep" })).status).toBe(400);
    const badNote = await changeStatus(ann.id, { status: "active", note: "ok\u202e" });
    expect(badNote.status).toBe(400);
    expect((await bodyOf(badNote)).result.error.note[0]).toMatch(/invisible control character/);
    expect((await applications())[0].status).toBe("contacted");
    expect(await listAudit(getDb(), "volunteer", ann.id)).toHaveLength(1);
    expect((await changeStatus(99_999, { status: "active" })).status).toBe(404);
  });

  it("with “E-mail the applicant”, Contacted, Active and Declined send their kind e-mail; otherwise nothing is sent", async () => {
    const ann = await applied();
    const statusMail = () => mail("volunteer.status");
    // Not ticked: nothing. Ticked for a status with no template (Interviewed): nothing.
    await changeStatus(ann.id, { status: "contacted" });
    const interviewed = await changeStatus(ann.id, { status: "interviewed", emailApplicant: "on" });
    expect(await savedNoticeOf(interviewed)).toMatchObject({ notice: "Status changed." });
    expect(await statusMail()).toHaveLength(0);

    const accepted = await changeStatus(ann.id, { status: "active", emailApplicant: "on" });
    expect(await savedNoticeOf(accepted)).toMatchObject({
      notice: "Status changed, and the applicant has been e-mailed.",
    });
    const [welcome] = await statusMail();
    expect(welcome).toMatchObject({
      to_address: "ann@example.com",
      subject: "Welcome to Community Health Aid UK",
      volunteer_application_id: ann.id,
    });
    expect(welcome.text_body).toContain("Dear Ann O'Neil,");
    expect(welcome.text_body).toContain("We are delighted to welcome you as a volunteer with Community Health Aid UK.");
    expect(welcome.text_body).toContain("-- \nCommunity Health Aid UK");
    expect(JSON.parse(welcome.headers!)).toHaveProperty("Reply-To");
    expect(welcome.text_body).not.toMatch(/\{(name|role|charity)\}/);

    const bo = await applied({ name: "Bo Li", email: "bo@example.com" }, [], "internships");
    await changeStatus(bo.id, { status: "contacted", emailApplicant: "on" });
    await changeStatus(bo.id, { status: "declined", emailApplicant: "on" });
    const toBo = (await statusMail()).filter((m) => m.to_address === "bo@example.com");
    expect(toBo.map((m) => m.subject)).toEqual([
      "About your application to Community Health Aid UK",
      "Your application to Community Health Aid UK",
    ]);
    expect(toBo[0].text_body).toContain("applying to be an intern with Community Health Aid UK");
    const audit = await listAudit(getDb(), "volunteer", bo.id);
    expect(audit.map((e) => e.detail)).toEqual([
      "New → Contacted (applicant e-mailed)",
      "Contacted → Declined (applicant e-mailed)",
    ]);
  });

  it("staff edit a status's e-mail: saved and audited, used from then on; an unknown placeholder is refused", async () => {
    const page = async () =>
      bodyOf(await run(mailsRoute.loader, getRequest("/admin/dashboard/volunteers/emails", { cookie })));
    const { templates } = await page();
    expect(templates.map((t: { status: string }) => t.status)).toEqual(["contacted", "active", "declined"]);
    const original = templates[0];
    const save = (fields: Record<string, string>, as = cookie) =>
      run(mailsRoute.action, postForm("/admin/dashboard/volunteers/emails", fields, { cookie: as }));
    try {
      const bad = await save({ status: "contacted", subject: "Hello {nam}", body: "" });
      expect(bad.status).toBe(400);
      const refused = await bodyOf(bad);
      expect(refused.status).toBe("contacted");
      expect(refused.result.error.subject[0]).toBe("{nam} is not a placeholder: use {name}, {role} or {charity}.");
      expect(refused.result.error.body[0]).toBe("Message is required");
      expect(refused.result.initialValue.subject).toBe("Hello {nam}");

      const saved = await save({
        status: "contacted",
        subject: "Hello from {charity}",
        body: "Hi {name},\n\nCan we call you about being {role}?",
      });
      expect(await savedNoticeOf(saved)).toMatchObject({ location: "/admin/dashboard/volunteers/emails" });
      expect((await page()).templates[0]).toMatchObject({ subject: "Hello from {charity}", updatedBy: "admin" });
      const audit = await getDb()
        .selectFrom("audit_events")
        .select(["action", "detail", "actor"])
        .where("action", "=", "volunteer.mail-template")
        .execute();
      expect(audit).toEqual([
        { action: "volunteer.mail-template", detail: "E-mail for Contacted changed", actor: "admin" },
      ]);

      const ann = await applied();
      await changeStatus(ann.id, { status: "contacted", emailApplicant: "on" });
      const [sent] = await mail("volunteer.status");
      expect(sent.subject).toBe("Hello from Community Health Aid UK");
      expect(sent.text_body).toContain("Hi Ann O'Neil,\n\nCan we call you about being a volunteer?");

      const editor = await staffCookie(await staffMember("editor"));
      expect((await save({ status: "contacted", subject: "x", body: "y" }, editor)).status).toBe(403);
    } finally {
      await save({ status: "contacted", subject: original.subject, body: original.body });
    }
  });

  it("is open to admin and fundraising, refused to editors (403) and to the signed-out", async () => {
    const ann = await applied();
    const fundraising = await staffCookie(await staffMember("fundraising"));
    expect((await list("", fundraising)).status).toBe(200);
    expect((await changeStatus(ann.id, { status: "contacted" }, fundraising)).status).toBe(303);

    const editor = await staffCookie(await staffMember("editor"));
    expect((await list("", editor)).status).toBe(403);
    expect((await changeStatus(ann.id, { status: "active" }, editor)).status).toBe(403);
    const exported = await run(
      exportRoute.loader,
      getRequest("/admin/dashboard/volunteers/export.csv", { cookie: editor }),
    );
    expect(exported.status).toBe(403);
    const signedOut = await changeStatus(ann.id, { status: "active" }, "");
    expect(signedOut.status).toBe(302);
    const crossSite = await run(
      detailRoute.action,
      postForm(
        `/admin/dashboard/volunteers/${ann.id}`,
        { status: "active" },
        {
          cookie,
          headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
        },
      ),
      { id: String(ann.id) },
    );
    expect(crossSite.status).toBe(403);
    expect((await applications())[0].status).toBe("contacted");
  });

  it("exports the filtered list as CSV in which no cell can run as a formula, and audits the export", async () => {
    await applied({ name: "Ann Smith", availability: '=HYPERLINK("http://evil")' }, ["Translation"]);
    await applied({ name: "Bob Stone" }, ["Design"]);
    const response = await run(
      exportRoute.loader,
      getRequest("/admin/dashboard/volunteers/export.csv?interest=Translation", { cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/csv/);
    const text = await response.text();
    expect(text).toContain("Ann Smith");
    expect(text).not.toContain("Bob Stone");
    expect(text).toContain("'=HYPERLINK");
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    const [entry] = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "volunteers.exported")
      .execute();
    expect(entry).toMatchObject({ actor: "admin", detail: "1 application" });
  });
});

describe("retention and privacy", () => {
  it("deletes applications a year after their last change, unless Active, with their mail and history", async () => {
    const start = new Date("2031-03-01T10:00:00Z");
    setClock(() => start.getTime());
    ({ cookie } = await adminCookie()); // sessions are dated by the clock too
    const old = await applied({ name: "Old Applicant", email: "old@example.com" });
    const active = await applied({ name: "Active Volunteer", email: "active@example.com" });
    expect((await changeStatus(active.id, { status: "active", note: "Started" })).status).toBe(303);
    const laterChange = await applied({ name: "Later Change", email: "later@example.com" });

    setClock(() => Date.parse("2031-12-01T10:00:00Z"));
    ({ cookie } = await adminCookie());
    expect((await changeStatus(laterChange.id, { status: "declined" })).status).toBe(303);

    setClock(() => Date.parse("2032-02-28T10:00:00Z"));
    expect((await runHousekeeping(new Date("2032-02-28T10:00:00Z"))).expiredVolunteerApplications).toBe(0);

    const later = new Date("2032-03-02T10:00:00Z");
    setClock(() => later.getTime());
    expect((await runHousekeeping(later)).expiredVolunteerApplications).toBe(1);
    expect((await applications()).map((a) => a.name)).toEqual(["Active Volunteer", "Later Change"]);
    const leftMail = await getDb()
      .selectFrom("outbox")
      .select("to_address")
      .where("to_address", "=", "old@example.com")
      .execute();
    expect(leftMail).toHaveLength(0);
    const history = await getDb().selectFrom("volunteer_status_changes").select("application_id").execute();
    expect(history.map((h) => h.application_id).sort()).toEqual([active.id, laterChange.id]);
    expect(old.id).toBeLessThan(active.id);

    const [audit] = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "retention.volunteers-deleted")
      .execute();
    expect(audit.detail).toBe("1 volunteer application unchanged for 365 days");
  });

  it("is in a person's data export, and erased with everything else", async () => {
    await applied({}, ["Translation"]);
    const ann = (await applications())[0];
    await changeStatus(ann.id, { status: "contacted", note: "Called her" });
    const page = await getSupporterPage(ann.supporter_id!);
    expect(page!.timeline.map((entry) => [entry.kind, entry.title])).toContainEqual([
      "volunteer",
      "Volunteer application",
    ]);
    const data = await findPersonalData("ANN@example.com");
    expect(data.volunteers).toHaveLength(1);
    expect(data.volunteers[0]).toMatchObject({ name: "Ann O'Neil", district: "SW1A", interests: ["Translation"] });
    expect(data.volunteers[0].history[0]).toMatchObject({ to_status: "contacted", note: "Called her" });

    const report = await erasePersonalData("ann@example.com", "admin");
    expect(report.volunteers).toEqual({ deleted: 1, kept: 0 });
    expect(await applications()).toHaveLength(0);
    expect(await getDb().selectFrom("volunteer_status_changes").selectAll().execute()).toHaveLength(0);
    expect(
      await getDb().selectFrom("outbox").selectAll().where("to_address", "=", "ann@example.com").execute(),
    ).toHaveLength(0);
    expect(await getDb().selectFrom("supporters").selectAll().execute()).toHaveLength(0);
  });
});
