import { DOMParser } from "@xmldom/xmldom";
import { strFromU8, unzipSync } from "fflate";
import fs from "node:fs";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { openDatabase, type DB } from "~/infra/db.server";
import { irmarkOf } from "~/infra/govtalk.server";
import { createPledge, refreshPledgeTotals } from "~/models/pledge.server";
import { createSession } from "~/models/session.server";
import { getUserByUsername } from "~/models/user.server";
import { getCharitySettings, saveCharitySettings } from "~/services/charity-settings.server";
import { addDeclaration } from "~/services/gift-aid-declarations.server";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/services/session.server";
import {
  ADMIN_USERNAME,
  freePort,
  makeTempDir,
  prepareDatabase,
  SESSION_SECRET,
  startServer,
  type RunningServer,
} from "../../scripts/lib/production-server";
import { startHmrcGatewayStandIn, type HmrcGatewayStandIn } from "../../scripts/lib/hmrc-gateway-stand-in";

// A Gift Aid claim from the gift to HMRC's answer, in a real browser: this file starts its own
// production server with the HMRC_* settings pointing at the gateway stand-in (the shared e2e
// server has no HMRC settings, so its batch pages offer no "Submit to HMRC").

let standIn: HmrcGatewayStandIn;
let server: RunningServer;
let db: DB;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  standIn = await startHmrcGatewayStandIn({ pollInterval: 1 });
  const dir = makeTempDir("e2e-hmrc");
  const database = `${dir}/hmrc.sqlite`;
  await prepareDatabase(database);
  db = openDatabase(`file:${database}`);
  await saveCharitySettings(
    "charity",
    {
      name: "Community Health Aid UK",
      shortName: "CHA UK",
      charityNumber: "1234567",
      companyNumber: "01234567",
      registeredOffice: "",
    },
    "admin",
    { db },
  );
  await saveCharitySettings(
    "hmrc",
    {
      hmrcOfficialTitle: "Mrs",
      hmrcOfficialFirstName: "Jane",
      hmrcOfficialLastName: "Official",
      hmrcOfficialPostcode: "LS1 4AP",
      hmrcOfficialPhone: "0113 496 0000",
    },
    "admin",
    { db },
  );
  const port = await freePort();
  server = await startServer({
    buildDir: process.env.BUILD_DIR ?? ".build-e2e",
    databaseFile: database,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HMRC_GATEWAY_URL: standIn.url,
      HMRC_SENDER_ID: "E2E-SENDER",
      HMRC_PASSWORD: "e2e-gateway-password",
      HMRC_CHARITY_REF: "XR12345",
      HMRC_VENDOR_ID: "1234",
      HMRC_GATEWAY_TEST: "1",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  await db?.destroy();
});

/** A gift with a Gift Aid declaration, recorded as the donate form and the Donations back office would. */
async function recordGiftAidGift(lastName: string, amountPence: number) {
  const charity = await getCharitySettings(db);
  const pledge = await db.transaction().execute(async (trx) => {
    const created = await createPledge(trx, {
      type: "one-time",
      amountPence,
      firstName: "Ada",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      inHonour: false,
    });
    await addDeclaration(
      trx,
      created,
      {
        version: CURRENT_DECLARATION_VERSION,
        title: "Dr",
        house: "Flat 2 Rose Court",
        street: "Queen Street",
        town: "Bristol",
        postcode: "BS1 4DJ",
      },
      charity,
    );
    return created;
  });
  await db
    .updateTable("gift_aid_declarations")
    .set({ declared_at: "2026-01-01T10:00:00.000Z" })
    .where("pledge_id", "=", pledge.id)
    .execute();
  await db
    .insertInto("payments")
    .values({
      pledge_id: pledge.id,
      received_on: "2026-03-05",
      amount_pence: amountPence,
      method: "manual",
      bank_line: null,
      note: null,
      recorded_by: "e2e",
      created_at: new Date().toISOString(),
    })
    .execute();
  await refreshPledgeTotals(db, pledge.id);
}

async function signIn(context: import("@playwright/test").BrowserContext) {
  const user = (await getUserByUsername(db, ADMIN_USERNAME))!;
  const { token, expiresAt } = await createSession(db, user.id, "web");
  const header = await createSessionCookie([SESSION_SECRET], { secure: false }).serialize(token);
  await context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value: header.slice(`${SESSION_COOKIE_NAME}=`.length).split(";")[0],
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
}

test("a Gift Aid gift is claimed, its .ods schedule read, and the batch submitted to HMRC and accepted", async ({
  page,
  context,
  axePage,
}, testInfo) => {
  test.setTimeout(60_000);
  const lastName = `Hmrc${testInfo.project.name === "nojs" ? "Plain" : "Script"}`;
  await recordGiftAidGift(lastName, 4321);
  await signIn(context);

  await page.goto(`${server.url}/admin/dashboard/gift-aid`);
  await page.getByRole("checkbox", { name: `Select Ada ${lastName}, £43.21 received 05/03/26` }).check();
  await page.getByRole("button", { name: "Create a batch of the selected payments" }).click();
  await expect(page.getByRole("heading", { name: /^Claim batch \d+$/ })).toBeVisible();

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
    await expect(page.getByText("Accepted by HMRC").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/HMRC has received the HMRC-CHAR-CLM document/)).toBeVisible();
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
