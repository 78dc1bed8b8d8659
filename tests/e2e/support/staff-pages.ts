// Every staff page, with a record of each kind made first (an article, a monthly pledge with a
// payment, a Gift Aid declaration in a claim batch, an enquiry, a subscriber, a message in the
// mail log, a newsletter, a team member, a supporter): the pages the whole-site checks visit
// (valid HTML, fitting a phone). A new staff page belongs in this list.
import { createNewsletter } from "~/publishing/models/newsletter-issues.server";
import { enqueueMail } from "~/mail/models/outbox.server";
import { insertVolunteerApplication } from "~/supporters/models/volunteer.server";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { insertEnquiry, insertSubscription, uniqueToken } from "./back-office";
import { createArticle, createPledge, createThrowawayUser, e2eDb, recordPayment, uniqueTitle } from "./db";
import { createDeclaredPayment, uniqueLastName } from "./gift-aid";

/** The path of every staff page; `label` marks the records made for them (e.g. "Valid"). */
export async function everyStaffPage(label: string): Promise<string[]> {
  const article = await createArticle({ title: uniqueTitle(`${label} staff`), content: "Text" });
  const pledge = await createPledge({ lastName: "Markup", type: "monthly" });
  const payment = await recordPayment(pledge.id, "2025-10-05", 1500);
  const { declarationId, paymentId } = await createDeclaredPayment(uniqueLastName(label));
  const claim = await createClaimBatch({ paymentIds: [paymentId], actor: "e2e" }, e2eDb());
  const enquiry = await insertEnquiry();
  const email = `${label.toLowerCase()}-${uniqueToken()}@example.org`;
  await insertSubscription(email);
  const subscriber = await e2eDb()
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const mailId = await enqueueMail(e2eDb(), {
    kind: "test",
    to: email,
    subject: `${label}: thank you for your donation, your payment reference and Gift Aid`,
    text: "Text",
    html: "<p>Text</p>",
  });

  const newsletter = await createNewsletter(
    e2eDb(),
    {
      subject: uniqueTitle(`${label} newsletter`),
      preheader: "A line",
      body: "**Bold** and [a link](https://example.org).",
      imageUpload: null,
      imageWidths: null,
      imageAlt: null,
      createdBy: "e2e",
    },
    new Date(),
  );
  const person = await createThrowawayUser("a-long-enough-password");
  const supporter = await e2eDb()
    .selectFrom("pledges")
    .select("supporter_id")
    .where("id", "=", pledge.id)
    .executeTakeFirstOrThrow();

  const volunteer = await insertVolunteerApplication(
    e2eDb(),
    {
      kind: "volunteers",
      name: `${label} Volunteer`,
      email: `${label.toLowerCase()}-volunteer-${uniqueToken()}@example.org`,
      phone: "07700 900123",
      district: "SW1A",
      availability: "Weekday evenings, one Saturday a month, two weeks in the summer holidays",
      experience: "Two years at a food bank",
      why: "To help clinics abroad.",
      consentText: "I agree.",
      interests: ["Translation", "Fundraising events"],
    },
    new Date().toISOString(),
  );

  // One of the spec's three publications (migration 0045), which no test deletes.
  const publication = await e2eDb()
    .selectFrom("publications")
    .select("id")
    .where("slug", "=", "annual-report-2024")
    .executeTakeFirstOrThrow();
  const project = await e2eDb()
    .selectFrom("projects")
    .select("id")
    .where("slug", "=", "flood-relief")
    .executeTakeFirstOrThrow();

  const d = "/admin/dashboard";
  return [
    d,
    `${d}/stats`,
    `${d}/news`,
    `${d}/news/new`,
    `${d}/news/${article.id}/edit`,
    `${d}/news/${article.id}/delete`,
    `${d}/publications`,
    `${d}/publications/new`,
    `${d}/publications/types`,
    `${d}/publications/${publication.id}`,
    `${d}/publications/${publication.id}/delete`,
    `${d}/donations`,
    `${d}/donations?status=lapsed`,
    `${d}/donations/${pledge.id}`,
    `${d}/donations/${pledge.id}/cancel`,
    `${d}/donations/${pledge.id}/payments/${payment.id}/remove`,
    `${d}/donations/${pledge.id}/payments/${payment.id}/refund`,
    `${d}/payments`,
    `${d}/payments?from=2025-10-01&to=2025-10-31&method=manual`,
    `${d}/payments/new`,
    `${d}/payments/new?supporter=${supporter.supporter_id}`,
    `${d}/donations/import`,
    `${d}/donations/${pledge.id}/statement?year=2025`,
    `${d}/donations/statements`,
    `${d}/donations/statements?year=2025`,
    `${d}/gift-aid`,
    `${d}/gift-aid/claims/${claim.id}`,
    `${d}/gift-aid/declarations/${declarationId}`,
    `${d}/gift-aid/small-donations`,
    `${d}/enquiries`,
    `${d}/enquiries/${enquiry.id}`,
    `${d}/enquiries/${enquiry.id}/delete`,
    `${d}/volunteers`,
    `${d}/volunteers?status=new&interest=Translation`,
    `${d}/volunteers/${volunteer.id}`,
    `${d}/volunteers/emails`,
    `${d}/supporters`,
    `${d}/supporters?q=markup&giftAid=yes&monthly=lapsed&from=2025-01-01&to=2026-12-31`,
    `${d}/supporters/${supporter.supporter_id}`,
    `${d}/supporters/${supporter.supporter_id}/merge?other=${encodeURIComponent(enquiry.email)}`,
    `${d}/supporters/${supporter.supporter_id}/merge?other=nobody`,
    `${d}/subscribers`,
    `${d}/subscribers/${subscriber.id}`,
    `${d}/subscribers/${subscriber.id}/remove`,
    `${d}/mail`,
    `${d}/mail/${mailId}`,
    `${d}/privacy`,
    `${d}/privacy?email=${encodeURIComponent(email)}`,
    `${d}/privacy/erase?email=${encodeURIComponent(email)}`,
    `${d}/newsletters`,
    `${d}/newsletters/new`,
    `${d}/newsletters/${newsletter.id}`,
    `${d}/newsletters/${newsletter.id}/send`,
    `${d}/settings`,
    `${d}/team`,
    `${d}/team/invite`,
    `${d}/team/${person.id}`,
    `${d}/account`,
    `${d}/account/two-step`,
    `${d}/projects`,
    `${d}/projects/new`,
    `${d}/projects/${project.id}`,
    `${d}/redirects`,
  ];
}
