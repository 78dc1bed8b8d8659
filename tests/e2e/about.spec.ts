import { expect, test, type Page } from "@playwright/test";
import { faq } from "~/content/faq";
import { site } from "~/content/site";
import { historyCountries } from "~/content/statistics";
import { officers, trustees } from "~/content/team";
import { SERVER_ONLY } from "./support/projects";

const tabs = [
  { name: "Overview", path: "/about", heading: `About ${site.name}`, title: "About Us" },
  { name: "Our Team", path: "/about/team", heading: "Our Team", title: "Our Team" },
  { name: "History", path: "/about/history", heading: "Our History", title: "Our History" },
  { name: "FAQ", path: "/about/faq", heading: "Frequently Asked Questions", title: "Frequently Asked Questions" },
];

const tabBar = (page: Page) => page.getByRole("navigation", { name: "About us" });

for (const tab of tabs) {
  test(`${tab.path} marks the ${tab.name} tab as the current page`, SERVER_ONLY, async ({ page }) => {
    await page.goto(tab.path);
    await expect(page).toHaveTitle(`${tab.title} | ${site.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", tab.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tab.heading);
    await expect(tabBar(page).getByRole("link")).toHaveText(tabs.map((t) => t.name));
    for (const other of tabs) {
      const link = tabBar(page).getByRole("link", { name: other.name, exact: true });
      await expect(link).toHaveAttribute("href", other.path);
      if (other === tab) await expect(link).toHaveAttribute("aria-current", "page");
      else await expect(link).not.toHaveAttribute("aria-current");
    }
  });
}

test("the tabs move between the about pages", async ({ page }) => {
  await page.goto("/about");
  for (const tab of [tabs[2], tabs[1], tabs[3], tabs[0]]) {
    await tabBar(page).getByRole("link", { name: tab.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${tab.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tab.heading);
    await expect(tabBar(page).getByRole("link", { name: tab.name, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
});

test("the overview shows the registered charity number and the company number", SERVER_ONLY, async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("term")).toHaveText(["Registered charity number (England and Wales)", "Company number"]);
  await expect(main.getByRole("definition")).toHaveText([site.charityNumber, site.companyNumber]);
  await expect(main.getByText(/UK chapter of an international medical health charity/)).toBeVisible();
});

test("the team page lists the trustee board and the officers", SERVER_ONLY, async ({ page }) => {
  await page.goto("/about/team");
  const trusteesSection = page.getByRole("region", { name: "Board of Trustees" });
  await expect(trusteesSection.getByRole("listitem")).toHaveCount(trustees.length);
  await expect(trusteesSection.getByText("Chair of Trustees")).toBeVisible();
  await expect(trusteesSection.getByText("Treasurer")).toBeVisible();
  const officersSection = page.getByRole("region", { name: "Officers" });
  await expect(officersSection.getByRole("listitem")).toHaveCount(officers.length);
  await expect(officersSection.getByText("Company Secretary")).toBeVisible();
});

test("the history tells of incorporation, growth, charity status and 19 countries", SERVER_ONLY, async ({ page }) => {
  await page.goto("/about/history");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([
    "November 2010Incorporation",
    "2010-2024Growth",
    "December 2024Charity status",
  ]);
  await expect(main.getByText("incorporated as a company in November 2010")).toBeVisible();
  expect(historyCountries).toBe(19);
  await expect(main.getByText("reaching 19 countries")).toBeVisible();
  await expect(main.getByText("In December 2024 we were registered as a charity")).toBeVisible();
});

test("the FAQ answers open and close as disclosures", async ({ page }) => {
  await page.goto("/about/faq");
  const main = page.getByRole("main");
  const questions = main.locator("summary");
  await expect(questions).toHaveText(faq.map((item) => item.question));
  for (const question of ["What does the charity do?", "How can I get involved?", "Where do my donations go?"]) {
    await expect(questions.filter({ hasText: question })).toHaveCount(1);
  }

  const item = faq.find((i) => i.question === "Where do my donations go?")!;
  const answer = main.getByText(item.answer[0]);
  await expect(answer).toBeHidden();
  await main.getByText("Where do my donations go?").click();
  await expect(answer).toBeVisible();
  await expect(main.getByText(/100% of your donation goes to our projects/)).toBeVisible();
  await main.getByText("Where do my donations go?").click();
  await expect(answer).toBeHidden();

  // Keyboard: Enter on the focused question opens it.
  await main.getByText("How can I get involved?").focus();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
});
