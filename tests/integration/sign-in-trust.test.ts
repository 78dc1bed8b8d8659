// Signing in cannot be aimed at a colleague or skipped: a browser that has signed in as a
// person before is not locked out by failures aimed at their name from elsewhere, nor by other
// browsers behind its own address; a password
// reset never skips the second factor and lifts the lock-out; the API refuses a token to someone
// the team requires two-step sign-in of until they set it up, and turning the requirement on ends
// the tokens and sessions of people without it; the failure-surge warning is
// logged once per hundred, however the failures arrive. Clients are told apart by
// X-Forwarded-For, so a proxy is trusted here.

import { generateTOTP } from "@epic-web/totp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/infra/db.server";
import { clientKey } from "~/infra/request-scope.server";
import { logger } from "~/infra/logger.server";
import {
  FAILURE_SURGE,
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_USERNAME,
  recordLoginFailure,
} from "~/staff/models/login-throttle.server";
import * as collection from "~/routes/api+/news";
import * as teamRoute from "~/routes/admin+/dashboard+/team._index";
import { forgetCachedSettingRows, storeSettingSwitch } from "~/site/services/charity-settings.server";
import * as apiLogin from "~/routes/api+/auth.login";
import * as codeRoute from "~/routes/admin+/login_.code";
import * as loginRoute from "~/routes/admin+/login";
import * as resetRoute from "~/routes/admin+/reset-password.$token";
import * as accountRoute from "~/routes/admin+/dashboard+/account._index";
import { KNOWN_DEVICE_COOKIE_NAME } from "~/staff/services/known-device.server";
import { requestPasswordReset } from "~/staff/services/password-reset.server";
import { beginTwoStepSetup, confirmTwoStep } from "~/staff/services/two-step.server";
import { createSession, getSessionUser } from "~/staff/models/session.server";
import { BASE, cookieFor, getRequest, postForm, run, tokenFromSetCookie } from "./admin-support";
import { resetDatabase } from "./helpers";
import { STAFF_PASSWORD, staffMember } from "./team-support";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

beforeEach(async () => {
  await resetDatabase();
});

const NEW_PASSWORD = "a quiet river under snow";

/** The sign-in form posted from `client`, as the browser holding `cookie` would. */
const signInForm = (username: string, password: string, client: string, cookie?: string) =>
  run(
    loginRoute.action,
    postForm("/admin/login", { username, password }, { cookie, headers: { "X-Forwarded-For": client } }),
  );

const signInApi = (body: Record<string, string>, client = "203.0.113.50") =>
  run(
    apiLogin.action,
    new Request(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify(body),
    }),
  );

/** The Cookie header a browser sends back after `response`: every cookie it set, name=value. */
function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(previous ? previous.split("; ").map((pair) => pair.split(/=(.*)/s, 2) as [string, string]) : []);
  for (const setCookie of response.headers.getSetCookie()) {
    const [name, value] = setCookie.split(";")[0].split(/=(.*)/s, 2);
    jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Failed sign-ins aimed at `username`, one from each of `count` other clients. */
async function aimFailures(username: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await signInForm(username, "wrong guess", `198.51.100.${i + 1}`)).status);
  return statuses;
}

async function resetLink(email: string): Promise<{ url: string; token: string }> {
  await requestPasswordReset(email, postForm("/admin/forgot-password", { email }), { minMs: 0 });
  const mail = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("kind", "=", "staff-password-reset")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = mail.text_body.match(/https?:\/\/\S+(\/admin\/reset-password\/([A-Za-z0-9_-]+))/);
  return { url: match![1], token: match![2] };
}

async function turnOnTwoStep(role: "editor" | "admin") {
  const person = await staffMember(role);
  const setup = await beginTwoStepSetup(person);
  const { otp } = await generateTOTP({ secret: setup!.secret, period: 30 });
  const recoveryCodes = await confirmTwoStep(person, otp);
  return { person, recoveryCodes: recoveryCodes! };
}

describe("the smart lock-out", () => {
  it("failures aimed at a name from elsewhere refuse strangers, never the browser that signed in as that person", async () => {
    await staffMember("admin");
    const browser = "203.0.113.7";
    const first = await signInForm("admin-person", STAFF_PASSWORD, browser);
    expect(first.status).toBe(303);
    const knownCookie = cookiesFrom(first);
    expect(knownCookie).toContain(`${KNOWN_DEVICE_COOKIE_NAME}=`);

    const statuses = await aimFailures("admin-person", MAX_FAILURES_PER_USERNAME + 3);
    expect(statuses.slice(0, MAX_FAILURES_PER_USERNAME)).toEqual(Array(MAX_FAILURES_PER_USERNAME).fill(401));
    expect(statuses.slice(MAX_FAILURES_PER_USERNAME).every((status) => status === 429)).toBe(true);

    // A stranger with the right password is still refused, from anywhere (the browser's address too).
    expect((await signInForm("admin-person", STAFF_PASSWORD, "192.0.2.9")).status).toBe(429);
    expect((await signInForm("admin-person", STAFF_PASSWORD, browser)).status).toBe(429);
    // A forged known-device cookie (unsigned) counts for nothing.
    const forged = `${KNOWN_DEVICE_COOKIE_NAME}=${encodeURIComponent(btoa(JSON.stringify([1, 2, 3, 4])))}`;
    expect((await signInForm("admin-person", STAFF_PASSWORD, browser, forged)).status).toBe(429);

    // The browser that signed in before is let in, with the right password.
    const again = await signInForm("admin-person", STAFF_PASSWORD, browser, knownCookie);
    expect(again.status).toBe(303);
    const session = await tokenFromSetCookie(again.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), session!, "web")).toMatchObject({ username: "admin-person" });
  });

  it("a known device is still held to its own failures and to another person's lock-out", async () => {
    await staffMember("admin");
    await staffMember("editor");
    const browser = "203.0.113.8";
    const editorBrowser = cookiesFrom(await signInForm("editor-person", STAFF_PASSWORD, browser));
    const adminBrowser = cookiesFrom(await signInForm("admin-person", STAFF_PASSWORD, browser), editorBrowser);

    // The editor's cookie does not vouch for the admin.
    await aimFailures("admin-person", MAX_FAILURES_PER_USERNAME);
    expect((await signInForm("admin-person", STAFF_PASSWORD, "203.0.113.9", editorBrowser)).status).toBe(429);
    // A browser that knows both people is let in as either.
    expect((await signInForm("admin-person", STAFF_PASSWORD, browser, adminBrowser)).status).toBe(303);

    // Wrong passwords typed in the known browser itself still lock it out.
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      expect((await signInForm("editor-person", "wrong guess", browser, adminBrowser)).status).toBe(401);
    }
    expect((await signInForm("editor-person", STAFF_PASSWORD, browser, adminBrowser)).status).toBe(429);
  });

  it("behind one shared address (an office's NAT), other browsers' failures never lock out a browser that signed in before", async () => {
    await staffMember("admin");
    const office = "203.0.113.40";
    const knownBrowser = cookiesFrom(await signInForm("admin-person", STAFF_PASSWORD, office));

    // Other browsers at the same address: wrong passwords for this person, then for many names.
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) await signInForm("admin-person", "wrong guess", office);
    const officeClient = clientKey(new Request(`${BASE}/`, { headers: { "X-Forwarded-For": office } }));
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) {
      await recordLoginFailure(getDb(), { username: `someone-${i}`, client: officeClient });
    }
    // Those browsers are refused (per name, and per address) ...
    expect((await signInForm("admin-person", STAFF_PASSWORD, office)).status).toBe(429);
    expect((await signInForm("someone-else", "wrong guess", office)).status).toBe(429);
    // ... the browser that signed in before is not: its own failures are what count for it.
    const again = await signInForm("admin-person", STAFF_PASSWORD, office, knownBrowser);
    expect(again.status).toBe(303);
    const session = await tokenFromSetCookie(again.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), session!, "web")).toMatchObject({ username: "admin-person" });

    // Its own wrong passwords still lock it, from any address.
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      expect((await signInForm("admin-person", "wrong guess", "192.0.2.77", knownBrowser)).status).toBe(401);
    }
    expect((await signInForm("admin-person", STAFF_PASSWORD, office, knownBrowser)).status).toBe(429);
  });

  it("a completed password reset lifts the person's lock-out", async () => {
    await staffMember("editor");
    await aimFailures("editor-person", MAX_FAILURES_PER_USERNAME);
    expect((await signInForm("editor-person", STAFF_PASSWORD, "192.0.2.20")).status).toBe(429);
    const { url, token } = await resetLink("editor@example.org");
    const reset = await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token });
    expect(reset.status).toBe(303);
    expect((await signInForm("editor-person", NEW_PASSWORD, "192.0.2.20")).status).toBe(303);
  });
});

describe("a password reset and the second factor", () => {
  it("with two-step on, setting a new password leads to the code page, and no session exists before the code", async () => {
    const { recoveryCodes } = await turnOnTwoStep("editor");
    const { url, token } = await resetLink("editor@example.org");
    const reset = await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("Location")).toBe("/admin/login/code");
    const pending = reset.headers.get("Set-Cookie")!.split(";")[0];
    expect(await tokenFromSetCookie(pending)).toBeTruthy();
    expect(
      await getDb().selectFrom("sessions").select("pending").where("kind", "=", "web").execute(),
      "only a pending sign-in before the code",
    ).toEqual([{ pending: 1 }]);
    const staffPage = await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: pending }));
    expect(staffPage.status).toBe(302);
    expect(staffPage.headers.get("Location")).toMatch(/^\/admin\/login/);

    const wrong = await run(codeRoute.action, postForm("/admin/login/code", { code: "000000" }, { cookie: pending }));
    expect(wrong.status).toBe(401);
    const done = await run(
      codeRoute.action,
      postForm("/admin/login/code", { code: recoveryCodes[0] }, { cookie: pending }),
    );
    expect(done.status).toBe(303);
    const session = await tokenFromSetCookie(done.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), session!, "web")).toMatchObject({ username: "editor-person" });
  });

  it("without two-step, the reset signs the browser in at once", async () => {
    await staffMember("editor");
    const { url, token } = await resetLink("editor@example.org");
    const reset = await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token });
    expect(reset.headers.get("Location")).toBe("/admin/dashboard");
    const session = await tokenFromSetCookie(reset.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), session!, "web")).toMatchObject({ username: "editor-person" });
  });
});

describe("two-step required for the whole team", () => {
  const requireTwoStep = async (on: boolean) => {
    await storeSettingSwitch(getDb(), "requireTwoStep", on, "test");
    forgetCachedSettingRows();
  };

  it("refuses an API token to someone who has not set it up, with a JSON reason", async () => {
    await staffMember("editor");
    await requireTwoStep(true);
    const refused = await signInApi({ username: "editor-person", password: STAFF_PASSWORD });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, two_step_setup_required: true });
    expect(body.error).toMatch(/Two-step sign-in is required/);
    expect(body.token).toBeUndefined();
    expect(await getDb().selectFrom("sessions").select("id").execute()).toEqual([]);

    // Once they have it, the code is asked for as usual; without the requirement no code is needed.
    await turnOnTwoStep("editor");
    expect((await signInApi({ username: "editor-person", password: STAFF_PASSWORD })).status).toBe(401);
    await staffMember("fundraising");
    await requireTwoStep(false);
    expect((await signInApi({ username: "fundraising-person", password: STAFF_PASSWORD })).status).toBe(200);
  });
});

describe("turning the requirement on", () => {
  it("ends every token and session of people without two-step: an editor's old token can no longer create an article", async () => {
    const editor = await staffMember("editor");
    const admin = await staffMember("admin");
    const oldToken = (await createSession(getDb(), editor.id, "api")).token;
    const oldBrowser = (await createSession(getDb(), editor.id, "web")).token;
    const createArticle = (token: string) =>
      collection.action({
        request: new Request(`${BASE}/api/news`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({ title: "Clinic opens", content: "The new clinic opened today." }),
        }),
        params: {},
        context: {},
      });
    expect((await createArticle(oldToken)).status).toBe(201);
    // Someone with the app keeps theirs; the admin's own browser session is kept (it is sent to set up).
    const { person: withApp } = await turnOnTwoStep("admin");
    expect(withApp.id).toBe(admin.id);
    const appToken = (await createSession(getDb(), admin.id, "api")).token;
    const adminBrowser = (await createSession(getDb(), admin.id, "web")).token;

    const switched = await run(
      teamRoute.action,
      postForm("/admin/dashboard/team", { intent: "require-two-step" }, { cookie: await cookieFor(adminBrowser) }),
    );
    expect(switched.status).toBe(200);
    expect((await switched.json()).notice.message).toMatch(/2 sessions and API tokens of people without it ended/);

    const refused = await createArticle(oldToken);
    expect(refused.status).toBe(401);
    expect(await getSessionUser(getDb(), oldBrowser, "web")).toBeNull();
    expect(await getSessionUser(getDb(), appToken, "api")).toMatchObject({ id: admin.id });
    expect(await getSessionUser(getDb(), adminBrowser, "web")).toMatchObject({ id: admin.id });
    expect(await getDb().selectFrom("news").select("title").execute()).toHaveLength(1);
  });
});

describe("the failure-surge warning", () => {
  it("is logged once when the hundredth failure arrives among many at once", async () => {
    const db = getDb();
    const keyOf = (address: string) => clientKey(new Request(`${BASE}/`, { headers: { "X-Forwarded-For": address } }));
    const before = FAILURE_SURGE - 10;
    for (let i = 0; i < before; i++) {
      await recordLoginFailure(db, { username: `sprayed-${i}`, client: keyOf(`192.0.2.${i % 50}`) });
    }
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => {});
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signInForm(`nobody-${i}`, "wrong guess", `198.51.100.${100 + i}`)),
      );
      expect(statuses.map((response) => response.status)).toEqual(Array(20).fill(401));
      const surges = warned.mock.calls.filter(
        ([fields]) => (fields as { event?: string }).event === "auth.failure_surge",
      );
      expect(surges).toHaveLength(1);
      expect(surges[0][0]).toMatchObject({ failures: FAILURE_SURGE });
    } finally {
      warned.mockRestore();
    }
  });
});
