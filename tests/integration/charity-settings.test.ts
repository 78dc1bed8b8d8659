// The charity's own details (Settings): defaults of a fresh database, saving a group through the
// staff page's action, field errors with the input kept, the audit trail, and everything that
// shows the details (root loader, cached pages, donors' e-mails) seeing a change at once.
import { beforeEach, describe, expect, it } from "vitest";
import { charityDefaults as siteDefaults } from "~/content/site";
import { defaultVolunteerInterests } from "~/content/volunteers";

// A fresh database's settings: the content file's placeholders, and the default interests the server fills in.
const charityDefaults = { ...siteDefaults, volunteerInterests: defaultVolunteerInterests };
import { getDb, notePublicChange, openDatabase } from "~/infra/db.server";
import { pageCache } from "~/infra/page-cache.server";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/admin+/dashboard+/settings";
import { getCharitySettings, saveCharitySettings } from "~/site/services/charity-settings.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatWhatsappNumber } from "~/utils/phone-numbers";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";

const bank = {
  group: "bank",
  accountName: "Community Health Aid UK (Donations)",
  sortCode: "60 16 13",
  accountNumber: "31926819",
  iban: "gb29 nwbk 6016 1331 9268 19",
};

beforeEach(async () => {
  await getDb().deleteFrom("charity_settings").execute();
  await getDb().deleteFrom("audit_events").execute();
  await getDb().deleteFrom("outbox").execute();
  // Another connection's write moves data_version, so nothing cached survives the reset.
  const other = openDatabase(process.env.DATABASE_URL!);
  await other.deleteFrom("charity_settings").execute();
  // On PostgreSQL the data version is the public change counter: moved here, nothing cached survives.
  await notePublicChange(other);
  await other.destroy();
});

describe("a fresh database", () => {
  it("has the content file's placeholders as its settings", async () => {
    expect(await getCharitySettings()).toEqual(charityDefaults);
    const { cookie } = await adminCookie();
    const page = await bodyOf(await run(loader, getRequest(adminPaths.settings, { cookie })));
    expect(page.settings).toEqual(charityDefaults);
    expect(page.history).toEqual([]);
    // The page lists what is still a placeholder (the same as a fresh database's, or it would not pass the form).
    expect(page.unset).toEqual([
      "Registered charity number",
      "Company number",
      "Contact e-mail",
      "Staff support e-mail",
      "WhatsApp number",
      "Sort code",
      "Account number",
      "IBAN",
      "Facebook",
      "LinkedIn",
      "Sister chapter: International",
      "Sister chapter: Europe",
    ]);
  });

  it("puts them in every page through the root loader", async () => {
    const data = await bodyOf(await run(rootLoader, getRequest("/")));
    expect(data.charity.sortCode).toBe(charityDefaults.sortCode);
  });
});

describe("saving a group", () => {
  it("stores it normalised, says so, and records who changed what from what to what", async () => {
    const { cookie } = await adminCookie();
    const response = await run(action, postForm(adminPaths.settings, bank, { cookie }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(adminPaths.settings);

    const saved = await getCharitySettings();
    expect(saved).toMatchObject({
      accountName: "Community Health Aid UK (Donations)",
      sortCode: "60-16-13",
      accountNumber: "31926819",
      iban: "GB29 NWBK 6016 1331 9268 19",
    });
    // Other groups are untouched: the placeholders stay until someone sets them.
    expect(saved.charityNumber).toBe(charityDefaults.charityNumber);

    const flashCookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const page = await bodyOf(
      await run(loader, getRequest(adminPaths.settings, { cookie: `${cookie}; ${flashCookie}` })),
    );
    expect(page.notice).toBe("Settings saved.");
    expect(page.unset).not.toContain("IBAN");
    expect(page.settings.sortCode).toBe("60-16-13");

    const audit = await getDb().selectFrom("audit_events").selectAll().orderBy("id").execute();
    expect(audit.map((row) => [row.entity, row.action, row.actor])).toEqual(
      Array(4).fill(["settings", "settings.changed", "admin"]),
    );
    expect(audit.map((row) => row.detail)).toContain(`Sort code: "${charityDefaults.sortCode}" → "60-16-13"`);
    expect(page.history).toHaveLength(4);
  });

  it("saves a group whose other fields still hold their placeholders, and keeps listing those", async () => {
    const { cookie } = await adminCookie();
    // The contact group as the page shows it (seeded values), with only the e-mail changed.
    const contact = {
      group: "contact",
      email: "hello@charity.org.uk",
      supportEmail: charityDefaults.supportEmail,
      phone: "",
      whatsappNumber: formatWhatsappNumber(charityDefaults.whatsappNumber),
      officeHours: charityDefaults.officeHours,
    };
    const response = await run(action, postForm(adminPaths.settings, contact, { cookie }));
    expect(response.status).toBe(303);
    expect(await getCharitySettings()).toMatchObject({
      email: "hello@charity.org.uk",
      whatsappNumber: charityDefaults.whatsappNumber,
    });
    // The charity group's seeded numbers do not pass the form's rules, yet a save of its name keeps them.
    const charity = {
      group: "charity",
      name: "Community Health Aid UK",
      shortName: "CHA",
      charityNumber: charityDefaults.charityNumber,
      companyNumber: charityDefaults.companyNumber,
      registeredOffice: "",
    };
    expect((await run(action, postForm(adminPaths.settings, charity, { cookie }))).status).toBe(303);
    expect(await getCharitySettings()).toMatchObject({
      shortName: "CHA",
      charityNumber: charityDefaults.charityNumber,
    });
    const page = await bodyOf(await run(loader, getRequest(adminPaths.settings, { cookie })));
    expect(page.unset).toEqual(expect.arrayContaining(["Registered charity number", "WhatsApp number"]));
    expect(page.unset).not.toContain("Contact e-mail");
    // A placeholder changed to something that is not a number is still refused.
    const typo = await run(action, postForm(adminPaths.settings, { ...contact, whatsappNumber: "0770" }, { cookie }));
    expect(typo.status).toBe(400);
    expect(Object.keys((await bodyOf(typo)).result.error)).toEqual(["whatsappNumber"]);
  });

  it("writes nothing and audits nothing when nothing changed", async () => {
    const { cookie } = await adminCookie();
    await run(action, postForm(adminPaths.settings, bank, { cookie }));
    await run(action, postForm(adminPaths.settings, bank, { cookie }));
    const audit = await getDb().selectFrom("audit_events").select("id").execute();
    expect(audit).toHaveLength(4);
  });

  it("refuses bad input with a 400, an error per field and the input kept, and saves nothing", async () => {
    const { cookie } = await adminCookie();
    const typed = {
      group: "bank",
      accountName: "Charity",
      sortCode: "12-34-5",
      accountNumber: "1234",
      iban: "GB28 NWBK 6016 1331 9268 19",
    };
    const response = await run(action, postForm(adminPaths.settings, typed, { cookie }));
    expect(response.status).toBe(400);
    const { group, result } = await bodyOf(response);
    expect(group).toBe("bank");
    expect(Object.keys(result.error).sort()).toEqual(["accountNumber", "iban", "sortCode"]);
    expect(result.error.sortCode[0]).toMatch(/6 digits/);
    expect(result.error.iban[0]).toMatch(/check digits do not match/);
    expect(result.initialValue).toMatchObject({ sortCode: "12-34-5", iban: "GB28 NWBK 6016 1331 9268 19" });
    expect(await getCharitySettings()).toEqual(charityDefaults);
    expect(await getDb().selectFrom("audit_events").select("id").execute()).toEqual([]);
  });

  it("refuses an unknown group, a visitor and another site's post", async () => {
    const { cookie } = await adminCookie();
    const unknown = await run(action, postForm(adminPaths.settings, { ...bank, group: "secrets" }, { cookie }));
    expect(unknown.status).toBe(400);
    const anonymous = await run(action, postForm(adminPaths.settings, bank));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain(adminPaths.login);
    const crossSite = await run(
      action,
      postForm(adminPaths.settings, bank, {
        cookie,
        headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await getCharitySettings()).toEqual(charityDefaults);
  });

  it("validates every group: charity numbers, contact, social links https only", async () => {
    const { cookie } = await adminCookie();
    const charity = await run(
      action,
      postForm(
        adminPaths.settings,
        { group: "charity", name: "Health Aid", shortName: "HA", charityNumber: "SC012345", companyNumber: "SC123456" },
        { cookie },
      ),
    );
    expect(charity.status).toBe(303);
    const social = await run(
      action,
      postForm(adminPaths.settings, { group: "social", facebookUrl: "http://facebook.com/x" }, { cookie }),
    );
    expect(social.status).toBe(400);
    expect((await bodyOf(social)).result.error.facebookUrl[0]).toMatch(/https/);
    const contact = await run(
      action,
      postForm(
        adminPaths.settings,
        {
          group: "contact",
          email: "hello@health.example",
          phone: "020 7946 0000",
          whatsappNumber: "+44 7700 900123",
          officeHours: "Monday: 9-5",
        },
        { cookie },
      ),
    );
    expect(contact.status).toBe(303);
    expect(await getCharitySettings()).toMatchObject({
      name: "Health Aid",
      charityNumber: "SC012345",
      whatsappNumber: "447700900123",
      registeredOffice: "",
      facebookUrl: charityDefaults.facebookUrl,
    });
  });
});

describe("a change reaches what shows the details", () => {
  it("clears the rendered-page cache and the next root loader has the new value", async () => {
    pageCache.set("system /donate", { body: Buffer.from("old page"), headers: [], leafData: null, dataVersion: 0 });
    const before = pageCache.claim("system /donate", 0);
    expect(before.page).toBeDefined();
    await saveCharitySettings("bank", { sortCode: "60-16-13" }, "admin");
    expect(pageCache.claim("system /donate", 0).page).toBeUndefined();
    // A render that began before the save may not store its (stale) copy.
    expect(
      pageCache.set(
        "system /donate",
        { body: Buffer.from("stale"), headers: [], leafData: null, dataVersion: 0 },
        before,
      ),
    ).toBeUndefined();
    const data = await bodyOf(await run(rootLoader, getRequest("/donate")));
    expect(data.charity.sortCode).toBe("60-16-13");
  });

  it("is seen at once when another process saves (data_version)", async () => {
    expect((await getCharitySettings()).accountNumber).toBe(charityDefaults.accountNumber);
    const other = openDatabase(process.env.DATABASE_URL!);
    await other
      .insertInto("charity_settings")
      .values({ key: "accountNumber", value: "11112222", updated_at: new Date().toISOString(), updated_by: "admin" })
      .execute();
    // What the settings service of another instance does with its write (a no-op on SQLite,
    // whose data_version moves by itself).
    await notePublicChange(other);
    await other.destroy();
    expect((await getCharitySettings()).accountNumber).toBe("11112222");
  });

  it("puts the new bank details and name in the donor's e-mail", async () => {
    await saveCharitySettings("bank", { sortCode: "60-16-13", iban: "GB29 NWBK 6016 1331 9268 19" }, "admin");
    await saveCharitySettings("charity", { name: "Health Aid Renamed" }, "admin");
    await submitPledge({
      type: "one-time",
      amountPence: 2500,
      firstName: "Jo",
      lastName: "Bloggs",
      email: "jo@example.org",
      phone: null,
      inHonour: false,
    });
    const mail = await getDb()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "pledge.donor")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Sort code: 60-16-13");
    expect(mail.text_body).toContain("IBAN: GB29 NWBK 6016 1331 9268 19");
    // The wording and the signature name the charity as it is now called.
    expect(mail.text_body).toContain("thank you for your pledge to Health Aid Renamed.");
    expect(mail.text_body).toMatch(/-- \nHealth Aid Renamed\n(.+\n)*Registered charity number /);
    expect(mail.html_body).toContain("60-16-13");
  });
});
