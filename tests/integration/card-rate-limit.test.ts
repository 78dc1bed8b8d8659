import { beforeEach, describe, expect, it, vi } from "vitest";
import { formRequest, resetDatabase } from "./helpers";
import { waitUntil } from "../../scripts/lib/wait";

// Appeal night: with Stripe answering 429 above its rate limit, no card donor sees an
// error page. A gift that cannot get its Checkout Session at once is kept as a pledge, the donor
// waits on a page that refreshes itself, and the queue makes each session once (two queues at
// the same time, as two instances run, included), after which the wait page sends the donor on.
const LIMIT = 3;
// The environment this file runs with, set before its imports run (vi.hoisted): card gifts on,
// against a Stripe stand-in that allows 3 sessions a second; the app's pace is above that, so
// Stripe's 429s happen.
const standIn = await vi.hoisted(async () => {
  process.env.STRIPE_CHECKOUT_PER_SECOND = "50";
  const { cardGiftsOn } = await import("./stripe-support");
  return cardGiftsOn("whsec_test_rate_limit", { rateLimitPerSecond: 3 });
});

const { getDb } = await import("~/infra/db.server");
const { resetCheckoutPace } = await import("~/infra/checkout-pace.server");
const donatePage = await import("~/routes/_public+/donate/route");
const cardPage = await import("~/routes/_public+/donate_.card.$reference");
const waitPage = await import("~/routes/_public+/donate_.card.$reference_.wait");
const { runCheckoutQueue, stripeFailure } = await import("~/giving/services/checkout-queue.server");

beforeEach(async () => {
  await resetDatabase();
  resetCheckoutPace();
  standIn.failWith = null;
  standIn.rateLimitPerSecond = LIMIT;
  standIn.sessionsByReference.clear();
});

async function run(call: () => Promise<unknown>): Promise<Response> {
  try {
    return (await call()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let donor = 0;
async function giveByCard(): Promise<Response> {
  donor += 1;
  const request = formRequest("/donate", {
    type: "one-time",
    amount: "25",
    firstName: "Jo",
    lastName: `Donor ${String.fromCharCode(64 + donor)}`,
    email: `donor${donor}@example.com`,
  });
  return run(() => donatePage.action({ request, params: {}, context: {} } as any));
}

const waitLoader = (reference: string) =>
  run(() =>
    waitPage.loader({
      request: new Request(`http://localhost/donate/card/${reference}/wait`),
      params: { reference },
      context: {},
    } as any),
  );

const references = async () =>
  (await getDb().selectFrom("pledges").select("reference").orderBy("id").execute()).map((r) => r.reference);

/** Runs the queue (as the running server's timer does) until nothing waits; real seconds pass for Stripe's limit. */
async function drainQueue(queues = 1): Promise<void> {
  const waiting = () =>
    getDb()
      .selectFrom("checkout_requests")
      .select("pledge_id")
      .where("checkout_url", "is", null)
      .where("failed_at", "is", null)
      .execute();
  await waitUntil(
    async () => {
      if ((await waiting()).length === 0) return true;
      await Promise.all(Array.from({ length: queues }, () => runCheckoutQueue({ perSecond: LIMIT })));
      return false;
    },
    { what: "the checkout queue draining", timeoutMs: 15_000, intervalMs: 0 },
  );
}

describe("card gifts under Stripe's rate limit", () => {
  it("a wave of card gifts: every donor is sent to Checkout or to the wait page, none to an error; every pledge kept", async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => giveByCard()));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(303));
    const locations = responses.map((r) => r.headers.get("Location") ?? "");
    const atOnce = locations.filter((l) => l.startsWith(`${standIn.origin}/c/pay/`));
    const waiting = locations.filter((l) => /^\/donate\/card\/CHA-[^/]+\/wait$/.test(l));
    expect(atOnce.length + waiting.length).toBe(10);
    expect(atOnce.length).toBeLessThanOrEqual(LIMIT);
    expect(waiting.length).toBeGreaterThan(0);
    expect(standIn.rateLimited).toBeGreaterThan(0);
    // The wait page is a full page load (it refreshes itself), with JavaScript too.
    for (const response of responses.filter((r) => r.headers.get("Location")!.endsWith("/wait"))) {
      expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    }
    expect(await references()).toHaveLength(10);
    expect(await getDb().selectFrom("checkout_requests").select("pledge_id").execute()).toHaveLength(10);
  });

  it("the wait page refreshes itself without JavaScript, then sends the donor to their own Checkout page", async () => {
    standIn.rateLimitPerSecond = 0; // Stripe refuses every creation for now
    const response = await giveByCard();
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/\/wait$/);
    const [reference] = await references();

    const page = await waitLoader(reference);
    expect(page.status).toBe(200);
    expect(page.headers.get("Refresh")).toBe("3");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await page.json();
    expect(body).toMatchObject({ waiting: true, reference, amount: "£25" });
    const meta = waitPage.meta({ data: body, matches: [], params: { reference } } as any);
    expect(meta).toContainEqual({ title: expect.stringContaining("Preparing your secure card payment") });

    standIn.rateLimitPerSecond = LIMIT;
    await drainQueue();
    const onward = await waitLoader(reference);
    expect(onward.status).toBe(303);
    const sessions = standIn.sessionsByReference.get(reference)!;
    expect(sessions).toHaveLength(1);
    expect(onward.headers.get("Location")).toBe(`${standIn.origin}/c/pay/${sessions[0]}`);
  });

  it("the return page that says the payment is being confirmed refreshes itself, without JavaScript, for about 2 minutes", async () => {
    await giveByCard();
    const [reference] = await references();
    const returnPage = (query = "") =>
      run(() =>
        cardPage.loader({
          request: new Request(`http://localhost/donate/card/${reference}${query}`),
          params: { reference },
          context: {},
        } as any),
      );
    const first = await returnPage();
    expect(first.headers.get("Refresh")).toBe(`5; url=/donate/card/${reference}?checks=1`);
    expect(await first.json()).toMatchObject({ checking: true, received: false });
    expect((await returnPage("?checks=7")).headers.get("Refresh")).toBe(`5; url=/donate/card/${reference}?checks=8`);
    // After 24 checks it stops (the thank-you e-mail follows); a cancelled payment never refreshes.
    const last = await returnPage("?checks=24");
    expect(last.headers.get("Refresh")).toBeNull();
    expect(await last.json()).toMatchObject({ checking: false });
    expect((await returnPage("?cancelled=1")).headers.get("Refresh")).toBeNull();
    const headers = cardPage.headers({
      loaderHeaders: first.headers,
      actionHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(headers).get("Refresh")).toBe(first.headers.get("Refresh"));
  });

  it("two queues at once (two instances) make each waiting gift's session exactly once", async () => {
    standIn.rateLimitPerSecond = 0;
    await Promise.all(Array.from({ length: 8 }, () => giveByCard()));
    standIn.rateLimitPerSecond = LIMIT;
    await drainQueue(2);
    const all = await references();
    expect(all).toHaveLength(8);
    for (const reference of all) expect(standIn.sessionsByReference.get(reference)).toHaveLength(1);
    const made = await getDb()
      .selectFrom("checkout_requests")
      .select("checkout_url")
      .where("checkout_url", "is not", null)
      .execute();
    expect(made).toHaveLength(8);
  });

  it("a donor who pays by bank transfer while waiting gets no Checkout Session", async () => {
    standIn.rateLimitPerSecond = 0;
    await giveByCard();
    const [reference] = await references();
    const switched = await run(() =>
      cardPage.action({
        request: formRequest(`/donate/card/${reference}?cancelled=1`, { intent: "bank" }),
        params: { reference },
        context: {},
      } as any),
    );
    expect(switched.headers.get("Location")).toBe(`/donate/thank-you/${reference}`);
    standIn.rateLimitPerSecond = LIMIT;
    await drainQueue();
    expect(standIn.sessionsByReference.get(reference)).toBeUndefined();
    const page = await waitLoader(reference);
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`/donate/thank-you/${reference}`);
  });

  it("a session Stripe refuses for good ends the wait: the page offers the bank transfer and another try, never a 500", async () => {
    standIn.rateLimitPerSecond = 0;
    await giveByCard();
    const [reference] = await references();
    standIn.rateLimitPerSecond = null;
    standIn.failWith = 400;
    await drainQueue();
    const page = await waitLoader(reference);
    expect(page.status).toBe(200);
    expect(page.headers.get("Refresh")).toBeNull();
    expect(await page.json()).toMatchObject({ waiting: false, returnPath: `/donate/card/${reference}?cancelled=1` });

    standIn.failWith = null;
    const retried = await run(() =>
      cardPage.action({
        request: formRequest(`/donate/card/${reference}?cancelled=1`, {}),
        params: { reference },
        context: {},
      } as any),
    );
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe(`/donate/card/${reference}/wait`);
    await drainQueue();
    expect(standIn.sessionsByReference.get(reference)).toHaveLength(1);
  });

  it("reads Stripe's answer: a 429 or 5xx waits (Retry-After honoured), a 400 is final", () => {
    expect(stripeFailure({ statusCode: 429, headers: { "retry-after": "2" }, message: "slow down" })).toEqual({
      transient: true,
      retryAfterMs: 2000,
      message: "slow down",
    });
    expect(stripeFailure({ statusCode: 503, message: "down" }).transient).toBe(true);
    expect(stripeFailure(new Error("ECONNREFUSED")).transient).toBe(true);
    expect(stripeFailure({ statusCode: 400, message: "bad" }).transient).toBe(false);
  });
});
