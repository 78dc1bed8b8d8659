import { expect, test } from "@playwright/test";
import { site } from "~/content/site";
import { waitForHydration } from "./support/hydration";
import { uniqueTitle } from "./support/db";

test("with JavaScript errors show before anything is sent, and a valid form still leaves by a real post", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page.locator("form#contact"));
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });

  await page.getByRole("button", { name: "Send via Email" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  expect(posts).toEqual([]);

  // Errors clear as the visitor corrects them.
  await page.getByLabel("Full Name").fill(uniqueTitle("Hydrated"));
  await expect(page.getByText("Full name is required")).toBeHidden();
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Subject").selectOption("donation");
  await page.getByLabel("Message", { exact: true }).fill("Hi");

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact"),
    page.getByRole("button", { name: "Send via Email" }).click({ noWaitAfter: true }),
  ]);
  // A document post, not a fetch: the browser itself follows the redirect out of the site.
  expect(response.request().isNavigationRequest()).toBe(true);
  expect(response.status()).toBe(303);
  expect(response.headers().location).toMatch(
    new RegExp(`^mailto:${site.email}\\?subject=Donation%20Information&body=`),
  );
});
