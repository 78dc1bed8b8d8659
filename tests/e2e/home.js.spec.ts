import { expect, test, type Page } from "@playwright/test";
import { HERO_INTERVAL_MS, heroSlides } from "~/content/hero";

const carousel = (page: Page) => page.getByRole("region", { name: "Highlights of our work" });
const dot = (page: Page, n: number) => carousel(page).getByRole("link", { name: `Show slide ${n}`, exact: true });
const slideImage = (page: Page, n: number) => carousel(page).getByRole("img", { name: heroSlides[n - 1].alt });

/** The slide shown: its dot is marked current and its picture is on screen. */
async function expectSlide(page: Page, n: number) {
  await expect(dot(page, n)).toHaveAttribute("aria-current", "true");
  await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(slideImage(page, n)).toBeInViewport({ ratio: 0.9 });
}

/**
 * page.clock.install() fakes the timers, but its clock still follows real time. Once the page
 * runs, stop it, so that only fastForward moves time and a slow machine cannot advance a slide.
 */
async function openWithFrozenClock(page: Page) {
  await page.clock.install();
  await page.goto("/");
  // The Pause or Play button appears once JavaScript has taken over.
  await expect(carousel(page).getByRole("button", { name: /^(Pause|Play) slideshow$/ })).toBeVisible();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test("the slideshow advances every 5 seconds and wraps around", async ({ page }) => {
  expect(HERO_INTERVAL_MS).toBe(5000);
  await openWithFrozenClock(page);
  await expect(carousel(page).getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  await expectSlide(page, 1);

  await page.clock.fastForward(5000);
  await expectSlide(page, 2);
  // Each slide gets its full interval, counted from when it appeared.
  await page.clock.fastForward(4000);
  await expectSlide(page, 2);
  await page.clock.fastForward(1000);
  await expectSlide(page, 3);
  await page.clock.fastForward(5000);
  await expectSlide(page, 4);
  await page.clock.fastForward(5000);
  await expectSlide(page, 1);
});

test("Pause stops the slideshow and Play starts it again", async ({ page }) => {
  await openWithFrozenClock(page);
  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await page.clock.fastForward(20_000);
  await expectSlide(page, 1);

  await page.getByRole("button", { name: "Play slideshow" }).click();
  await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  await page.clock.fastForward(5000);
  await expectSlide(page, 2);
});

test("the dots move the slides in place without leaving the page position", async ({ page }) => {
  await openWithFrozenClock(page);
  await dot(page, 3).click();
  await expectSlide(page, 3);
  await expect(page).toHaveURL(/\/$/); // no #slide-3: JavaScript scrolled the track itself
  // Picking a slide restarts its full interval.
  await page.clock.fastForward(4000);
  await expectSlide(page, 3);
  await page.clock.fastForward(1000);
  await expectSlide(page, 4);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the slides do not advance by themselves, but can be started on request", async ({ page }) => {
    await openWithFrozenClock(page);
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.clock.fastForward(20_000);
    await expectSlide(page, 1);
    // Dots still work.
    await dot(page, 2).click();
    await expectSlide(page, 2);
    await page.clock.fastForward(20_000);
    await expectSlide(page, 2);
    // An explicit Play is the visitor's choice.
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.clock.fastForward(5000);
    await expectSlide(page, 3);
  });
});
