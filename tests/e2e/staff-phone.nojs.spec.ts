// Every staff page fits a phone (390 px): a wide table scrolls inside its own labelled region or
// becomes stacked rows, never the page. The layout is the same with or without JavaScript, so
// this runs once (the no-js project).
import { expect, test } from "./support/auth";
import { everyStaffPage } from "./support/staff-pages";

test("every staff page fits a 390 px wide screen without scrolling sideways", async ({ page, login }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await login();
  const tooWide: string[] = [];
  for (const path of await everyStaffPage("Phone")) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) tooWide.push(`${path}: ${width} px`);
  }
  expect(tooWide).toEqual([]);
});
