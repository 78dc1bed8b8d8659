import { DOMParser } from "@xmldom/xmldom";
import { strFromU8, unzipSync } from "fflate";
import fs from "node:fs";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { irmarkOf } from "~/infra/govtalk.server";
import { startHmrcGatewayStandIn, type HmrcGatewayStandIn } from "../../scripts/lib/hmrc-gateway-stand-in";
import { recordGiftAidGift as recordGift, signInAdmin, startHmrcServer, type HmrcServer } from "./support/hmrc-server";

// A Gift Aid claim from the gift to HMRC's answer, in a real browser: this file starts its own
// production server with the HMRC_* settings pointing at the gateway stand-in (the shared e2e
// server has no HMRC settings, so its batch pages offer no "Submit to HMRC"). It sends with
// HMRC_GATEWAY_TEST=1, as a charity trying the service would: every submission is a test, never
// "Accepted by HMRC", and the batch stays open to be claimed for real.

let standIn: HmrcGatewayStandIn;
let hmrc: HmrcServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  standIn = await startHmrcGatewayStandIn({ pollInterval: 1 });
  hmrc = await startHmrcServer("e2e-hmrc", standIn.url, { HMRC_GATEWAY_TEST: "1" });
});

test.afterAll(async () => {
  await hmrc?.close();
  await standIn?.close();
});

const recordGiftAidGift = (lastName: string, amountPence: number) => recordGift(hmrc.db, lastName, amountPence);
const signIn = (context: import("@playwright/test").BrowserContext) => signInAdmin(context, hmrc);

test("a Gift Aid gift is claimed, its .ods schedule read, and the batch sent to HMRC's test service: a test, never accepted", async ({
  page,
  context,
  axePage,
}, testInfo) => {
  test.setTimeout(60_000);
  const lastName = `Hmrc${testInfo.project.name === "nojs" ? "Plain" : "Script"}`;
  await recordGiftAidGift(lastName, 4321);
  await signIn(context);
  const { server } = hmrc;

  await page.goto(`${server.url}/admin/dashboard/gift-aid`);
  await expect(page.getByText("HMRC gateway: test service")).toBeVisible();
  await page.getByRole("checkbox", { name: `Select Ada ${lastName}, £43.21 received 05/03/26` }).check();
  await page.getByRole("button", { name: "Create a batch of the selected payments" }).click();
  await expect(page.getByRole("heading", { name: /^Claim batch \d+$/ })).toBeVisible();
  const batchId = Number(
    (await page.getByRole("heading", { name: /^Claim batch \d+$/ }).textContent())!.match(/\d+/)![0],
  );

  // The OpenDocument schedule (HMRC's template; tests/integration/gift-aid-ods.test.ts reads every cell).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the schedule (OpenDocument, .ods)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gift-aid-claim-\d+\.ods$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(strFromU8(files.mimetype)).toBe("application/vnd.oasis.opendocument.spreadsheet");
  const content = new DOMParser().parseFromString(strFromU8(files["content.xml"]), "text/xml");
  const rows = Array.from(content.getElementsByTagName("table:table-row")).map((row) =>
    Array.from(row.getElementsByTagName("table:table-cell")).map((cell) => cell.textContent ?? ""),
  );
  // HMRC's template: the first donation row is row 25, column A empty, B the item number.
  expect(rows[24]).toEqual([
    "",
    "1",
    "Dr",
    "Ada",
    lastName,
    "Flat 2 Rose Court",
    "BS1 4DJ",
    "",
    "",
    "05/03/26",
    "43.21",
  ]);

  // Submit to HMRC: a confirmation with the total and the Gift Aid first.
  const before = standIn.requests.length;
  await page.getByRole("link", { name: "Submit to HMRC" }).click();
  const question = page.getByRole("alertdialog", { name: /^Submit claim batch \d+ to HMRC\?$/ });
  await expect(question.getByText("£43.21")).toBeVisible();
  await expect(question.getByText("£10.80")).toBeVisible();
  // axe runs in a page with scripting on (support/axe.ts), signed in too.
  await signIn(axePage.context());
  await axePage.goto(page.url());
  await expect(axePage.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(axePage);
  await question.getByRole("button", { name: "Yes, submit to HMRC" }).click();

  await expect(async () => {
    await page.reload();
    await expect(
      page.getByText("Test only: HMRC's test service found no errors (nothing was claimed)").first(),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/Receipt of HMRC's test service \(a test: nothing was claimed\)/)).toBeVisible();
  await expect(page.getByText("Accepted by HMRC")).toHaveCount(0);
  await expect(page.getByText("HMRC gateway: test service")).toBeVisible();
  // The batch stays open: it can still be marked submitted, deleted or sent for real.
  await expect(page.getByRole("button", { name: "Mark as submitted" })).toBeVisible();
  await expect(
    page
      .getByRole("link", { name: "Submit to HMRC" })
      .or(page.getByRole("button", { name: "Yes, submit to HMRC" }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText("Test only: Gift Aid claim sent to HMRC's test service (nothing claimed)")).toBeVisible();
  await page.goto(`${server.url}/admin/dashboard/gift-aid`);
  const row = page.getByRole("row", { name: new RegExp(`Batch ${batchId}`) });
  await expect(row).toContainText("Not submitted. Test only: HMRC's test service found no errors");
  await page.goBack();
  await axePage.goto(page.url());
  await expectNoAxeViolations(axePage);

  const requests = standIn.requests.slice(before);
  const submit = requests.find((r) => r.qualifier === "request" && r.fn === "submit")!;
  expect(submit.body).toContain("<Class>HMRC-CHAR-CLM</Class>");
  expect(submit.body).toContain("<GatewayTest>1</GatewayTest>");
  expect(submit.body).toContain("<SenderID>E2E-SENDER</SenderID>");
  expect(submit.body).toContain('xmlns="http://www.govtalk.gov.uk/taxation/charities/r68/2"');
  expect(submit.body).toContain('<Key Type="CHARID">XR12345</Key>');
  expect(submit.body).toContain(`<IRmark Type="generic">${irmarkOf(submit.body)}</IRmark>`);
  expect(submit.body).toContain(
    `<Donor><Ttl>Dr</Ttl><Fore>Ada</Fore><Sur>${lastName}</Sur><House>Flat 2 Rose Court</House><Postcode>BS1 4DJ</Postcode></Donor><Date>2026-03-05</Date><Total>43.21</Total>`,
  );
  const correlationId = [...standIn.submissions.entries()].find(([, s]) => s.body === submit.body)![0];
  const after = requests.slice(requests.indexOf(submit) + 1);
  expect(after.some((r) => r.qualifier === "poll" && r.correlationId === correlationId)).toBe(true);
  expect(after.at(-1)).toMatchObject({ qualifier: "request", fn: "delete", correlationId });
});
