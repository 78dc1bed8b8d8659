import { expect, test } from "@playwright/test";
import { getInvolvedPages } from "~/content/get-involved";
import { site } from "~/content/site";
import { SERVER_ONLY } from "./support/projects";

test("Get Involved offers three cards: Share My Day, In Memoriam and Volunteers", SERVER_ONLY, async ({ page }) => {
  await page.goto("/get-involved");
  await expect(page).toHaveTitle(`Get Involved | ${site.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Involved");
  const cards = page.getByRole("main").getByRole("list").first().getByRole("listitem");
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Share My Day", "In Memoriam", "Volunteers"]);
  for (const [title, path] of [
    ["Share My Day", "/get-involved/share-my-day"],
    ["In Memoriam", "/get-involved/memoriam"],
    ["Volunteers", "/get-involved/volunteers"],
  ]) {
    await expect(cards.filter({ hasText: title }).getByRole("link")).toHaveAttribute("href", path);
  }
});

test("a card leads to its page and back", async ({ page }) => {
  await page.goto("/get-involved");
  await page.getByRole("link", { name: "Find out more about In Memoriam" }).click();
  await expect(page).toHaveURL(/\/get-involved\/memoriam$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("In Memoriam");
  await page.getByRole("link", { name: "Back to Get Involved" }).click();
  await expect(page).toHaveURL(/\/get-involved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Involved");
});

const expected = [
  ["/get-involved/share-my-day", "Share My Day"],
  ["/get-involved/memoriam", "In Memoriam"],
  ["/get-involved/volunteers", "Volunteers"],
  ["/get-involved/internships", "Internship Programme"],
  ["/get-involved/advisors", "Advisory Board"],
];

for (const [path, title] of expected) {
  test(`${path} is the ${title} page with a way back and a way to take part`, SERVER_ONLY, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${title} | ${site.name}`);
    const content = getInvolvedPages.find((p) => `/get-involved/${p.slug}` === path)!;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", content.summary);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("link", { name: "Back to Get Involved" })).toHaveAttribute("href", "/get-involved");
    // The Volunteers, Internships and Advisory Board pages end in an application form (volunteers.spec.ts).
    const applies = ["/get-involved/volunteers", "/get-involved/internships", "/get-involved/advisors"].includes(path);
    // Share My Day and In Memoriam end in "Start your page" alone: no leftover "please contact us by e-mail".
    const starts = ["/get-involved/share-my-day", "/get-involved/memoriam"].includes(path);
    if (starts) {
      await expect(page.getByRole("button", { name: "Start your page" })).toBeVisible();
      await expect(page.getByText("Please contact us by e-mail")).toHaveCount(0);
      return;
    }
    await expect(
      page.getByText(applies ? "Questions first? E-mail us at" : "Please contact us by e-mail"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Send application" })).toHaveCount(applies ? 1 : 0);
    const mail = page.getByRole("main").getByRole("link", { name: site.email });
    await expect(mail).toHaveAttribute(
      "href",
      `mailto:${site.email}?subject=${encodeURIComponent(content.emailSubject)}`,
    );
  });
}

test(
  "the internship and advisory pages are reachable from Get Involved without a card",
  SERVER_ONLY,
  async ({ page }) => {
    await page.goto("/get-involved");
    const more = page.getByRole("region", { name: "More ways to help" });
    await expect(more.getByRole("link", { name: "Internship Programme" })).toHaveAttribute(
      "href",
      "/get-involved/internships",
    );
    await expect(more.getByRole("link", { name: "Advisory Board" })).toHaveAttribute("href", "/get-involved/advisors");
  },
);

test("an unknown Get Involved page is a 404", SERVER_ONLY, async ({ page }) => {
  const response = await page.goto("/get-involved/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404 Not Found")).toBeVisible();
});
