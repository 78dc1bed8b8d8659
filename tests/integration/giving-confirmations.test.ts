// Your giving (/giving) confirms every change a donor makes there by e-mail, through the outbox:
// a Gift Aid cancellation (delivered here to a real SMTP server, with the charity's name, number
// and contact as receipts carry them), the newsletter on and off, a standing order stopped. Card
// gifts' stop and amount change: giving-card.test.ts. Nothing changed, nothing sent.
import { describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { mailWording } from "~/content/mail";
import { getDb } from "~/infra/db.server";
import { londonToday } from "~/infra/clock.server";
import { recordManualPayment } from "~/giving/services/donations.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { deliverDueMail } from "~/mail/services/mail-sender.server";
import { donorPaymentMail } from "~/mail/services/mail-templates.server";
import * as cancelRoute from "~/routes/_public+/giving.declarations.$id.cancel";
import * as newsletterRoute from "~/routes/_public+/giving.newsletter";
import * as stopRoute from "~/routes/_public+/giving.pledges.$reference.stop";
import { getCharitySettings, saveCharitySettings } from "~/site/services/charity-settings.server";
import { postForm, run } from "./admin-support";
import { signInDonor } from "./giving-support";
import { useTestMail } from "./mail-support";

const testMail = useTestMail({ from: "Community Health Aid UK <no-reply@charity.example>" });

const EMAIL = "rowan@example.com";

async function donor(type: "one-time" | "monthly" = "one-time") {
  return submitPledge({
    type,
    amountPence: 3000,
    firstName: "Rowan",
    lastName: "Hale",
    email: EMAIL,
    inHonour: false,
    giftAidDeclaration:
      type === "one-time"
        ? {
            version: CURRENT_DECLARATION_VERSION,
            title: "Mx",
            house: "3",
            street: "Ash Lane",
            town: "York",
            postcode: "YO1 7HH",
          }
        : null,
  });
}

/** The confirmations queued for the donor, oldest first. */
async function confirmations() {
  return getDb()
    .selectFrom("outbox")
    .select(["subject", "text_body", "html_body", "headers", "pledge_id"])
    .where("kind", "=", "donor-giving-change")
    .where("to_address", "=", EMAIL)
    .orderBy("id")
    .execute();
}

describe("a change at Your giving", () => {
  it("a Gift Aid cancellation sends a confirmation e-mail with the charity's name, number and contact", async () => {
    await saveCharitySettings("charity", { name: "Health Aid North", charityNumber: "7654321" }, "admin");
    await saveCharitySettings("contact", { email: "hello@north.example" }, "admin");
    const pledge = await donor();
    await recordManualPayment(
      { pledgeId: pledge.id, receivedOn: londonToday(), amountPence: 3000, note: null, sendThanks: false },
      "admin",
    );
    const cookie = await signInDonor(EMAIL);
    const declaration = await getDb().selectFrom("gift_aid_declarations").select("id").executeTakeFirstOrThrow();
    const path = `/giving/declarations/${declaration.id}/cancel`;
    const done = await run(cancelRoute.action, postForm(path, {}, { cookie }), { id: String(declaration.id) });
    expect(done.status).toBe(303);

    const [queued] = await confirmations();
    expect(queued.subject).toBe("Your Gift Aid declaration is cancelled: Health Aid North");
    expect(JSON.parse(queued.headers!)).toMatchObject({ "Reply-To": "hello@north.example" });

    await deliverDueMail({ db: getDb(), transport: testMail.transport });
    const mail = await testMail.smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.startsWith("Your Gift Aid"));
    expect(mail.parsed.from?.value).toEqual([{ name: "Health Aid North", address: "no-reply@charity.example" }]);
    expect(mail.header("reply-to")).toBe("hello@north.example");
    for (const part of [mail.text, mail.html]) {
      expect(part).toMatch(/Dear Rowan( Hale)?,/);
      expect(part).toMatch(/Your Gift Aid declaration of \d{1,2} \w+ \d{4} is cancelled/);
      expect(part).toContain("Gifts we have already claimed Gift Aid on stay claimed");
      expect(part).toContain("Did not make this change?");
      expect(part).toContain("hello@north.example");
      expect(part).toContain("Registered charity number 7654321");
      expect(part).toMatch(/https?:\/\/[^\s"]+\/giving/);
    }
  });

  it("the newsletter turned on and off is confirmed each time; a switch that changes nothing sends nothing", async () => {
    await donor();
    const cookie = await signInDonor(EMAIL);
    const turn = (newsletter: "on" | "off") =>
      run(newsletterRoute.action, postForm("/giving/newsletter", { newsletter }, { cookie }));
    expect((await turn("on")).status).toBe(303);
    expect((await turn("on")).status).toBe(303);
    expect((await turn("off")).status).toBe(303);
    const sent = await confirmations();
    expect(sent.map((m) => m.subject.split(":")[0])).toEqual([
      "You will get our newsletter",
      "Our newsletter is stopped",
    ]);
    expect(sent[1].text_body).toContain("We will no longer send our newsletter to this address.");
  });

  it("a standing order stopped is confirmed, reminding the donor to cancel it with their bank", async () => {
    const monthly = await donor("monthly");
    const cookie = await signInDonor(EMAIL);
    const path = `/giving/pledges/${monthly.reference}/stop`;
    expect((await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: monthly.reference })).status).toBe(
      303,
    );
    const [mail] = await confirmations();
    expect(mail.subject).toBe(`Your monthly gift is stopped (${monthly.reference})`);
    expect(mail.pledge_id).toBe(monthly.id);
    expect(mail.text_body).toContain("please cancel it with your bank too, or the payments will go on");
    // Refused the second time: no second e-mail.
    expect((await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: monthly.reference })).status).toBe(
      409,
    );
    expect(await confirmations()).toHaveLength(1);
  });
});

describe("a monthly card gift's thank-you", () => {
  it("points to Your giving to change or stop it, never to a reply", async () => {
    const charity = await getCharitySettings(getDb());
    const mail = donorPaymentMail(
      { reference: "CHA-TEST1", type: "monthly", amountPence: 1000, firstName: "Rowan" },
      { amountPence: 1000, receivedOn: "2026-01-05" },
      { byCard: true, giftAidPence: null },
      charity,
    );
    expect(mail.text).toContain(mailWording.cardThanksMonthly);
    expect(mail.text).toMatch(/To change the amount or stop it, sign in at Your giving/);
    expect(mail.text).not.toMatch(/reply to this e-mail/i);
    expect(mail.text).toMatch(/at Your giving:\nhttps?:\/\/[^\s]+\/giving\n/);
  });
});
