import { expect, test } from "@playwright/test";
import { site } from "~/content/site";
import { e2eDb, uniqueName } from "./support/db";

test("Send via WhatsApp without JavaScript confirms on the site and offers the WhatsApp chat first", async ({
  page,
}) => {
  const name = uniqueName("WhatsApp Visitor");
  await page.goto("/contact?subject=volunteer");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Hello & welcome?\nA second line #2");
  await page.getByRole("button", { name: "Send via WhatsApp" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
  const links = page.getByRole("main").getByRole("link", { name: /Chat on WhatsApp|Open the e-mail draft/ });
  await expect(links.first()).toHaveText("Chat on WhatsApp");
  const target = new URL((await links.first().getAttribute("href"))!);
  expect(`${target.origin}${target.pathname}`).toBe(`https://wa.me/${site.whatsappNumber}`);
  expect(target.searchParams.get("text")).toBe(
    `Subject: Volunteer Opportunities\nName: ${name}\nEmail: visitor@example.com\n\nMessage:\nHello & welcome?\nA second line #2`,
  );
  const rows = await e2eDb().selectFrom("contact_enquiries").selectAll().where("name", "=", name).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ subject: "volunteer", channel: "whatsapp" });
});
