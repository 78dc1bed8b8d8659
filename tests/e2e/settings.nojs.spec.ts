// Settings without JavaScript: a refused value comes back with its error and the input kept;
// a saved social link is in the footer of the next (cached) page a visitor gets.
import { expect, test } from "./support/auth";
import { uniqueSuffix } from "./support/db";
import { forgetSettings, settingsGroup } from "./support/settings";

test("a social link is refused with the reason, then saved and shown in the footer", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/about");
  await visitorPage.goto("/about");

  await login();
  await page.goto("/admin/dashboard/settings");
  const social = settingsGroup(page, "Social links");
  const address = `http://www.instagram.com/health-aid-${uniqueSuffix()}`;
  await social.getByLabel("Instagram").fill(address);
  await social.getByRole("button", { name: "Save social links" }).click();

  await expect(
    social.locator(".field-error").getByText("Enter the full address of the Instagram page, starting https://"),
  ).toBeVisible();
  await expect(social.getByLabel("Instagram")).toHaveValue(address);
  await expect(social.getByLabel("Instagram")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status")).toHaveText("");

  const secure = address.replace("http://", "https://");
  await social.getByLabel("Instagram").fill(secure);
  await social.getByRole("button", { name: "Save social links" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved.");
  await expect(settingsGroup(page, "Social links").getByLabel("Instagram")).toHaveValue(secure);

  await visitorPage.goto("/about");
  await expect(visitorPage.getByRole("contentinfo").getByRole("link", { name: /^Instagram/ })).toHaveAttribute(
    "href",
    secure,
  );
  await visitor.close();
  await forgetSettings(["instagramUrl"]);
});
