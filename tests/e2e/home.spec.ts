import { markdownToText } from "~/infra/markdown.server";
import { expect, test, type Page } from "@playwright/test";
import { heroSlides } from "~/content/hero";
import { mission } from "~/content/mission";
import { currentNeeds } from "~/content/needs";
import { site } from "~/content/site";
import { homeStatistics } from "~/content/statistics";
import { listNewsSummaries } from "~/publishing/models/news.server";
import { formatLongDate } from "~/utils/dates";
import { preview } from "~/utils/text";
import { e2eDb } from "./support/db";
import { SERVER_ONLY } from "./support/projects";

const section = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true });

test("the home page has its own title, description and Open Graph tags", SERVER_ONLY, async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(site.name);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Community Health Aid UK/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", site.name);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
});

test("the hero has four captioned slides and dot links to each slide's anchor", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Highlights of our work" });
  const slides = carousel.getByRole("group", { name: /of 4$/ });
  await expect(slides).toHaveCount(4);
  for (const [i, slide] of heroSlides.entries()) {
    const slideGroup = carousel.getByRole("group", { name: `${i + 1} of 4`, exact: true });
    await expect(slideGroup).toHaveAttribute("id", `slide-${i + 1}`);
    const image = slideGroup.getByRole("img", { name: slide.alt });
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "500");
    await expect(slideGroup.getByText(slide.caption)).toBeAttached();
    await expect(carousel.getByRole("link", { name: `Show slide ${i + 1}`, exact: true })).toHaveAttribute(
      "href",
      `#slide-${i + 1}`,
    );
  }
  // The first slide is what a visitor sees on arrival.
  await expect(carousel.getByRole("img", { name: heroSlides[0].alt })).toBeInViewport();
  await expect(carousel.getByRole("img", { name: heroSlides[1].alt })).not.toBeInViewport();
  // Every slide image actually loads.
  for (const slide of heroSlides) {
    const response = await page.request.get(slide.src);
    expect(response.status(), slide.src).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  }
});

test("welcome headline, statistics and the three mission pillars", SERVER_ONLY, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${site.name}`);

  const impact = section(page, "Our Impact");
  const expected = [
    ["15+", "Years of Service"],
    ["10", "Countries Reached"],
    ["35+", "Hospitals & Clinics Supported"],
    ["2000+", "Lives Impacted"],
  ];
  expect(homeStatistics.map((s) => [s.value, s.label])).toEqual(expected);
  await expect(impact.getByRole("term")).toHaveText(expected.map(([, label]) => label));
  await expect(impact.getByRole("definition")).toHaveText(expected.map(([value]) => value));

  const missionSection = section(page, "Our Mission");
  await expect(missionSection.getByRole("heading", { level: 3 })).toHaveText([
    "Healthcare Access",
    "Education & Support",
    "Community Partnerships",
  ]);
  expect(mission.pillars).toHaveLength(3);
});

test("Current Needs has three cards, each leading to the donate page", SERVER_ONLY, async ({ page }) => {
  await page.goto("/");
  const needs = section(page, "Current Needs");
  await expect(needs.getByRole("heading", { level: 3 })).toHaveText([
    "Prosthetic Limb Centre",
    "Supplementary Education",
    "Healthcare Access",
  ]);
  const links = needs.getByRole("link");
  await expect(links).toHaveCount(3);
  for (const need of currentNeeds) {
    await expect(needs.getByRole("link", { name: need.linkLabel })).toHaveAttribute("href", "/donate");
  }
});

test("Recent Activities shows the three newest articles from the database", SERVER_ONLY, async ({ page }) => {
  const recent = section(page, "Recent Activities");
  // Other tests add and remove articles in the shared database: compare against what the
  // database holds at the moment the page is served, retrying if it changed in between.
  // On a database nobody else writes to, these are the seeded articles (db/seed.ts).
  await expect(async () => {
    // What visitors see: published articles whose time has come (other tests add drafts).
    const newest = await listNewsSummaries(e2eDb(), { visibleAt: new Date().toISOString(), limit: 3 });
    expect(newest).toHaveLength(3);
    await page.goto("/");
    await expect(recent.getByRole("heading", { level: 3 })).toHaveText(
      newest.map((a) => a.title),
      { timeout: 1000 },
    );
    for (const article of newest) {
      const card = recent
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: article.title, exact: true }) });
      await expect(card.getByText(formatLongDate(article.publishAt), { exact: true })).toBeVisible({ timeout: 1000 });
      await expect(card.getByText(preview(markdownToText(article.content), 150), { exact: true })).toBeVisible({
        timeout: 1000,
      });
      await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/news/${article.id}`, {
        timeout: 1000,
      });
    }
  }).toPass({ timeout: 15_000 });
  await expect(recent.getByRole("link", { name: "View All News" })).toHaveAttribute("href", "/news");
});

test("Read More opens the article the card shows", async ({ page }) => {
  // The first card is often another test's article, which that test may delete in between:
  // then the whole step is tried again with the next first card.
  await expect(async () => {
    await page.goto("/");
    const firstCard = section(page, "Recent Activities").getByRole("article").first();
    const title = await firstCard.getByRole("heading").innerText();
    await firstCard.getByRole("link", { name: /^Read More/ }).click();
    await expect(page).toHaveURL(/\/news\/\d+$/, { timeout: 5000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
});

test("the closing call to action links to Get Involved and Donate", SERVER_ONLY, async ({ page }) => {
  await page.goto("/");
  const cta = section(page, "Be Part of the Change");
  await expect(cta.getByRole("link", { name: "Get Involved" })).toHaveAttribute("href", "/get-involved");
  await expect(cta.getByRole("link", { name: "Donate Today" })).toHaveAttribute("href", "/donate");
});
