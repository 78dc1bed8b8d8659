// Donor and staff messages after a pledge or an enquiry, delivered to a real SMTP server.
// STAFF_EMAIL is set for this file (before the environment is first read).

import { nowDate } from "~/infra/clock.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { describe, expect, it, vi } from "vitest";
import { CURRENT_DECLARATION_VERSION, GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import { HOW_TO_CANCEL } from "~/content/gift-aid-notes";
import { bankDetails, charityDefaults } from "~/content/site";
import { getDb } from "~/infra/db.server";
import { action as contactAction } from "~/routes/_public+/contact";
import { action as donateAction } from "~/routes/_public+/donate/route";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { donorPledgeMail, staffEnquiryAlert } from "~/mail/services/mail-templates.server";
import { adminPaths } from "~/utils/admin-paths";
import { formRequest } from "./helpers";
import { useTestMail } from "./mail-support";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.STAFF_EMAIL = "staff@example.org";
  process.env.PUBLIC_URL = "https://charity.example.org/";
});

const testMail = useTestMail();

const deliver = (now = nowDate()) => deliverDueMail({ db: getDb(), transport: testMail.transport, now: () => now });
const call = async (action: unknown, path: string, fields: Record<string, string>) =>
  (await (action as (a: unknown) => Promise<Response>)({
    request: formRequest(path, fields),
    params: {},
    context: {},
  }))!;

const pledge = (email: string, firstName = "Jo") =>
  call(donateAction, "/donate", {
    type: "monthly",
    amount: "",
    customAmount: "12.50",
    firstName,
    lastName: "Bloggs",
    email,
    phone: "",
  });

describe("after a pledge", () => {
  it("sends the donor the amount, type, reference and bank details, and alerts staff with a link to the pledge", async () => {
    const email = `donor-${Date.now()}@example.org`;
    const response = await pledge(email);
    expect(response.status).toBe(303);
    const reference = response.headers.get("Location")!.split("/").pop()!;
    const { id } = await getDb()
      .selectFrom("pledges")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    const rows = await getDb().selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.kind, r.to_address, r.pledge_id])).toEqual([
      ["pledge.donor", email, id],
      ["pledge.staff", "staff@example.org", id],
    ]);

    expect(await deliver()).toMatchObject({ sent: 2 });
    const donor = await testMail.smtp.waitFor((m) => m.to.includes(email));
    expect(donor.subject).toContain(reference);
    for (const part of [donor.text, donor.html]) {
      expect(part).toContain(reference);
      expect(part).toContain("£12.50");
      expect(part).toContain("Monthly");
      expect(part).toContain(bankDetails.sortCode);
      expect(part).toContain(bankDetails.accountNumber);
      expect(part).toContain(bankDetails.accountName);
    }
    expect(donor.text).toContain("Dear Jo");

    const staff = await testMail.smtp.waitFor((m) => m.to.includes("staff@example.org"));
    expect(staff.subject).toBe(`New pledge ${reference}: £12.50`);
    expect(staff.text).toContain(`https://charity.example.org${adminPaths.donation(id)}`);
    expect(staff.text).not.toContain(email);
  });

  it("refuses markup as a name, and escapes what a name holds in the HTML part", async () => {
    const email = `xss-${Date.now()}@example.org`;
    // The form refuses anything but letters, spaces, hyphens, apostrophes and full stops…
    expect((await pledge(email, `<img src=x onerror=alert(1)>`)).status).toBe(400);
    // …and a name that reached the table another way is still escaped.
    await submitPledge({
      type: "monthly",
      amountPence: 1250,
      firstName: "<img src=x onerror=alert(1)>",
      lastName: "Bloggs",
      email,
      inHonour: false,
    });
    await deliver();
    const donor = await testMail.smtp.waitFor((m) => m.to.includes(email));
    expect(donor.html).not.toContain("<img src=x");
    expect(donor.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("quotes the donor's Gift Aid declaration, as recorded, with how to cancel", async () => {
    const email = `gift-aid-${Date.now()}@example.org`;
    const response = await call(donateAction, "/donate", {
      type: "one-time",
      amount: "",
      customAmount: "40",
      firstName: "Jo",
      lastName: "Bloggs",
      email,
      phone: "",
      giftAid: "on",
      giftAidVersion: CURRENT_DECLARATION_VERSION,
      house: "12",
      street: "High Street",
      town: "Leeds",
      postcode: "ls1 4ap",
    });
    expect(response.status).toBe(303);
    await deliver();
    const donor = await testMail.smtp.waitFor((m) => m.to.includes(email));
    const declaration = GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION];
    // The first words of the wording the donor was shown, and how to take it back.
    expect(donor.text.replace(/\s+/g, " ")).toContain(declaration.replace(/\s+/g, " ").slice(0, 60));
    expect(donor.text).toContain(HOW_TO_CANCEL);
    // The day it was made in words, as the UK writes it ("made on 24 November 2026"), not ISO.
    expect(donor.text).toMatch(/made on \d{1,2} [A-Z][a-z]+ \d{4}:/);
    expect(donor.text).not.toMatch(/made on \d{4}-/);
    // The declaration and the pledge were recorded together.
    const rows = await getDb().selectFrom("gift_aid_declarations").select("email").execute();
    expect(rows).toEqual([{ email }]);
  });

  it("leaves the Gift Aid section out without a declaration and includes the copy with how to cancel when given (seam)", () => {
    const base = { reference: "CHA-ABCDEFGH", type: "one-time" as const, amountPence: 5000, firstName: "Jo" };
    expect(donorPledgeMail(base, null, charityDefaults).text).not.toContain("Gift Aid declaration");
    const withCopy = donorPledgeMail(
      base,
      { text: "I want to Gift Aid my donation <of £50>.", howToCancel: "E-mail us to cancel." },
      charityDefaults,
    );
    expect(withCopy.text).toContain("YOUR GIFT AID DECLARATION");
    expect(withCopy.text).toContain("I want to Gift Aid my donation <of £50>.");
    expect(withCopy.text).toContain("E-mail us to cancel.");
    expect(withCopy.html).toContain("&lt;of £50&gt;");
  });
});

describe("after an enquiry", () => {
  it("alerts staff with a link to the enquiry and without its text", async () => {
    const message = `My health question ${Date.now()}`;
    const response = await call(contactAction, "/contact", {
      name: "Sam",
      email: "sam@example.org",
      subject: "volunteer",
      message,
      channel: "email",
    });
    expect(response.status).toBe(303);
    const { id } = await getDb().selectFrom("contact_enquiries").select("id").executeTakeFirstOrThrow();
    await deliver();
    const alert = await testMail.smtp.waitFor((m) => m.subject === "New enquiry: Volunteer Opportunities");
    expect(alert.to).toEqual(["staff@example.org"]);
    expect(alert.text).toContain(`https://charity.example.org${adminPaths.enquiry(id)}`);
    expect(alert.text).not.toContain(message);
    expect(alert.html).not.toContain(message);
    expect(alert.text).not.toContain("sam@example.org");
  });

  it("includes the text, escaped, when STAFF_ALERT_INCLUDE_MESSAGE is on", () => {
    const mail = staffEnquiryAlert(
      { subject: "general", channel: "whatsapp", message: "<b>Hi</b>\nthere" },
      "https://x/admin",
      true,
      charityDefaults,
    );
    expect(mail.text).toContain("<b>Hi</b>\nthere");
    expect(mail.html).toContain("&lt;b&gt;Hi&lt;/b&gt;");
  });
});
