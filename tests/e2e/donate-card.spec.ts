import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import Stripe from "stripe";
import {
  freePort,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "../../scripts/lib/production-server";
import { startStripeStandIn, type StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { HYDRATED_ONLY } from "./support/projects";

// Card gifts in a real browser, with and without JavaScript: this file starts its own
// production server with STRIPE_* pointing at a stand-in Stripe (the shared e2e server keeps
// today's bank-transfer form). The donate form's 303 must reach the stand-in's Checkout page,
// which the CSP's form-action allows only because Stripe is configured.

const WEBHOOK_SECRET = "whsec_e2e_card_gifts";
let standIn: StripeStandIn;
let server: RunningServer;
let dir: string;
/** The reference of the first test's gift, for the accessibility check of its return page. */
let paidReference = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standIn = await startStripeStandIn();
  dir = makeTempDir("e2e-card");
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
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
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

test("a monthly gift by Direct Debit shows the Guarantee, then goes to Checkout with bacs_debit only, £15 a month", async ({
  page,
}) => {
  await page.goto(`${server.url}/donate`);
  const directDebit = page.getByRole("radio", { name: /Direct Debit/ });
  const guarantee = page.getByRole("heading", { name: "The Direct Debit Guarantee" });
  // Not offered for a one-off gift (with or without JavaScript: CSS hides it while "One-time" is chosen).
  await expect(directDebit).toBeHidden();
  await page.getByRole("radio", { name: "Monthly" }).check();
  await expect(guarantee).toBeVisible();
  await expect(
    page.getByText(
      "This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits",
    ),
  ).toBeVisible();
  await directDebit.check();
  await page.getByLabel("Custom amount (£)").fill("15");
  await page.getByLabel("First name").fill("Debit");
  await page.getByLabel("Last name").fill("Donor");
  await page.getByLabel("Email address").fill("debit.donor@example.org");
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  const session = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
  expect(session.params).toMatchObject({
    mode: "subscription",
    "payment_method_types[0]": "bacs_debit",
    "line_items[0][price_data][unit_amount]": "1500",
    "line_items[0][price_data][recurring][interval]": "month",
  });
  expect(session.params["payment_method_types[1]"]).toBeUndefined();
});

test("a one-time card gift goes on to Checkout (303), and the signed webhook marks it paid", async ({ page }) => {
  await page.goto(`${server.url}/donate`);
  await expect(page.getByRole("radio", { name: "Pay now by card" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Pledge and pay by bank transfer" })).not.toBeChecked();
  await page.getByRole("radio", { name: "£50", exact: true }).check();
  await page.getByLabel("First name").fill("Card");
  await page.getByLabel("Last name").fill("Donor");
  await page.getByLabel("Email address").fill("card.donor@example.org");
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  expect(page.url()).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_\\d+$`));
  const session = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
  expect(session.params).toMatchObject({ mode: "payment", "line_items[0][price_data][unit_amount]": "5000" });
  const reference = session.params.client_reference_id;
  expect(reference).toMatch(/^CHA-/);
  paidReference = reference;

  // Back from Checkout: the page says the payment is being confirmed, and marks nothing.
  await page.goto(session.params.success_url);
  await expect(page.getByText("Your payment is being confirmed.")).toBeVisible();
  await expect(page.getByText("This page checks again by itself every few seconds.")).toBeVisible();

  // Stripe's webhook, signed with the library's own helper, is what records the money.
  const payload = JSON.stringify({
    id: `evt_e2e_${reference}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_e2e_${reference}`,
        object: "checkout.session",
        mode: "payment",
        amount_total: 5000,
        currency: "gbp",
        client_reference_id: reference,
        metadata: { reference },
        payment_intent: `pi_e2e_${reference}`,
        payment_status: "paid",
        customer: null,
        subscription: null,
      },
    },
  });
  const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json", ...headers },
    });
  expect((await post({ "Stripe-Signature": "t=1,v1=bad" })).status).toBe(400);
  const delivered = await post({ "Stripe-Signature": signature });
  expect(delivered.status).toBe(200);
  expect(await delivered.json()).toEqual({ received: true, handled: "recorded" });
  const again = await post({ "Stripe-Signature": signature });
  expect(await again.json()).toEqual({ received: true, handled: "duplicate" });

  // The page refreshes itself (the Refresh header, with or without JavaScript): no reload here.
  await expect(page.getByText("Your payment has reached us. Thank you.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("This page checks again by itself")).toHaveCount(0);
});

test("choosing bank transfer keeps today's pledge and thank-you page", async ({ page }) => {
  await page.goto(`${server.url}/donate`);
  await page.getByRole("radio", { name: "Pledge and pay by bank transfer" }).check();
  await page.getByRole("radio", { name: "£25", exact: true }).check();
  await page.getByLabel("First name").fill("Bank");
  await page.getByLabel("Last name").fill("Donor");
  await page.getByLabel("Email address").fill("bank.donor@example.org");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your pledge" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
});

test("a cancelled Checkout comes back to a page that offers to try again", async ({ page }) => {
  await page.goto(`${server.url}/donate`);
  await page.getByRole("radio", { name: "£25", exact: true }).check();
  await page.getByLabel("First name").fill("Changed");
  await page.getByLabel("Last name").fill("Mind");
  await page.getByLabel("Email address").fill("changed.mind@example.org");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  const session = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
  await page.goto(session.params.cancel_url);
  await expect(page.getByRole("heading", { name: "Your payment was not completed" })).toBeVisible();
  await page.getByRole("button", { name: "Try the card payment again" }).click();
  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  // Or pay by bank transfer instead: the pledge becomes a bank pledge, with its reference.
  await page.goto(session.params.cancel_url);
  await page.getByRole("button", { name: "Pay by bank transfer instead" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your pledge" })).toBeVisible();
  await expect(page.getByText(session.params.client_reference_id).first()).toBeVisible();
});

test("the shared e2e server, without Stripe, shows today's bank-transfer form", async ({ page }) => {
  await page.goto("/donate");
  await expect(page.getByText(/We do not take card payments on this website/)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Pay now by card" })).toHaveCount(0);
});

axeTest("the donate form with the card choice and the return page pass axe", HYDRATED_ONLY, async ({ axePage }) => {
  await axePage.goto(`${server.url}/donate`);
  await expect(axePage.getByRole("radio", { name: "Pay now by card" })).toBeVisible();
  await expectNoAxeViolations(axePage);
  await axePage.goto(`${server.url}/donate/card/${paidReference}?cancelled=1`);
  await expect(axePage.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(axePage);
});
