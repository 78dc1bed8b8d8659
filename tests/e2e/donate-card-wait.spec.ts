import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import {
  freePort,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "../../scripts/lib/production-server";
import { startStripeStandIn, type StripeStandIn } from "../../scripts/lib/stripe-stand-in";

// Appeal night, in a real browser with and without JavaScript: while Stripe answers
// 429 to every Checkout Session creation, a card donor lands on the wait page (kept pledge, no
// error), which moves on to Checkout by itself once Stripe makes the session; or they pay by
// bank transfer from it. This file starts its own server against a stand-in Stripe.

let standIn: StripeStandIn;
let server: RunningServer;
let dir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standIn = await startStripeStandIn({ rateLimitPerSecond: 0 });
  dir = makeTempDir("e2e-card-wait");
  const database = `${dir}/card.sqlite`;
  await prepareDatabase(database);
  const port = await freePort();
  server = await startServer({
    buildDir: process.env.BUILD_DIR ?? ".build-e2e",
    databaseFile: database,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e_card_wait",
      STRIPE_API_URL: standIn.url,
      PUBLIC_FORM_LIMIT_PER_MINUTE: "100000",
      PUBLIC_FORM_LIMIT_PER_HOUR: "100000",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

test.beforeEach(() => {
  standIn.rateLimitPerSecond = 0;
});

async function giveByCard(page: import("@playwright/test").Page, lastName: string) {
  await page.goto(`${server.url}/donate`);
  await page.getByRole("radio", { name: "£50", exact: true }).check();
  await page.getByLabel("First name").fill("Wave");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email address").fill(`wave.${lastName.toLowerCase()}@example.org`);
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preparing your secure card payment" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("moves on to the card payment by itself");
}

test("under Stripe's rate limit the donor waits on a page that moves on to Checkout by itself", async ({ page }) => {
  await giveByCard(page, "Waiting");
  expect(page.url()).toMatch(/\/donate\/card\/CHA-[^/]+\/wait$/);
  await expect(page.getByText("Payment reference")).toBeVisible();
  standIn.rateLimitPerSecond = null; // Stripe has room again
  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible({ timeout: 15_000 });
  expect(page.url()).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_\\d+$`));
});

test("the donor may pay by bank transfer instead while waiting", async ({ page }) => {
  await giveByCard(page, "Banker");
  await page.getByRole("button", { name: "Pay by bank transfer instead" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-/);
  await expect(page.getByText("Payment reference")).toBeVisible();
});

axeTest("the wait page passes axe", async ({ axePage }) => {
  // The page reloads itself every 3 seconds (its Refresh header), and a scan that took longer on
  // a busy machine lost its page half-way. axe judges the markup, which the header leaves as it
  // is, so the scan waits for a copy served without it; the first test above proves the refresh.
  let withoutRefresh = 0;
  await axePage.route(/\/donate\/card\/[^/]+\/wait$/, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers.refresh;
    await route.fulfill({ response, headers });
    withoutRefresh++;
  });
  await giveByCard(axePage, "Axe");
  // The redirect after the form's post may reach the browser before the route does.
  await expect.poll(() => withoutRefresh).toBeGreaterThan(0);
  await axePage.waitForLoadState();
  await expect(axePage.getByRole("heading", { level: 1, name: "Preparing your secure card payment" })).toBeVisible();
  await expectNoAxeViolations(axePage);
});
