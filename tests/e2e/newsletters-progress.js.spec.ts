// With JavaScript, a newsletter's page refreshes its progress by itself while messages wait.
import { expect, test } from "./support/auth";
import { uniqueTitle } from "./support/db";
import { waitForHydration } from "./support/hydration";
import { markNewsletterDelivered } from "./support/newsletters";
import { sendDraft } from "./support/newsletter-flow";

test("the progress figures update without a reload once the messages are sent", async ({ page, login }) => {
  await login();
  const id = await sendDraft(page, uniqueTitle("Polling"));
  const progress = page.getByRole("region", { name: "Progress" });
  await expect(progress.getByText(/^Sending: queued for \d+ subscribers?/)).toBeVisible();
  await waitForHydration(page);
  await markNewsletterDelivered(id);
  // Polled every 5 s: no navigation, no click.
  await expect(progress.getByText(/^Done: queued for \d+ subscribers?/)).toBeVisible({ timeout: 15_000 });
});
