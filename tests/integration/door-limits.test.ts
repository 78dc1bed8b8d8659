// Doors that cost money or guard an account are limited like the sign-in code step (5 tries per
// 15 minutes per subject and per client): "Try again" on an unpaid card pledge, which makes a
// Stripe Checkout Session each time, and the code that turns two-step sign-in off or makes new
// recovery codes (each wrong code audited), and the current password that changing one's own
// password asks for (each wrong one audited). Clients are told apart by X-Forwarded-For.
import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formRequest, resetDatabase } from "./helpers";

// The environment this file runs with, set before its imports run (vi.hoisted).
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn } = await import("../../scripts/lib/stripe-stand-in");
  const standIn = await startStripeStandIn();
  process.env.STRIPE_SECRET_KEY = "sk_test_vitest";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_vitest";
  process.env.STRIPE_API_URL = standIn.url;
  process.env.TRUST_PROXY = "true";
  return standIn;
});
afterAll(() => standIn.close());

const { getDb } = await import("~/infra/db.server");
const { DOOR_LIMITS } = await import("~/staff/services/attempt-limits.server");
const { action: donateAction } = await import("~/routes/_public+/donate/route");
const cardRoute = await import("~/routes/_public+/donate_.card.$reference");
const twoStepRoute = await import("~/routes/admin+/dashboard+/account.two-step");
const accountRoute = await import("~/routes/admin+/dashboard+/account._index");
const { verifyLogin } = await import("~/staff/models/user.server");
const { beginTwoStepSetup, confirmTwoStep, hasTwoStep } = await import("~/staff/services/two-step.server");
const { postForm, run } = await import("./admin-support");
const { STAFF_PASSWORD, staffCookie, staffMember } = await import("./team-support");

beforeEach(async () => {
  await resetDatabase();
  standIn.requests.length = 0;
});

async function cardPledge(email: string): Promise<string> {
  const fields = { type: "one-time", amount: "25", firstName: "Jo", lastName: "Bloggs", email };
  await donateAction({ request: formRequest("/donate", fields), params: {}, context: {} } as never);
  const row = await getDb().selectFrom("pledges").select("reference").orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.reference;
}

const tryAgain = (reference: string, client: string) =>
  run(
    cardRoute.action,
    postForm(`/donate/card/${reference}?cancelled=1`, {}, { headers: { "X-Forwarded-For": client } }),
    { reference },
  );

const checkoutCalls = () => standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").length;

describe("'Try again' on an unpaid card pledge", () => {
  it("is limited per pledge and per client, with Retry-After and no call to Stripe once refused", async () => {
    const reference = await cardPledge("jo@example.com");
    const other = await cardPledge("sam@example.com");
    const client = "198.51.100.7";
    for (let i = 0; i < DOOR_LIMITS.perName; i++) expect((await tryAgain(reference, client)).status).toBe(303);
    const callsBefore = checkoutCalls();

    const refused = await tryAgain(reference, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).refused).toMatch(/Too many tries in a short time\. Please try again in \d+ minute/);
    // Per pledge: another client is refused for the same pledge too.
    expect((await tryAgain(reference, "203.0.113.40")).status).toBe(429);
    // Per client: this client is refused for another pledge as well.
    expect((await tryAgain(other, client)).status).toBe(429);
    expect(checkoutCalls()).toBe(callsBefore);
    // Someone else, for another pledge, goes ahead.
    expect((await tryAgain(other, "203.0.113.41")).status).toBe(303);
  });
});

describe("the code that manages two-step sign-in", () => {
  it("is limited to 5 tries per person and per client, and every wrong code is audited", async () => {
    const editor = await staffMember("editor");
    const setup = await beginTwoStepSetup(editor);
    const { otp } = await generateTOTP({ secret: setup!.secret, period: 30 });
    await confirmTwoStep(editor, otp);
    const cookie = await staffCookie(editor);
    const post = (intent: string, code: string, client = "198.51.100.9") =>
      run(
        twoStepRoute.action,
        postForm(
          "/admin/dashboard/account/two-step",
          { intent, code },
          { cookie, headers: { "X-Forwarded-For": client } },
        ),
      );

    for (let i = 0; i < DOOR_LIMITS.perName; i++) {
      expect((await post(i % 2 ? "turn-off" : "recovery-codes", String(100000 + i))).status).toBe(400);
    }
    const audited = await getDb()
      .selectFrom("audit_events")
      .select(["action", "actor"])
      .where("action", "=", "two-step.failed-code")
      .execute();
    expect(audited).toEqual(
      Array(DOOR_LIMITS.perName).fill({ action: "two-step.failed-code", actor: "editor-person" }),
    );

    // Even the right code is refused now, from any client, and two-step stays on.
    const { otp: current } = await generateTOTP({ secret: setup!.secret, period: 30 });
    const refused = await post("turn-off", current, "203.0.113.60");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).notice.message).toMatch(/Too many tries/);
    expect(await hasTwoStep(editor.id)).toBe(true);
  });

  it("a right code clears the person's count", async () => {
    const editor = await staffMember("editor");
    const setup = await beginTwoStepSetup(editor);
    const { otp } = await generateTOTP({ secret: setup!.secret, period: 30 });
    const recoveryCodes = (await confirmTwoStep(editor, otp))!;
    const cookie = await staffCookie(editor);
    const post = (code: string) =>
      run(
        twoStepRoute.action,
        postForm(
          "/admin/dashboard/account/two-step",
          { intent: "recovery-codes", code },
          { cookie, headers: { "X-Forwarded-For": "198.51.100.10" } },
        ),
      );
    for (let i = 0; i < DOOR_LIMITS.perName - 1; i++) expect((await post("123456")).status).toBe(400);
    const renewed = await post(recoveryCodes[0]);
    expect(renewed.status).toBe(200);
    expect((await renewed.json()).recoveryCodes).toHaveLength(10);
    for (let i = 0; i < DOOR_LIMITS.perName - 1; i++) expect((await post("123456")).status).toBe(400);
  });
});

describe("the current password on Your account", () => {
  const NEW_PASSWORD = "a brand new river of words";

  it("is limited to 5 guesses per person and per client, each wrong one audited; the right one clears the count", async () => {
    const editor = await staffMember("editor");
    const cookie = await staffCookie(editor);
    const change = (current: string, client = "198.51.100.20") =>
      run(
        accountRoute.action,
        postForm(
          "/admin/dashboard/account",
          { intent: "password", current, password: NEW_PASSWORD },
          { cookie, headers: { "X-Forwarded-For": client } },
        ),
      );

    // A right password after 4 wrong ones goes through, and forgets them.
    for (let i = 0; i < DOOR_LIMITS.perName - 1; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    const audited = await getDb()
      .selectFrom("audit_events")
      .select(["action", "actor"])
      .where("action", "=", "password.wrong-current")
      .execute();
    expect(audited).toEqual(
      Array(DOOR_LIMITS.perName - 1).fill({ action: "password.wrong-current", actor: "editor-person" }),
    );
    expect((await change(STAFF_PASSWORD)).status).toBe(200);

    // Five wrong guesses at the new one: even the right password is refused now, from any client.
    const cookieAfter = await staffCookie(editor);
    const again = (current: string, client: string) =>
      run(
        accountRoute.action,
        postForm(
          "/admin/dashboard/account",
          { intent: "password", current, password: "yet another long password" },
          { cookie: cookieAfter, headers: { "X-Forwarded-For": client } },
        ),
      );
    for (let i = 0; i < DOOR_LIMITS.perName; i++) expect((await again(`guess-${i}`, "198.51.100.21")).status).toBe(400);
    const refused = await again(NEW_PASSWORD, "203.0.113.70");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).result.error.current[0]).toMatch(/Too many tries/);
    expect(await verifyLogin(getDb(), editor.username, NEW_PASSWORD)).not.toBeNull();
  });
});
