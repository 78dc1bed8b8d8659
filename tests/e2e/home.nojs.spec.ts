import { expect, test } from "@playwright/test";
import { heroSlides } from "~/content/hero";

test("without JavaScript every slide is reached through its dot link", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Highlights of our work" });
  // Nothing moves on its own and there is nothing to pause.
  await expect(carousel.getByRole("button")).toHaveCount(0);
  await expect(carousel.getByRole("img", { name: heroSlides[0].alt })).toBeInViewport({ ratio: 0.9 });

  for (const n of [3, 2, 4, 1]) {
    await carousel.getByRole("link", { name: `Show slide ${n}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#slide-${n}$`));
    await expect(carousel.getByRole("img", { name: heroSlides[n - 1].alt })).toBeInViewport({ ratio: 0.9 });
    await expect(carousel.getByText(heroSlides[n - 1].caption)).toBeInViewport();
    for (const other of [1, 2, 3, 4].filter((m) => m !== n)) {
      await expect(carousel.getByRole("img", { name: heroSlides[other - 1].alt })).not.toBeInViewport();
    }
  }
});

test("a shared link to a slide opens on that slide", async ({ page }) => {
  await page.goto("/#slide-4");
  const carousel = page.getByRole("region", { name: "Highlights of our work" });
  await expect(carousel.getByRole("img", { name: heroSlides[3].alt })).toBeInViewport({ ratio: 0.9 });
});
