// The public forms validate in the browser without zod (docs/decisions/0023-light-public-form-pages.md):
// no zod in any form page's scripts, the donate form's rules across fields loaded on first
// focus, and the server's answer shown in place when the browser could not check a rule.
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support/hydration";
import { uniqueEmail, uniqueName } from "./support/db";

/** The scripts a page loads, by URL, with their bodies. */
function collectScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.text());
  });
  return scripts;
}

/** Opens the donate form, hydrated; then lists every document request (a reload would show). */
async function openDonateForm(page: Page): Promise<string[]> {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest()) documents.push(r.url());
  });
  return documents;
}

for (const path of ["/donate", "/contact", "/publications", "/admin/login"]) {
  test(`${path} ships no zod to the browser`, async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto(path);
    await waitForHydration(page);
    expect(scripts.size).toBeGreaterThan(0);
    for (const [url, body] of scripts) expect(await body, url).not.toContain("ZodError");
  });
}

test("the contact form's rules are on its fields, for assistive technology too", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByLabel("Full Name")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Full Name")).toHaveAttribute("maxlength", "100");
  await expect(page.getByLabel("Email Address")).toHaveAttribute("required", "");
});

test("the donate form checks the Gift Aid address as the visitor goes, and the server answers a submit in place", async ({
  page,
}) => {
  const documents = await openDonateForm(page);
  const rules = page.waitForResponse((r) => /donation-rules-[A-Z0-9]+\.js$/.test(new URL(r.url()).pathname));
  await page.getByLabel("First name").fill("Jo");
  await rules;
  await page.getByLabel("Last name").fill("Bloggs");
  await page.getByLabel("Email address").fill(uniqueEmail("light-donor"));
  await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
  // Checked in the browser when the field is left, and again as it is corrected.
  // The rules module has arrived, but it may not be wired in yet on a busy machine: leave the field
  // again until the browser's check answers (it never shows an error the server did not mean).
  await expect(async () => {
    await page.getByLabel("Postcode").fill("75001");
    await page.getByLabel("Postcode").blur();
    await expect(page.locator(".field-error").getByText(/^Enter a UK postcode/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByLabel("Postcode").fill("NW1 6XE");
  await expect(page.locator(".field-error").getByText(/^Enter a UK postcode/)).toBeHidden();

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/donate"),
    page.getByRole("button", { name: "Donate" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.locator(".field-error").getByText("Choose an amount or enter your own")).toBeVisible();
  await expect(page.locator(".field-error").getByText("House name or number is required for Gift Aid")).toBeVisible();
  await expect(page.getByLabel("Postcode")).toHaveValue("NW1 6XE");
  expect(documents).toEqual([]);
});

test("when the browser could not check a rule, the server's answer appears in place, without a reload", async ({
  page,
}) => {
  // The rules across fields never arrive (a dropped request): the server still answers.
  await page.route(/donation-rules-[A-Z0-9]+\.js$/, (route) => route.abort());
  const documents = await openDonateForm(page);
  await page.getByLabel("First name").fill("Jo");
  await page.getByLabel("Last name").fill("Bloggs");
  const email = uniqueEmail("server-checked");
  await page.getByLabel("Email address").fill(email);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/donate"),
    page.getByRole("button", { name: "Donate" }).click(),
  ]);
  expect(response.status()).toBe(400);
  expect(new URL(response.url()).searchParams.get("_data")).toBe("routes/_public+/donate/route");
  await expect(page.locator(".field-error").getByText("Choose an amount or enter your own")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  expect(documents).toEqual([]);
});

test("a field left by clicking the submit button sends the form in one click", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page.locator("form#contact"));
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  // Leaving a field any other way still checks it at once.
  await page.getByLabel("Full Name").focus();
  await page.keyboard.press("Tab");
  await expect(page.locator(".field-error").getByText("Full name is required")).toBeVisible();
  await page.getByLabel("Full Name").fill(uniqueName("One click"));
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Subject").selectOption("donation");
  // The empty message, just above the buttons, is left by pressing the button with the mouse:
  // its error must not appear (and push the button from under the pointer) before the click.
  await page.getByLabel("Message", { exact: true }).focus();
  await page.getByRole("button", { name: "Send via Email" }).click();
  // One click was enough: the submit checked the whole form and its summary took the focus.
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Message is required" })).toBeVisible();
  expect(posts).toEqual([]);

  // And a complete form is sent by one click, with the focus in the field just filled.
  await page.getByLabel("Message", { exact: true }).fill("Hello");
  await page.getByRole("button", { name: "Send via Email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
});
