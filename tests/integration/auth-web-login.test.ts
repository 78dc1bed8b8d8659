// The staff sign-in form (/admin/login, remix-auth FormStrategy): success, failures, session
// rotation, throttling that survives a restart, safe redirects and cross-site rejection.
import { sql } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_FAILURES_PER_USERNAME } from "~/staff/models/login-throttle.server";
import { getSessionUser } from "~/staff/models/session.server";
import * as loginRoute from "~/routes/admin+/login";
import * as themeRoute from "~/routes/_public+/theme";
import { getDb } from "~/infra/db.server";
import { resetDatabase } from "./helpers";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  adminCookie,
  bodyOf,
  cookieFor,
  ensureAdmin,
  getRequest,
  postForm,
  run,
  sessionCount,
  tokenFromSetCookie,
} from "./admin-support";

const LOGIN = "/admin/login";

const login = (fields: Record<string, string>, init: Parameters<typeof postForm>[2] = {}) =>
  run(loginRoute.action, postForm(LOGIN, fields, init));

beforeEach(async () => {
  await resetDatabase();
  await ensureAdmin();
});

describe("signing in", () => {
  it("creates a session row, sets an httpOnly SameSite=Lax cookie and goes to the dashboard", async () => {
    const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    const token = await tokenFromSetCookie(setCookie);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount()).toBe(1);
    expect(await getSessionUser(getDb(), token!, "web")).toMatchObject({ username: ADMIN_USERNAME });
    // Only the token's hash is stored.
    const ids = await getDb().selectFrom("sessions").select("id").execute();
    expect(ids.map((r) => r.id)).not.toContain(token);
  });

  it("issues a new session id at every login; a second browser's session stays valid", async () => {
    const first = await tokenFromSetCookie(
      (await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).headers.get("Set-Cookie"),
    );
    const second = await tokenFromSetCookie(
      (await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).headers.get("Set-Cookie"),
    );
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await getSessionUser(getDb(), first!, "web")).not.toBeNull();
    expect(await getSessionUser(getDb(), second!, "web")).not.toBeNull();
    expect(await sessionCount()).toBe(2);
  });

  it("replaces (deletes) the session the same browser already held, so an old cookie stops working", async () => {
    const { cookie, token: old } = await adminCookie();
    const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, { cookie });
    const fresh = await tokenFromSetCookie(response.headers.get("Set-Cookie"));
    expect(fresh).not.toBe(old);
    expect(await getSessionUser(getDb(), old, "web")).toBeNull();
    expect(await getSessionUser(getDb(), fresh!, "web")).not.toBeNull();
  });

  it("honours a safe redirectTo and ignores unsafe ones", async () => {
    const ok = await login({
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      redirectTo: "/admin/dashboard/stats?x=1",
    });
    expect(ok.headers.get("Location")).toBe("/admin/dashboard/stats?x=1");
    for (const redirectTo of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/admin/login",
    ]) {
      const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, redirectTo });
      expect(response.status, redirectTo).toBe(303);
      expect(response.headers.get("Location"), redirectTo).toBe("/admin/dashboard");
    }
  });

  it("percent-encodes a redirectTo beyond ASCII instead of failing on an invalid Location", async () => {
    const { cookie } = await adminCookie();
    for (const [raw, encoded] of [
      ["%2F%E3%80%82x", "/%E3%80%82x"],
      ["%2F%F0%9F%98%80", "/%F0%9F%98%80"],
    ]) {
      const redirectTo = decodeURIComponent(raw);
      const signIn = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, redirectTo });
      expect(signIn.status, raw).toBe(303);
      expect(signIn.headers.get("Location"), raw).toBe(encoded);
      const page = await run(loginRoute.loader, getRequest(`${LOGIN}?redirectTo=${raw}`, { cookie }));
      expect(page.status, raw).toBe(302);
      expect(page.headers.get("Location"), raw).toBe(encoded);
      const toggle = await run(themeRoute.action, postForm("/theme", { theme: "dark", redirectTo }));
      expect(toggle.status, raw).toBe(303);
      expect(toggle.headers.get("Location"), raw).toBe(encoded);
    }
  });

  it("sends a signed-in visitor from the login page to the dashboard (or a safe redirectTo)", async () => {
    const { cookie } = await adminCookie();
    const plain = await run(loginRoute.loader, getRequest(LOGIN, { cookie }));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/admin/dashboard");
    const target = await run(
      loginRoute.loader,
      getRequest(`${LOGIN}?redirectTo=%2Fadmin%2Fdashboard%2Fstats`, { cookie }),
    );
    expect(target.headers.get("Location")).toBe("/admin/dashboard/stats");
    const evil = await run(loginRoute.loader, getRequest(`${LOGIN}?redirectTo=%2F%2Fevil.example`, { cookie }));
    expect(evil.headers.get("Location")).toBe("/admin/dashboard");
    // Signed out: the page itself.
    expect((await run(loginRoute.loader, getRequest(LOGIN))).status).toBe(200);
  });
});

describe("failed sign-ins", () => {
  it("answers a wrong password and an unknown user with the same message and status", async () => {
    const wrong = await login({ username: ADMIN_USERNAME, password: "not-the-password" });
    const unknown = await login({ username: "nobody-here", password: ADMIN_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await bodyOf(response);
      expect(body.result.status).toBe("error");
      expect(body.result.error[""]).toEqual(["Invalid username or password"]);
      // The password is never echoed back into the form.
      expect(JSON.stringify(body)).not.toContain("not-the-password");
      expect(JSON.stringify(body)).not.toContain(ADMIN_PASSWORD);
    }
    expect(await sessionCount()).toBe(0);
  });

  it("rejects missing fields with 400 and field errors, without counting a failure", async () => {
    const response = await login({ username: "", password: "" });
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.result.error.username).toEqual(["Username is required"]);
    expect(body.result.error.password).toEqual(["Password is required"]);
    const failures = await getDb().selectFrom("login_failures").selectAll().execute();
    expect(failures).toHaveLength(0);
  });

  it("rejects a cross-site post with 403 before checking anything", async () => {
    const response = await login(
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(await sessionCount()).toBe(0);
    const fromOrigin = await login(
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      { headers: { "Sec-Fetch-Site": "", Origin: "https://evil.example" } },
    );
    expect(fromOrigin.status).toBe(403);
  });

  it("refuses the 6th attempt within the window with 429 even with the right password, across a restart", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      const response = await login({ username: ADMIN_USERNAME, password: `wrong-${i}` });
      expect(response.status).toBe(401);
    }
    const blocked = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    const body = await bodyOf(blocked);
    expect(body.result.error[""][0]).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Usernames are compared case-insensitively, so changing case does not get around it.
    expect((await login({ username: ADMIN_USERNAME.toUpperCase(), password: ADMIN_PASSWORD })).status).toBe(429);

    // "Restart": close the app's connection; the next request opens a fresh one on the same file.
    const holder = globalThis as typeof globalThis & { __charityDb?: unknown };
    await getDb().destroy();
    delete holder.__charityDb;
    const afterRestart = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(afterRestart.status).toBe(429);
    expect(await sessionCount()).toBe(0);
  });

  it("counts parallel guesses before hashing, so a burst cannot exceed the limit", async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ username: ADMIN_USERNAME, password: `parallel-${i}` })),
    );
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_USERNAME);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAX_FAILURES_PER_USERNAME);
  });

  it("clears the failure count after a successful sign-in", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) {
      await login({ username: ADMIN_USERNAME, password: `wrong-${i}` });
    }
    expect((await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).status).toBe(303);
    // Without the reset, the second of these would already be refused.
    for (let i = 0; i < 2; i++) {
      expect((await login({ username: ADMIN_USERNAME, password: `wrong-${i}` })).status).toBe(401);
    }
  });

  it("answers an unexpected failure with 'Login failed. Please try again.' and no session", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    // The throttle table going missing stands in for any database failure during sign-in.
    await sql`ALTER TABLE login_failures RENAME TO login_failures_away`.execute(getDb());
    try {
      const response = await login({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
      expect(response.status).toBe(500);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect((await bodyOf(response)).result.error[""]).toEqual(["Login failed. Please try again."]);
    } finally {
      await sql`ALTER TABLE login_failures_away RENAME TO login_failures`.execute(getDb());
      quiet.mockRestore();
    }
    expect(await sessionCount()).toBe(0);
  });

  it("treats a forged or mangled cookie as signed out", async () => {
    const { token } = await adminCookie();
    const forged = `__session=${Buffer.from(JSON.stringify(token)).toString("base64")}.forged-signature`;
    expect((await run(loginRoute.loader, getRequest(LOGIN, { cookie: forged }))).status).toBe(200);
    expect((await run(loginRoute.loader, getRequest(LOGIN, { cookie: "__session=%%%" }))).status).toBe(200);
    expect((await run(loginRoute.loader, getRequest(LOGIN, { cookie: await cookieFor(token) }))).status).toBe(302);
  });
});
