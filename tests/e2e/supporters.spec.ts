// Supporters with JavaScript on and off: find a supporter by name, open their page (both
// pledges in the timeline, whatever letter case the address was typed in), and merge two.
import { expect, test } from "./support/auth";
import { insertEnquiry, insertPledge, uniqueToken } from "./support/back-office";
import { e2eDb } from "./support/db";
import { uniqueLastName } from "./support/gift-aid";
import { createPledge } from "~/giving/models/pledge.server";

test.beforeEach(async ({ login }) => {
  await login();
});

async function donor(email: string, lastName: string) {
  return createPledge(e2eDb(), {
    type: "one-time",
    amountPence: 2500,
    firstName: "Robin",
    lastName,
    email,
    inHonour: false,
  });
}

test("finds a supporter by name and opens their page with every pledge", async ({ page }) => {
  const token = uniqueToken();
  const lastName = uniqueLastName("Finder");
  const email = `finder-${token}@example.org`;
  const first = await donor(email, lastName);
  const second = await donor(email.toUpperCase(), lastName);

  await page.goto("/admin/dashboard/supporters");
  await expect(page.getByRole("link", { name: "Supporters" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search name, e-mail or reference").fill(lastName.toLowerCase());
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 supporter, page 1 of 1")).toBeVisible();
  await page.getByRole("link", { name: `Robin ${lastName}` }).click();

  await expect(page.getByRole("heading", { name: `Robin ${lastName}` })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("link", { name: `Pledge ${first.reference}: £25, one-time` })).toBeVisible();
  await expect(timeline.getByRole("link", { name: `Pledge ${second.reference}: £25, one-time` })).toBeVisible();
});

test("a bad date filter is refused with the input kept", async ({ page }) => {
  await page.goto("/admin/dashboard/supporters?from=31/02/2026");
  await expect(page.getByLabel("Gave from")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Enter the first day like 05/10/2025")).toBeVisible();
});

test("merges two supporters after a preview and a confirmation", async ({ page }) => {
  const token = uniqueToken();
  const lastName = uniqueLastName("Merger");
  const home = `home-${token}@example.org`;
  const work = `work-${token}@example.org`;
  const kept = await insertPledge(home, 2500, true);
  const moved = await donor(work, lastName);
  await insertEnquiry({ email: work, name: `Robin ${lastName}` });
  const survivor = await e2eDb()
    .selectFrom("pledges")
    .select("supporter_id")
    .where("id", "=", kept.id)
    .executeTakeFirstOrThrow();

  await page.goto(`/admin/dashboard/supporters/${survivor.supporter_id}`);
  await page.getByLabel("Other supporter's number or e-mail address").fill(work.toUpperCase());
  await page.getByRole("button", { name: "Preview merge" }).click();
  await expect(page.getByRole("heading", { name: "What moves" })).toBeVisible();
  await expect(page.getByText("1 pledge", { exact: true })).toBeVisible();
  await expect(page.getByText("1 enquiry", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Merge supporters" }).click();
  // The box is required: without it nothing is merged (the browser, or the server, says so).
  await expect(page.getByRole("heading", { name: "What moves" })).toBeVisible();
  await page.getByLabel("I understand that this merge cannot be undone automatically").check();
  await page.getByRole("button", { name: "Merge supporters" }).click();

  await expect(page.getByText("The supporters were merged.")).toBeVisible();
  await expect(page.getByText(`${work} (merged in)`)).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("link", { name: `Pledge ${kept.reference}: £25, one-time` })).toBeVisible();
  await expect(timeline.getByRole("link", { name: `Pledge ${moved.reference}: £25, one-time` })).toBeVisible();
  await expect(timeline.getByText(/^Enquiry:/)).toBeVisible();
});
