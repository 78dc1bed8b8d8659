import { expect, test } from "./support/auth";
import { e2eDb } from "./support/db";
import { createDeclaredPayment, uniqueLastName } from "./support/gift-aid";
import { createPledge } from "~/models/pledge.server";
import { insertPayment } from "~/models/payment.server";
import { refreshPledgeTotals } from "~/models/pledge.server";
import { insertEnquiry } from "./support/back-office";

test("shots", async ({ page, login, context, baseURL }) => {
  await login();
  const { pledge } = await createDeclaredPayment(uniqueLastName("Shot"), "2026-03-05", 4321);
  const second = await createPledge(e2eDb(), { type: "monthly", amountPence: 1500, firstName: "Ada", lastName: "X", email: pledge.email.toUpperCase(), inHonour: false });
  await insertPayment(e2eDb(), { pledgeId: second.id, receivedOn: "2026-04-05", amountPence: 1500, method: "manual", bankLine: null, note: null, recordedBy: "e2e" });
  await insertPayment(e2eDb(), { pledgeId: second.id, receivedOn: "2020-01-05", amountPence: 1500, method: "manual", bankLine: null, note: null, recordedBy: "e2e" });
  await refreshPledgeTotals(e2eDb(), second.id);
  await insertEnquiry({ email: pledge.email, name: "Ada Shot" });
  const other = await createPledge(e2eDb(), { type: "one-time", amountPence: 1000, firstName: "Ada", lastName: "Other", email: "other-shot@example.org", inHonour: false });
  const { supporter_id } = await e2eDb().selectFrom("pledges").select("supporter_id").where("id", "=", pledge.id).executeTakeFirstOrThrow();
  for (const theme of ["light", "dark"]) {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["list", "/admin/dashboard/supporters"],
        ["listerr", "/admin/dashboard/supporters?from=31/02/2026"],
        ["page", `/admin/dashboard/supporters/${supporter_id}`],
        ["merge", `/admin/dashboard/supporters/${supporter_id}/merge?other=other-shot@example.org`],
      ]) {
        await page.goto(path);
        await expect(page.locator("h2").first()).toBeVisible();
        await page.screenshot({ path: `/tmp/shots-supporters/${name}-${theme}-${width}.png`, fullPage: true });
      }
    }
  }
  void other;
});
