// Without JavaScript, a newsletter's page has a link that reloads its progress.
import { expect, test } from "./support/auth";
import { uniqueTitle } from "./support/db";
import { markNewsletterDelivered } from "./support/newsletters";
import { sendDraft } from "./support/newsletter-flow";

test("the reload link shows fresh progress figures", async ({ page, login }) => {
  await login();
  const id = await sendDraft(page, uniqueTitle("Reloading"));
  const progress = page.getByRole("region", { name: "Progress" });
  await expect(progress.getByText(/^Sending: queued for \d+ subscribers?/)).toBeVisible();
  await markNewsletterDelivered(id);
  await progress.getByRole("link", { name: "Reload the figures" }).click();
  await expect(progress.getByText(/^Done: queued for \d+ subscribers?/)).toBeVisible();
});
