// The charity's own details on what it sends donors (Charities Act 2011 s.39: documents that ask
// for or acknowledge money name the registered charity): after a change in Settings, a receipt
// e-mail comes from the new name with Reply-To the contact e-mail and carries the charity number,
// postal address and e-mail; the giving statement PDF says where to write, and is a tagged PDF
// that Debian's pdfinfo reports as tagged and pdftotext reads in order.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import * as pledgePage from "~/routes/admin+/dashboard+/donations.$id/route";
import * as mailMessage from "~/routes/admin+/dashboard+/mail.$id";
import { saveCharitySettings } from "~/site/services/charity-settings.server";
import { buildStatement } from "~/supporters/services/giving-statements.server";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { renderStatementPdf } from "~/supporters/services/statement-pdf.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, getRequest, postForm, run } from "./admin-support";
import { makePledge } from "./donations-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { useTestMail } from "./mail-support";

const testMail = useTestMail({ from: "Community Health Aid UK <no-reply@charity.example>" });

let cookie: string;
beforeEach(async () => {
  ({ cookie } = await adminCookie());
});

async function renameCharity() {
  await saveCharitySettings(
    "charity",
    { name: "Health Aid Renamed", charityNumber: "1234567", registeredOffice: "1 New Road\nLeeds LS1 1AA" },
    "admin",
  );
  await saveCharitySettings("contact", { email: "hello@renamed.example" }, "admin");
}

describe("a receipt e-mail after the charity's details change in Settings", () => {
  it("comes from the new name, replies go to the contact e-mail, and it carries the number and address", async () => {
    await renameCharity();
    const pledge = await makePledge({ email: "ann@example.org", firstName: "Ann", amountPence: 2500 });
    const response = await run(
      pledgePage.action,
      postForm(
        adminPaths.donation(pledge.id),
        { intent: "record-payment", receivedOn: "2025-10-05", amount: "25", sendThanks: "on" },
        { cookie },
      ),
      { id: String(pledge.id) },
    );
    expect(response.status).toBe(303);

    // Kept with the queued message, as the mail log shows it.
    const queued = await getDb()
      .selectFrom("outbox")
      .select(["headers", "id"])
      .where("kind", "=", "payment.donor")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(queued.headers!)).toMatchObject({ "Reply-To": "hello@renamed.example" });
    const logPage = await run(mailMessage.loader, getRequest(adminPaths.mailMessage(queued.id), { cookie }), {
      id: String(queued.id),
    });
    const { message } = (await logPage.json()) as { message: { from: string; headers: Record<string, string> } };
    expect(message.from).toBe("Health Aid Renamed <no-reply@localhost>");
    expect(message.headers["Reply-To"]).toBe("hello@renamed.example");

    await deliverDueMail({ db: getDb(), transport: testMail.transport });
    const mail = await testMail.smtp.waitFor(
      (m) => m.to.includes("ann@example.org") && m.subject.startsWith("Thank you: your gift has arrived"),
    );
    expect(mail.header("reply-to")).toBe("hello@renamed.example");
    // The display name from Settings, the address still MAIL_FROM's; Reply-To the contact e-mail.
    expect(mail.parsed.from?.value).toEqual([{ name: "Health Aid Renamed", address: "no-reply@charity.example" }]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: "", address: "hello@renamed.example" }]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Registered charity number 1234567");
      expect(part).toContain("Write to us: 1 New Road, Leeds LS1 1AA");
      expect(part).toContain("E-mail: hello@renamed.example");
    }
    expect(mail.text).toMatch(
      /-- \nHealth Aid Renamed\nWrite to us: 1 New Road, Leeds LS1 1AA\nE-mail: hello@renamed\.example\nRegistered charity number 1234567\n/,
    );
  });

  it("a name with a comma and quotes stays one display name", async () => {
    await saveCharitySettings("charity", { name: 'Health Aid, "North"' }, "admin");
    await makePledge({ email: "bo@example.org", firstName: "Bo" });
    const pledge = (await getDb().selectFrom("pledges").select("id").executeTakeFirstOrThrow()).id;
    await run(
      pledgePage.action,
      postForm(
        adminPaths.donation(pledge),
        { intent: "record-payment", receivedOn: "2025-10-05", amount: "25", sendThanks: "on" },
        { cookie },
      ),
      { id: String(pledge) },
    );
    await deliverDueMail({ db: getDb(), transport: testMail.transport });
    const mail = await testMail.smtp.waitFor((m) => m.to.includes("bo@example.org"));
    expect(mail.parsed.from?.value).toEqual([{ name: 'Health Aid, "North"', address: "no-reply@charity.example" }]);
  });
});

describe("the giving statement PDF", () => {
  it("says where to write, is tagged (pdfinfo), and pdftotext reads its text in order", async () => {
    await renameCharity();
    const { pledge } = await pledgeWithDeclaration({
      declaredAt: "2025-04-01T12:00:00.000Z",
      firstName: "Ann",
      lastName: "Lee",
    });
    await recordPaymentForTest(pledge.id, "2025-04-06", 2500);
    await recordPaymentForTest(pledge.id, "2025-12-01", 4000);
    const built = await buildStatement(pledge.id, 2025, { today: "2026-06-10" });
    // As served: compressed.
    const pdf = await renderStatementPdf(built!.statement);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-"));
    const file = path.join(dir, "statement.pdf");
    fs.writeFileSync(file, pdf);
    try {
      // Debian's poppler-utils (scripts/ensure-poppler.sh installs it for npm test).
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/^Title:\s+Giving statement 2025 to 2026: Ann Lee$/m);
      expect(info).toMatch(/^PDF version:\s+1\.7$/m);

      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      const inOrder = [
        "Health Aid Renamed",
        "Registered charity number 1234567",
        "Write to us: 1 New Road, Leeds LS1 1AA. E-mail: hello@renamed.example",
        "Giving statement",
        "Tax year 2025 to 2026: 6 April 2025 to 5 April 2026",
        "Prepared for Ann Lee",
        "Date received",
        "6 April 2025",
        pledge.reference,
        "£25.00",
        "1 December 2025",
        "£40.00",
        "Total",
        "£65.00",
        "Paid by Bank transfer: 2 gifts, £65.00",
        "If anything on it looks wrong, write to us at 1 New Road, Leeds LS1 1AA or hello@renamed.example quoting your reference.",
      ];
      const flat = text.replace(/\s+/g, " ");
      let at = 0;
      for (const expected of inOrder) {
        const found = flat.indexOf(expected, at);
        expect(found, `"${expected}" after position ${at}`).toBeGreaterThanOrEqual(0);
        at = found + expected.length;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The structure: one Document holding headings, paragraphs and a table of header and data cells.
    const raw = (await renderStatementPdf(built!.statement, { compress: false })).toString("latin1");
    for (const type of ["/Document", "/H1", "/H2", "/P", "/Table", "/TR", "/TH", "/TD"]) {
      expect(raw).toContain(`/S ${type}`);
    }
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/Artifact/);
  });
});
