import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { contentSecurityPolicy } from "~/infra/security-headers.server";
import { action as donateAction, loader as donateLoader } from "~/routes/_public+/donate/route";
import { action as webhookAction } from "~/routes/webhooks+/stripe";
import { formRequest, resetDatabase } from "./helpers";

// Without STRIPE_* the site is the bank-transfer site of before: no card choice, a posted
// "payBy=card" is a pledge as ever, the CSP allows no payment origin, the webhook is off.
beforeEach(resetDatabase);

describe("without Stripe configured", () => {
  it("the donate form offers no card choice and a pledge goes to its bank-transfer thank-you page", async () => {
    expect(await (await donateLoader()).json()).toMatchObject({ cardPayments: false, cause: null });
    const response = (await donateAction({
      request: formRequest("/donate", {
        type: "one-time",
        amount: "25",
        firstName: "Jo",
        lastName: "Bloggs",
        email: "jo@example.com",
        payBy: "card",
      }),
      params: {},
      context: {},
    } as any)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/donate\/thank-you\/CHA-/);
    const pledge = await getDb().selectFrom("pledges").selectAll().executeTakeFirstOrThrow();
    expect(pledge.pay_by).toBe("bank");
    const kinds = (await getDb().selectFrom("outbox").select("kind").execute()).map((m) => m.kind);
    expect(kinds).toContain("pledge.donor");
  });

  it("the CSP allows no payment origin", () => {
    expect(contentSecurityPolicy({ nonce: "n" })).toContain("form-action 'self' mailto: https://wa.me");
  });

  it("the webhook address answers 404", async () => {
    const request = new Request("http://localhost/webhooks/stripe", { method: "POST", body: "{}" });
    const response = (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
    expect(response.status).toBe(404);
  });
});
