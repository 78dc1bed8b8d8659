// axe on the newsletter pages and the mail staff screens, hydrated (their server markup is the
// same, so a scan with the scripts blocked would judge the same page again).
import { randomUUID } from "node:crypto";
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { e2eDb } from "./support/db";
import { linkInOutbox } from "./support/mail";
import { nowIsoString } from "~/infra/clock.server";

test("confirmation, unsubscribe and bad-link pages have no axe violations", async ({ axePage: page, request }) => {
  const email = `axe-${randomUUID().slice(0, 8)}@example.com`;
  expect((await request.post("/publications", { form: { email } })).status()).toBe(200);
  for (const link of [
    await linkInOutbox(email, "/newsletter/confirm/"),
    await linkInOutbox(email, "/newsletter/unsubscribe/"),
    `/newsletter/confirm/${"B".repeat(43)}`,
  ]) {
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("mail log, message, subscribers and subscriber pages have no axe violations", async ({
  axePage: page,
  baseURL,
}) => {
  // Five staff pages, each scanned by axe.
  test.setTimeout(90_000);
  await signIn(page.context(), baseURL!);
  const email = `axe-staff-${randomUUID().slice(0, 8)}@example.com`;
  const now = nowIsoString();
  const { id } = await e2eDb()
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: now, status: "confirmed", confirmed_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const mail = await e2eDb()
    .insertInto("outbox")
    .values({
      kind: "test",
      to_address: email,
      subject: "Axe",
      text_body: "Hello",
      html_body: "<p>Hello</p>",
      next_attempt_at: now,
      created_at: now,
      status: "failed",
      last_error: "boom",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const path of [
    "/admin/dashboard/mail",
    `/admin/dashboard/mail/${mail.id}`,
    "/admin/dashboard/subscribers",
    `/admin/dashboard/subscribers/${id}`,
    `/admin/dashboard/subscribers/${id}/remove`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
