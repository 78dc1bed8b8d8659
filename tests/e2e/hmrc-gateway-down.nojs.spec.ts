import http from "node:http";
import { expect, test } from "@playwright/test";
import { listenOnFreePort } from "../../scripts/lib/ports";
import { recordGiftAidGift, signInAdmin, startHmrcServer, type HmrcServer } from "./support/hmrc-server";

// A gateway that takes the claim and never answers, against the real production server
// (remix-serve, whose global fetch is Remix's polyfill): the submission ends as "Not completed"
// with words staff can act on, and the server goes on answering (/healthz) after the timeout.
// Once, without JavaScript: what is checked is the server.

let hmrc: HmrcServer;
let gateway: http.Server;
let posts = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gateway = http.createServer((request) => {
    posts += 1;
    request.resume(); // reads the claim, never answers
  });
  const port = await listenOnFreePort(gateway);
  hmrc = await startHmrcServer("e2e-hmrc-hang", `http://127.0.0.1:${port}/submission`, {
    HMRC_GATEWAY_TIMEOUT_SECONDS: "2",
  });
});

test.afterAll(async () => {
  await hmrc?.close();
  gateway?.closeAllConnections();
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
});

test("a hanging HMRC gateway ends the submission as not completed, and the server keeps answering", async ({
  page,
  context,
}) => {
  await recordGiftAidGift(hmrc.db, "Hangfire", 2000);
  await signInAdmin(context, hmrc);
  const { server } = hmrc;

  await page.goto(`${server.url}/admin/dashboard/gift-aid`);
  await page.getByRole("button", { name: "Create a batch of all claimable payments" }).click();
  await page.getByRole("link", { name: "Submit to HMRC" }).click();
  await page.getByRole("button", { name: "Yes, submit to HMRC" }).click();

  await expect(async () => {
    await page.reload();
    await expect(page.getByText("The claim was sent, but HMRC's gateway gave no usable answer")).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/No answer within 2 s/)).toBeVisible();
  await expect(page.getByText(/check Charities Online for it before sending this batch again/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Submit to HMRC again" })).toBeVisible();
  expect(posts).toBe(1);

  // The process is still there and healthy well after the timeout fired.
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(server.process.exitCode).toBeNull();
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("main")).toBeVisible();
});
