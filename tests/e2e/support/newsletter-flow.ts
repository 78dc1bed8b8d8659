import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "./db";
import { insertSubscriber } from "./newsletters";

/** Writes a draft and sends it through the confirmation (at least one confirmed subscriber); its id. */
export async function sendDraft(page: Page, subject: string): Promise<number> {
  await insertSubscriber(uniqueEmail("nl-flow"), "confirmed");
  await page.goto("/admin/dashboard/newsletters/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text", { exact: true }).fill("Hello.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  const id = Number(/\/newsletters\/(\d+)/.exec(page.url())![1]);
  await page.getByRole("link", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await page.getByRole("button", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await expect(page.getByRole("region", { name: "Progress" })).toBeVisible();
  return id;
}
