// Without JavaScript a passkey cannot be used: the sign-in page says so and keeps the password
// form, and Your account explains why there is no "Add a passkey" button.
import { expect, signIn, test } from "./support/auth";
import { createThrowawayUser } from "./support/db";

test("the sign-in page explains that passkeys need JavaScript and offers the password", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByText("Signing in with a passkey needs JavaScript")).toBeVisible();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toHaveCount(0);
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("Your account explains that adding a passkey needs JavaScript", async ({ page, context, baseURL }) => {
  const user = await createThrowawayUser("a-long-password-for-passkeys");
  await signIn(context, baseURL!, user.username);
  await page.goto("/admin/dashboard/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys).toContainText("You have no passkeys.");
  await expect(passkeys).toContainText("Adding a passkey needs JavaScript");
  await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
});
