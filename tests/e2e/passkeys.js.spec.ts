// Staff passkeys in Chromium's virtual authenticator, on http://localhost (the relying party is
// PUBLIC_URL's host, which the e2e server leaves at localhost): a person adds a passkey on Your
// account and signs in with it alone; a browser without it cannot; once removed it no longer
// signs in.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, signIn, test } from "./support/auth";
import { createThrowawayUser } from "./support/db";
import { waitForHydration } from "./support/hydration";

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function signInWithPasskey(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
}

test("a passkey added on Your account signs in alone; another browser cannot; removed, it no longer signs in", async ({
  browser,
  context,
  page,
  baseURL,
}) => {
  const user = await createThrowawayUser("a-long-password-for-passkeys");
  await addVirtualAuthenticator(context, page);
  await signIn(context, baseURL!, user.username);

  await page.goto("/admin/dashboard/account");
  await waitForHydration(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name for a new passkey (optional)").fill("Test laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText('Passkey "Test laptop" added')).toBeVisible();
  await expect(passkeys.getByRole("cell", { name: "Test laptop", exact: true })).toBeVisible();

  // Signed out (the known-device cookie stays, as it does after Sign out): the passkey alone signs in.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${user.username}`);
  await page.goto("/admin/dashboard/account");
  await expect(page.getByRole("region", { name: "Where you are signed in" })).toContainText(
    "signed in with a passkey (this browser)",
  );

  // Another browser, with an authenticator that holds no passkey for this site, is refused.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await addVirtualAuthenticator(other, otherPage);
    await signInWithPasskey(otherPage);
    await expect(otherPage.getByRole("alert")).toContainText("No passkey was used");
    await expect(otherPage).toHaveURL(/\/admin\/login$/);
    await otherPage.goto("/admin/dashboard");
    await expect(otherPage).toHaveURL(/\/admin\/login/);
  } finally {
    await other.close();
  }

  // Removed, the passkey (still in the authenticator) no longer signs in.
  await waitForHydration(page);
  await page
    .getByRole("region", { name: "Passkeys" })
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInWithPasskey(page);
  await expect(page.getByRole("alert")).toContainText("That passkey was not recognised");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
