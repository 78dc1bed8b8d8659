// Staff screens of the mail log and the newsletter subscribers, with JavaScript on and off.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/auth";
import { e2eDb } from "./support/db";
import { nowIsoString } from "~/infra/clock.server";

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function failedMessage(subject: string) {
  const now = nowIsoString();
  const row = await e2eDb()
    .insertInto("outbox")
    .values({
      kind: "test",
      to_address: uniqueEmail("failed"),
      subject,
      text_body: `Text of ${subject}\nsecond line`,
      html_body: "<p>x</p>",
      headers: null,
      status: "failed",
      tries: 8,
      next_attempt_at: now,
      last_error: "451 Mailbox temporarily unavailable",
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

test("the mail log shows a failed message with its error, reads it, and retries it", async ({ page, login }) => {
  await login();
  const subject = `Failed ${randomUUID().slice(0, 8)}`;
  const id = await failedMessage(subject);
  // Newer messages from parallel tests may push it off the first page: open it directly too.
  await page.goto("/admin/dashboard/mail");
  await expect(page.getByRole("heading", { level: 2, name: "Mail log" })).toBeVisible();
  await expect(page.getByText(/No mail server is set up for this site yet/)).toBeVisible();

  await page.goto(`/admin/dashboard/mail/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: /^Message \d+/ })).toContainText("failed");
  await expect(page.getByText("451 Mailbox temporarily unavailable")).toBeVisible();
  await expect(page.locator("pre")).toHaveText(`Text of ${subject}\nsecond line`);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("status")).toHaveText(`Message ${id} is queued again.`);
  const row = await e2eDb()
    .selectFrom("outbox")
    .select(["status", "tries"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: "queued", tries: 0 });
});

test("staff send a test message to an address they type", async ({ page, login }) => {
  await login();
  const to = uniqueEmail("test-message");
  await page.goto("/admin/dashboard/mail");
  await page.getByLabel("Address").fill(to);
  await page.getByRole("button", { name: "Send test message" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Test message queued/);
  const rows = await e2eDb().selectFrom("outbox").select(["kind", "status"]).where("to_address", "=", to).execute();
  expect(rows).toEqual([{ kind: "test", status: "queued" }]);
});

test("the Subscribers tab lists, shows the consent history, and removes after confirmation", async ({
  page,
  login,
}) => {
  await login();
  const email = uniqueEmail("staff-view");
  const now = nowIsoString();
  const { id } = await e2eDb()
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: now, status: "pending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await e2eDb()
    .insertInto("newsletter_consent_events")
    .values({ subscriber_id: id, kind: "signed-up", wording: "The words they saw.", occurred_at: now })
    .execute();

  await page.goto("/admin/dashboard/news");
  await page.getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Subscribers/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export confirmed addresses (CSV)" })).toBeVisible();

  await page.goto(`/admin/dashboard/subscribers/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(email) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Consent history" })).toBeVisible();
  await expect(page.getByText("The words they saw.")).toBeVisible();

  await page.getByRole("link", { name: "Remove subscriber" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Remove subscriber" })).toBeVisible();
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/subscribers$/);
  expect(
    await e2eDb().selectFrom("newsletter_subscribers").select("id").where("id", "=", id).executeTakeFirst(),
  ).toBeUndefined();
});
