// The Newsletters section, with JavaScript on and off: compose, preview, "send me a test",
// send to the confirmed subscribers (and only them), the web version; start from an article.
import { expect, test } from "./support/auth";
import { createArticle, uniqueEmail, uniqueTitle } from "./support/db";
import { insertSubscriber, newsletterMessages } from "./support/newsletters";

test("staff write a newsletter, preview it, send themselves a test, then send it to confirmed subscribers only", async ({
  page,
  login,
}) => {
  await login();
  const confirmed = uniqueEmail("nl-confirmed");
  const pending = uniqueEmail("nl-pending");
  await insertSubscriber(confirmed, "confirmed");
  await insertSubscriber(pending, "pending");
  const subject = uniqueTitle("Clinic news");

  await page.goto("/admin/dashboard/newsletters");
  await expect(page.getByRole("heading", { level: 2, name: "Newsletters" })).toBeVisible();
  await page.getByRole("link", { name: "Write a newsletter" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Write a newsletter" })).toBeVisible();
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview line").fill("What your gifts did this spring");
  await page.getByLabel("Text", { exact: true }).fill("Dear friends,\n\nThe **clinic** in the valley opened.");
  await page.getByRole("button", { name: "Save draft" }).click();

  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(page.getByText("Newsletter saved.")).toBeVisible();

  // The preview: the HTML part in a frame, the text part below.
  const frame = page.frameLocator('iframe[title="HTML version of the e-mail"]');
  await expect(frame.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(frame.getByText("in the valley opened.")).toBeVisible();
  await expect(frame.getByRole("link", { name: /newsletter\/unsubscribe\/example/ })).toBeVisible();
  const text = page.getByRole("region", { name: "Preview" }).locator("pre");
  await expect(text).toContainText("The clinic in the valley opened.");
  await expect(text).toContainText("Unsubscribe:");

  // Send me a test: one message, to the typed address only.
  const me = uniqueEmail("nl-staff");
  await page.getByLabel("Your e-mail address").fill(me);
  await page.getByRole("button", { name: "Send me a test" }).click();
  await expect(page.getByText(`Test queued for ${me}.`)).toBeVisible();
  const tests = await newsletterMessages(subject);
  expect(tests.map((m) => [m.to_address, m.kind, m.subject])).toEqual([[me, "newsletter.test", `[Test] ${subject}`]]);

  // Send: a confirmation that says how many, then the progress.
  await page.getByRole("link", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Send “${subject}”?` })).toBeVisible();
  await expect(page.getByText(/It goes to \d+ confirmed subscribers? now/)).toBeVisible();
  await page.getByRole("button", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await expect(page.getByText("Newsletter queued: its messages are on their way")).toBeVisible();
  const progress = page.getByRole("region", { name: "Progress" });
  await expect(progress).toBeVisible();
  await expect(progress.getByText("Queued", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Send to/ })).toHaveCount(0);

  const sent = (await newsletterMessages(subject)).filter((m) => m.kind === "newsletter.issue");
  const mine = sent.filter((m) => m.to_address === confirmed);
  expect(mine).toHaveLength(1);
  expect(sent.some((m) => m.to_address === pending || m.to_address === me)).toBe(false);
  const headers = JSON.parse(mine[0].headers ?? "{}") as Record<string, string>;
  expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/newsletter\/one-click\/[A-Za-z0-9_-]{43}>$/);
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mine[0].text_body).toMatch(/\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}/);

  // The web version the message links to is public.
  const webPath = /http:\/\/localhost:\d+(\/newsletters\/[a-z0-9-]+)/.exec(mine[0].text_body)![1];
  await page.context().clearCookies();
  const response = await page.goto(webPath);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await page.goto("/newsletters");
  await expect(page.getByRole("link", { name: subject })).toBeVisible();
});

test("a newsletter started from a published article takes its title, first paragraphs and a link to it", async ({
  page,
  login,
}) => {
  await login();
  const title = uniqueTitle("Water filters arrive");
  const article = await createArticle({
    title,
    content: "First paragraph about filters.\n\nSecond paragraph.\n\nThird paragraph, left out.",
    status: "published",
  });
  await page.goto("/admin/dashboard/newsletters");
  await page.getByLabel("Published article", { exact: true }).selectOption({ label: title });
  await page.getByRole("button", { name: "Start from this article" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  const text = page.getByRole("region", { name: "Preview" }).locator("pre");
  await expect(text).toContainText("First paragraph about filters.");
  await expect(text).toContainText("Second paragraph.");
  await expect(text).not.toContainText("Third paragraph");
  await expect(text).toContainText(`Read the whole article on our website (http://localhost`);
  await expect(text).toContainText(`/news/${article.id})`);
});

test("a draft without a subject is refused with the reason, and what was typed is kept", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard/newsletters/new");
  await page.getByLabel("Text", { exact: true }).fill("Kept text");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator(".field-error").getByText("Subject is required")).toBeVisible();
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("Kept text");
});

test("a newsletter can be scheduled for a UK date and time, and taken back", async ({ page, login }) => {
  await login();
  const subject = uniqueTitle("Scheduled");
  await page.goto("/admin/dashboard/newsletters/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text", { exact: true }).fill("Later.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await page.getByLabel("Send at (UK time)").fill("2099-06-01T09:30");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Scheduled for 1 June 2099, 09:30 (UK time).")).toBeVisible();
  await page.getByRole("button", { name: "Remove the schedule" }).click();
  await expect(page.getByText("Schedule removed: the newsletter is a draft again.")).toBeVisible();
  await expect(page.getByText(/Scheduled for/)).toHaveCount(0);
});
