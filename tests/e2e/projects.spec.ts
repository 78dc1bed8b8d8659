import { expect, test, type Page } from "@playwright/test";
import { SEEDED_PROJECTS as projects } from "../../db/migrations/0044_projects_redirects";
import { site } from "~/content/site";
import { SERVER_ONLY } from "./support/projects";

const activeProjects = projects.filter((p) => p.status === "Active");
const tabBar = (page: Page) => page.getByRole("navigation", { name: "Projects", exact: true });
const cards = (page: Page) => page.getByRole("main").getByRole("article");

test(
  "All Projects shows every project with its image, status badge and Learn More link",
  SERVER_ONLY,
  async ({ page }) => {
    await page.goto("/projects");
    await expect(page).toHaveTitle(`Our Projects | ${site.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Projects");
    await expect(tabBar(page).getByRole("link", { name: "All Projects" })).toHaveAttribute("aria-current", "page");
    await expect(tabBar(page).getByRole("link", { name: "Recent Projects" })).not.toHaveAttribute("aria-current");

    // The seeded projects first, in their order (another spec may have added one after them).
    const titles = await cards(page).getByRole("heading").allTextContents();
    expect(titles.slice(0, projects.length)).toEqual(projects.map((p) => p.title));
    for (const project of projects) {
      const card = cards(page).filter({ has: page.getByRole("heading", { name: project.title, exact: true }) });
      await expect(card.getByText(`Status: ${project.status}`, { exact: true })).toBeVisible();
      const image = card.getByRole("img", { name: project.imageAlt });
      await expect(image).toHaveAttribute("width", "800");
      await expect(image).toHaveAttribute("height", "500");
      const link = card.getByRole("link", { name: `Learn More about ${project.title}` });
      await expect(link).toHaveAttribute("href", `/projects/${project.slug}`);
      await expect(link).toHaveText(`Learn More about ${project.title} →`); // "about …" is for screen readers only
    }
    // The four cards the specification names are Active.
    for (const title of [
      "Food and Flood Relief",
      "Primary Care Assistance",
      "Educational Assistance",
      "Public Health Supports",
    ]) {
      await expect(cards(page).filter({ hasText: title }).getByText("Status: Active", { exact: true })).toBeVisible();
    }
  },
);

test("Active badges are green and every other status is blue", SERVER_ONLY, async ({ page }) => {
  await page.goto("/projects");
  const colourOf = (title: string, status: string) =>
    cards(page)
      .filter({ hasText: title })
      .getByText(`Status: ${status}`, { exact: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  // Tailwind's palette is oklch(); its third component is the hue angle in degrees.
  const hue = (colour: string) => {
    const match = colour.match(/^oklch\(([\d.]+) ([\d.]+) ([\d.]+)/);
    if (!match) throw new Error(`unexpected colour ${colour}`);
    return Number(match[3]);
  };
  const active = hue(await colourOf("Food and Flood Relief", "Active"));
  expect(active).toBeGreaterThan(120);
  expect(active).toBeLessThan(170);
  for (const project of projects.filter((p) => p.status !== "Active")) {
    const other = hue(await colourOf(project.title, project.status));
    expect(other, project.title).toBeGreaterThan(230);
    expect(other, project.title).toBeLessThan(275);
  }
});

test("Recent Projects shows only the Active projects", async ({ page }) => {
  await page.goto("/projects");
  await tabBar(page).getByRole("link", { name: "Recent Projects" }).click();
  await expect(page).toHaveURL(/\/projects\/recent$/);
  await expect(page).toHaveTitle(`Recent Projects | ${site.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recent Projects");
  await expect(tabBar(page).getByRole("link", { name: "Recent Projects" })).toHaveAttribute("aria-current", "page");
  await expect(tabBar(page).getByRole("link", { name: "All Projects" })).not.toHaveAttribute("aria-current");

  // The four Active projects first (another spec may have added an Active one after them).
  const titles = await cards(page).getByRole("heading").allTextContents();
  expect(titles.slice(0, 4)).toEqual(activeProjects.map((p) => p.title));
  expect(activeProjects).toHaveLength(4);
  await expect(cards(page).getByText("Status: Active", { exact: true })).toHaveCount(titles.length);
  await expect(page.getByRole("main").getByText(/Planned|Completed/)).toHaveCount(0);
});

for (const project of [projects[0], projects[4]]) {
  test(`${project.title}'s page is a gallery with a way back to the projects`, async ({ page }) => {
    await page.goto("/projects");
    await cards(page)
      .filter({ hasText: project.title })
      .getByRole("link", { name: /Learn More/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`));
    await expect(page).toHaveTitle(`${project.title} | ${site.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title);

    const gallery = page.getByRole("region", { name: "Gallery" });
    await expect(gallery.getByRole("img")).toHaveCount(project.gallery.length);
    for (const image of project.gallery) {
      const img = gallery.getByRole("img", { name: image.alt, exact: true });
      await expect(img).toHaveAttribute("src", image.src);
      await expect(img).toHaveAttribute("width", String(image.width));
      await expect(img).toHaveAttribute("height", String(image.height));
      // The picture really loaded.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }

    await page.getByRole("link", { name: "Back to Projects" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Projects");
  });
}

test("every project page and its pictures exist", SERVER_ONLY, async ({ page }) => {
  for (const project of projects) {
    const response = await page.request.get(`/projects/${project.slug}`);
    expect(response.status(), project.slug).toBe(200);
    for (const src of [project.image, ...project.gallery.map((g) => g.src)]) {
      const image = await page.request.get(src);
      expect(image.status(), src).toBe(200);
    }
  }
});

test("an unknown project is a 404", SERVER_ONLY, async ({ page }) => {
  const response = await page.goto("/projects/no-such-project");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText("404 Not Found")).toBeVisible();
});

test("/projects/recent is the Recent tab, not a project called 'recent'", SERVER_ONLY, async ({ page }) => {
  const response = await page.goto("/projects/recent");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Back to Projects" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recent Projects");
});

test(
  "a project address with an invisible character redirects permanently to the clean one",
  SERVER_ONLY,
  async ({ page }) => {
    for (const dirty of [
      "/projects/%E2%80%8Bprimary-care",
      "/projects/primary%E2%80%8B-care",
      "/projects/%E2%80%8B%EF%BB%BFeducation",
    ]) {
      const response = await page.request.get(dirty, { maxRedirects: 0 });
      expect(response.status(), dirty).toBe(301);
      expect(response.headers().location, dirty).toMatch(/^(https?:\/\/[^/]+)?\/projects\/(primary-care|education)$/);
    }
    await page.goto("/projects/%E2%80%8Bpublic-health");
    await expect(page).toHaveURL(/\/projects\/public-health$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Public Health Supports");
  },
);
