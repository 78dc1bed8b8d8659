import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import { waitForHydrationIfScripted } from "./support/hydration";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  freePort,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "../../scripts/lib/production-server";
import { startStripeStandIn, type StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { HYDRATED_ONLY } from "./support/projects";

// Events and tickets in a real browser: staff create an event with one £50 ticket
// type of 2 places, three visitors ask for a ticket at the same moment, exactly two reach
// Stripe Checkout (the stand-in counts two Checkout Sessions) and the third is told it is sold
// out and offered the waiting list. Before that, buying 2 tickets asks for exactly 2 guests (with
// JavaScript the rows follow the menu; without it the number is chosen first). Then the door on a
// phone: the count of those in, an empty code box after each try, the staff bar's account folded.
// This file starts its own server with STRIPE_* pointing at a stand-in, as donate-card.spec.ts does.

let standIn: StripeStandIn;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standIn = await startStripeStandIn();
  const dir = makeTempDir("e2e-events");
  const database = `${dir}/events.sqlite`;
  await prepareDatabase(database);
  const port = await freePort();
  server = await startServer({
    buildDir: process.env.BUILD_DIR ?? ".build-e2e",
    databaseFile: database,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e_events",
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

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin/login`);
  await waitForHydrationIfScripted(page);
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

const sessionsCreated = () => standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").length;

const scripted = () => test.info().project.use.javaScriptEnabled !== false;

/** Chooses the number of tickets: with JavaScript in the form itself, without it at a first step. */
async function chooseTickets(page: Page, n: number) {
  await page.getByLabel("Number of tickets").selectOption(String(n));
  if (!scripted()) await page.getByRole("button", { name: "Continue" }).click();
}

/** The guest rows the form asks for: a name and an (optional) e-mail box each, all on screen. */
async function expectGuestRows(page: Page, n: number) {
  await expect(page.getByRole("textbox", { name: /^Guest \d+: name/ })).toHaveCount(n);
  await expect(page.getByRole("textbox", { name: /^Guest \d+: email address/ })).toHaveCount(n);
  for (let i = 1; i <= n; i++) await expect(page.getByLabel(`Guest ${i}: name`)).toBeVisible();
  await expect(page.getByText(`Guest ${n + 1}: name`)).toHaveCount(0);
}

async function visitor(browser: Browser, n: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/events/charity-gala`);
  await waitForHydrationIfScripted(page);
  await chooseTickets(page, 1);
  await page
    .getByLabel("Your name")
    .first()
    .fill(`Visitor ${["Ann", "Bob", "Cy"][n - 1]}`);
  await page.getByLabel("Email address").first().fill(`visitor${n}@example.com`);
  return page;
}

test("two of three visitors at once reach Checkout for a 2-place event; the third is told it is sold out", async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff);
  await staff.getByRole("link", { name: "Events", exact: true }).first().click();
  await staff.getByRole("link", { name: "Add an event" }).click();
  await staff.getByLabel("Title").fill("Charity Gala");
  await staff.getByLabel("Description (Markdown)").fill("Dinner and an auction, in aid of our clinics.");
  await staff.getByLabel("Date and time (UK)").fill("2027-10-05T17:30");
  await staff.getByLabel("Venue").fill("The Assembly Rooms");
  await staff.getByLabel("Ticket name").fill("Standard");
  await staff.getByLabel("Price in pounds").fill("50");
  await staff.getByLabel("Number of places").fill("2");
  await staff.getByRole("button", { name: "Save the event" }).click();
  await expect(staff.getByRole("heading", { name: "Charity Gala" })).toBeVisible();
  await expect(staff.getByText("Event saved.")).toBeVisible();

  // Buying 2 tickets asks for exactly 2 guests (with JavaScript the rows follow the menu; without
  // it, the number is chosen first), and the order total shows before Stripe. The menu offers
  // only the 2 places left.
  const table = await (await browser.newContext()).newPage();
  await table.goto(`${server.url}/events/charity-gala`);
  await waitForHydrationIfScripted(table);
  await expect(table.getByLabel("Number of tickets").locator("option")).toHaveText(["1", "2"]);
  await chooseTickets(table, 2);
  await expectGuestRows(table, 2);
  await expect(table.getByText("2 × £50 = £100")).toBeVisible();
  if (scripted()) {
    await table.getByLabel("Number of tickets").selectOption("1");
    await expectGuestRows(table, 0);
    await expect(table.getByText("1 × £50 = £50")).toBeVisible();
  } else {
    await expect(table.getByText("2 × Standard (£50)")).toBeVisible();
  }
  await table.context().close();

  const visitors = await Promise.all([1, 2, 3].map((n) => visitor(browser, n)));
  await expect(visitors[0].getByText("2 places left").first()).toBeVisible();
  // The optional donation's Gift Aid, as on /donate: without JavaScript the home address is always
  // there; with it, it appears when the box is ticked and goes when it is not.
  const giftAid = visitors[0].getByRole("checkbox", { name: "Yes, add Gift Aid" });
  const postcode = visitors[0].getByLabel("Postcode");
  if (test.info().project.use.javaScriptEnabled === false) await expect(postcode).toBeVisible();
  else {
    await expect(postcode).toBeHidden();
    await giftAid.check();
    await expect(postcode).toBeVisible();
    await giftAid.uncheck();
    await expect(postcode).toBeHidden();
  }
  const before = sessionsCreated();
  await Promise.all(visitors.map((page) => page.getByRole("button", { name: "Book tickets" }).click()));
  const soldOut = visitors[0].getByText(/sold out/i);
  const outcomes = await Promise.all(
    visitors.map(async (page) => {
      const checkout = page.getByRole("heading", { name: "Stand-in Checkout" });
      const refused = page.getByRole("alert").filter({ hasText: "sold out" });
      await expect(checkout.or(refused)).toBeVisible();
      return (await checkout.isVisible()) ? "checkout" : "sold-out";
    }),
  );
  expect(soldOut).toBeDefined();
  expect(outcomes.filter((o) => o === "checkout")).toHaveLength(2);
  expect(outcomes.filter((o) => o === "sold-out")).toHaveLength(1);
  expect(sessionsCreated() - before).toBe(2);
  const third = visitors[outcomes.indexOf("sold-out")];
  await expect(third.getByRole("button", { name: "Join the waiting list" })).toBeVisible();
  await third.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(third.getByRole("status")).toContainText("You are on the waiting list");

  // Staff see the two places held, and the one person waiting.
  await staff.reload();
  await expect(staff.getByText("1 person waiting")).toBeVisible();
  await staff.goto(`${server.url}/events`);
  // Held at checkout, not sold: the listing says so rather than "Sold out".
  await expect(staff.getByText("Places are being held by other buyers at checkout")).toBeVisible();
  // Closed, so that no kept-alive connection holds the server's stop.
  await Promise.all([staff, ...visitors].map((page) => page.context().close()));
});

test("the door on a phone: the count of those in, an empty box after each try, the account folded away", async ({
  browser,
}) => {
  const staff = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(staff);
  await staff.goto(`${server.url}/admin/dashboard/events/new`);
  await staff.getByLabel("Title").fill("Open Evening");
  await staff.getByLabel("Description (Markdown)").fill("Meet the clinic teams.");
  await staff.getByLabel("Date and time (UK)").fill("2027-11-05T18:00");
  await staff.getByLabel("Venue").fill("The Clinic");
  await staff.getByLabel("Ticket name").fill("Free place");
  await staff.getByLabel("Price in pounds").fill("0");
  await staff.getByLabel("Number of places").fill("5");
  await staff.getByRole("button", { name: "Save the event" }).click();
  await expect(staff.getByText("Event saved.")).toBeVisible();
  const checkInPath = staff.url().replace(/\/?(\?.*)?$/, "/check-in");

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${server.url}/events/open-evening`);
  await waitForHydrationIfScripted(guest);
  await chooseTickets(guest, 1);
  await guest.getByLabel("Your name").first().fill("Dora Door");
  await guest.getByLabel("Email address").first().fill("dora@example.com");
  await guest.getByRole("button", { name: "Book tickets" }).click();
  await expect(guest).toHaveURL(/\/events\/open-evening\/order\//);
  await guest.context().close();

  await staff.goto(checkInPath);
  await waitForHydrationIfScripted(staff);
  await expect(staff.getByText("0 of 1 in")).toBeVisible();
  // The staff bar's account controls fold away on a phone, and open when asked.
  await expect(staff.getByRole("button", { name: "Sign out" })).toBeHidden();
  await staff.getByText("Account", { exact: true }).click();
  await expect(staff.getByRole("button", { name: "Sign out" })).toBeVisible();
  // A wrong code: said so, and the box is empty for the next ticket.
  await staff.getByLabel("Ticket code").fill("7KQ4-X9MT");
  await staff.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(staff.getByRole("alert")).toContainText("Not a ticket for this event");
  await expect(staff.getByLabel("Ticket code")).toHaveValue("");
  await staff.getByLabel("Search by name").fill("Dora");
  await staff.getByRole("button", { name: "Search" }).click();
  await staff.getByRole("button", { name: /^Check in Dora Door/ }).click();
  await expect(staff.getByRole("status")).toContainText("Dora Door");
  await expect(staff.getByText("1 of 1 in")).toBeVisible();
  await staff.context().close();
});

axeTest("the events pages and the staff event pages pass axe", HYDRATED_ONLY, async ({ axePage }) => {
  await axePage.goto(`${server.url}/events`);
  await expect(axePage.getByRole("heading", { name: "Charity Gala" })).toBeVisible();
  await expectNoAxeViolations(axePage);
  await axePage.goto(`${server.url}/events/charity-gala`);
  await expect(axePage.getByRole("heading", { name: "Join the waiting list" })).toBeVisible();
  await expectNoAxeViolations(axePage);
  await signIn(axePage);
  for (const path of [
    "/admin/dashboard/events",
    "/admin/dashboard/events/new",
    "/admin/dashboard/events/1",
    "/admin/dashboard/events/1/check-in?q=Visitor",
  ]) {
    await axePage.goto(`${server.url}${path}`);
    await expect(axePage.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expectNoAxeViolations(axePage);
  }
});
