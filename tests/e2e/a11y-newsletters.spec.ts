// axe on the Newsletters staff pages and the public archive (light and dark theme).
import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { AXE_TAGS, axeFor, expect, expectNoAxeViolations, test } from "./support/axe";
import { uniqueTitle } from "./support/db";
import { sendDraft } from "./support/newsletter-flow";
import { HYDRATED_ONLY } from "./support/projects";

/**
 * A newsletter's page frames its e-mail preview, a sandboxed document that runs no script
 * (axe cannot run in it and would wait): the page is scanned without the frame, and the
 * preview on its own as a page below.
 */
async function expectNoAxeViolationsOutsideFrames(page: Page): Promise<void> {
  const results = await (await axeFor(page)).exclude("iframe").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });

    test("newsletter pages have no axe violations", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      // Nine pages, seven axe scans, on a 2-core machine shared with other browsers.
      test.setTimeout(180_000);
      await signIn(page.context(), baseURL!);
      await page.goto("/admin/dashboard/newsletters");
      await expect(page.getByRole("heading", { level: 2, name: "Newsletters" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/admin/dashboard/newsletters/new");
      await expectNoAxeViolations(page);

      const subject = uniqueTitle("Axe newsletter");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Text", { exact: true }).fill("Hello **friends**.\n\n- one\n- two");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
      await expectNoAxeViolationsOutsideFrames(page);
      const preview = await page.getByRole("link", { name: /Open the HTML version on its own/ }).getAttribute("href");
      await page.getByRole("link", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: /^Send “/ })).toBeVisible();
      await expectNoAxeViolations(page);

      // The e-mail itself, against WCAG (landmark best practices are for pages, not messages).
      await page.goto(preview!);
      await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
      await expectNoAxeViolations(
        page,
        AXE_TAGS.filter((tag) => tag !== "best-practice"),
      );

      await sendDraft(page, uniqueTitle("Axe sent"));
      await expectNoAxeViolationsOutsideFrames(page);
      const web = await page.getByRole("link", { name: "Web version" }).getAttribute("href");
      await page.context().clearCookies();
      await page.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto(web!);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/newsletters");
      await expect(page.getByRole("heading", { level: 1, name: "Newsletters" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
