import { expect, test } from "@playwright/test";
import { site } from "~/content/site";
import { waitForHydration } from "./support/hydration";
import { uniqueName } from "./support/db";

test("with JavaScript errors show before anything is sent, and a valid form is confirmed on the site", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page.locator("form#contact"));
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });

  await page.getByRole("button", { name: "Send via Email" }).click();
  await expect(page.locator(".field-error").getByText("Full name is required")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Message is required")).toBeVisible();
  expect(posts).toEqual([]);
  // The refused form starts with its summary, and focus moves to it; its links lead to the fields.
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "Message is required" }).click();
  await expect(page.getByLabel("Message", { exact: true })).toBeFocused();

  // Errors clear as the visitor corrects them.
  await page.getByLabel("Full Name").fill(uniqueName("Hydrated"));
  await expect(page.locator(".field-error").getByText("Full name is required")).toBeHidden();
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Subject").selectOption("donation");
  await page.getByLabel("Message", { exact: true }).fill("Hi");

  // With JavaScript the post is a fetch; the confirmation page then hands over to the mail app once.
  const handoff = page.waitForEvent("framenavigated").catch(() => undefined);
  await page.getByRole("button", { name: "Send via Email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
  await handoff;
  // The ?via= that asked for the hand-off is gone, so a reload only shows the confirmation.
  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole("link", { name: "Open the e-mail draft" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${site.email}\\?subject=Donation%20Information&body=`),
  );
});

test("Send via WhatsApp confirms on the site, then opens the WhatsApp chat with the same text", async ({ page }) => {
  // No request may leave for the real WhatsApp: a stand-in answers instead.
  await page.route("https://wa.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
  );
  const name = uniqueName("WhatsApp Visitor");
  await page.goto("/contact?subject=volunteer");
  await waitForHydration(page.locator("form#contact"));
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Hello & welcome?\nA second line #2");
  const chat = page.waitForRequest((r) => r.url().startsWith("https://wa.me/"));
  await page.getByRole("button", { name: "Send via WhatsApp" }).click();
  const target = new URL((await chat).url());
  expect(`${target.origin}${target.pathname}`).toBe(`https://wa.me/${site.whatsappNumber}`);
  expect(target.searchParams.get("text")).toBe(
    `Subject: Volunteer Opportunities\nName: ${name}\nEmail: visitor@example.com\n\nMessage:\nHello & welcome?\nA second line #2`,
  );
  await expect(page).toHaveTitle("WhatsApp");
  // Back from the chat, the visitor finds the confirmation (not the hand-off again).
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/sent$/);
});
