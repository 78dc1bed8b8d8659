import { expect, test, type Page } from "@playwright/test";
import { waitForHydration, waitForRouteDiscovery } from "./support/hydration";

/** The paths of the scripts the page fetches, and the errors its code reports (a refused post's 400 is no error of the code), from now on. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { errors, informationScripts: () => scripts.filter((path) => /\/information-[0-9A-Z]+\.js$/.test(path)) };
}

/** The banner and the boxes around the form (app/routes/_public+/donate/information.tsx). */
async function expectInformation(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Make a Difference Today" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What your gift can do" })).toBeVisible();
  await expect(page.getByText("Prosthetic limb support")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why donate?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bank transfer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the charity" })).toBeVisible();
}

test("choosing a preset clears the custom amount, and typing a custom amount clears the preset", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  const custom = page.getByLabel("Custom amount (£)");
  const fifty = page.getByRole("radio", { name: "£50", exact: true });
  const hundred = page.getByRole("radio", { name: "£100", exact: true });

  await custom.fill("30");
  await fifty.check();
  await expect(custom).toHaveValue("");
  await expect(fifty).toBeChecked();

  await custom.pressSequentially("75");
  await expect(custom).toHaveValue("75");
  await expect(fifty).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Amount" }).getByRole("radio", { checked: true })).toHaveCount(0);

  await hundred.check();
  await expect(custom).toHaveValue("");
  await expect(hundred).toBeChecked();
});

test("a refused donation moves focus to the summary at the top of the page", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  await page.getByLabel("First name").fill("Focus");
  await page.getByRole("button", { name: "Donate" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Last name is required" })).toBeVisible();
  await summary.getByRole("link", { name: "Last name is required" }).click();
  await expect(page.getByLabel("Last name")).toBeFocused();
});

test("a visitor who moves on while a refused donation is answered keeps their place", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  // Hold the post until the visitor has moved to another field, then let the refusal through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/donate?**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByLabel("First name").fill("Focus");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("button", { name: /Please wait|Recording your pledge/ })).toBeDisabled();
  const lastName = page.getByLabel("Last name");
  await lastName.focus();
  release();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect(lastName).toBeFocused();
});

test("the banner and the boxes around the form stay as the server drew them, with no script of their own", async ({
  page,
}) => {
  const watched = watch(page);
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  await waitForRouteDiscovery(page, "routes/_public+/_index");
  await expectInformation(page);
  // A refused post draws the page again with the action's answer: the boxes stay.
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expectInformation(page);
  expect(watched.informationScripts()).toEqual([]);
  expect(watched.errors).toEqual([]);
});

test("reached by a link from another page, the donate page draws the same boxes itself", async ({ page }) => {
  const watched = watch(page);
  await page.goto("/");
  await waitForHydration(page);
  await waitForRouteDiscovery(page, "routes/_public+/donate/route");
  await page.getByRole("link", { name: "Donate Now" }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await expectInformation(page);
  expect(watched.informationScripts()).toHaveLength(1);
  expect(watched.errors).toEqual([]);
});
