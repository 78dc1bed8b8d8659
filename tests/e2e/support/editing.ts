// The editing cycle's browser steps shared by the projects' and publications' journeys
// (docs/site-editor.md): from an edit page, its history's restore of the version before the live one.
import { expect, type Page } from "@playwright/test";

/**
 * Opens History from the edit page and restores, published, the version before the newest draft.
 * Newest first: the live version has no buttons; the draft (the same words as live) comes first,
 * then the version before it.
 */
export async function restoreVersionBeforeDraft(page: Page): Promise<void> {
  await page.getByRole("link", { name: "History", exact: true }).click();
  await page
    .getByRole("button", { name: /^Restore and publish/ })
    .nth(1)
    .click();
  await expect(page.getByRole("status")).toContainText("restored and published");
}
