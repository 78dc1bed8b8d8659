// Guarding the staff area: every admin loader and action checks the session itself, signed-out
// visits go to the login page remembering where they were going, logout ends the session.
import { beforeEach, describe, expect, it } from "vitest";
import { createSession, deleteSession, getSessionUser } from "~/staff/models/session.server";
import { createNews } from "~/publishing/models/news.server";
import { setUserPassword } from "~/staff/models/user.server";
import * as adminLayout from "~/routes/admin+/_layout";
import * as dashboard from "~/routes/admin+/dashboard+/_layout";
import * as newsList from "~/routes/admin+/dashboard+/news";
import * as deleteRoute from "~/routes/admin+/dashboard+/news.$id.delete";
import * as editRoute from "~/routes/admin+/dashboard+/news.$id.edit";
import * as newRoute from "~/routes/admin+/dashboard+/news.new";
import * as stats from "~/routes/admin+/dashboard+/stats";
import * as logoutRoute from "~/routes/admin+/logout";
import { getDb } from "~/infra/db.server";
import { requireAdmin } from "~/routes/_glue/staff-guard.server";
import { resetDatabase } from "./helpers";
import { adminCookie, bodyOf, cookieFor, ensureAdmin, getRequest, postForm, run } from "./admin-support";

beforeEach(async () => {
  await resetDatabase();
  await ensureAdmin();
});

const article = { title: "Guarded", content: "Body" };
const guard = ({ request }: { request: Request }) => requireAdmin(request);

describe("requireAdmin", () => {
  it("redirects a signed-out request to the login page with the path and query to come back to", async () => {
    const response = await run(guard, getRequest("/admin/dashboard/stats?tab=1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fstats%3Ftab%3D1");
  });

  it("leaves Remix's internal _data and index parameters out of redirectTo", async () => {
    const response = await run(
      guard,
      getRequest("/admin/dashboard/news/new?_data=routes%2Fadmin.dashboard._news.news.new"),
    );
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fnews%2Fnew");
    const plain = await run(guard, getRequest("/admin/dashboard?index&_data=x"));
    expect(plain.headers.get("Location")).toBe("/admin/login");
  });

  it("treats expired, revoked and other-kind sessions as signed out and clears the cookie", async () => {
    const user = await ensureAdmin();
    const expired = await createSession(getDb(), user.id, "web", new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
    const revoked = await createSession(getDb(), user.id, "web");
    await deleteSession(getDb(), revoked.token);
    const apiToken = await createSession(getDb(), user.id, "api");
    for (const token of [expired.token, revoked.token, apiToken.token]) {
      const response = await run(guard, getRequest("/admin/dashboard", { cookie: await cookieFor(token) }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/login");
      expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/);
    }
  });

  it("ends web sessions when the password changes", async () => {
    const { cookie, user } = await adminCookie();
    await setUserPassword(getDb(), user.id, "another-password-123");
    expect((await run(guard, getRequest("/admin/dashboard", { cookie }))).status).toBe(302);
  });
});

describe("every admin loader and action guards itself", () => {
  it("redirects signed-out GETs of each dashboard route to the login page", async () => {
    const { id } = await createNews(getDb(), article);
    const cases: [unknown, string, Record<string, string>][] = [
      [dashboard.loader, "/admin/dashboard", {}],
      [newsList.loader, "/admin/dashboard", {}],
      [stats.loader, "/admin/dashboard/stats", {}],
      [newRoute.loader, "/admin/dashboard/news/new", {}],
      [editRoute.loader, `/admin/dashboard/news/${id}/edit`, { id: String(id) }],
      [deleteRoute.loader, `/admin/dashboard/news/${id}/delete`, { id: String(id) }],
    ];
    for (const [loader, path, params] of cases) {
      const response = await run(loader, getRequest(path), params);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login/);
    }
  });

  it("redirects signed-out posts to each action without writing anything", async () => {
    const { id } = await createNews(getDb(), article);
    const fields = { title: "Sneaky", content: "Should not be saved", confirmed: "yes" };
    const cases: [unknown, string, Record<string, string>][] = [
      [newRoute.action, "/admin/dashboard/news/new", {}],
      [editRoute.action, `/admin/dashboard/news/${id}/edit`, { id: String(id) }],
      [deleteRoute.action, `/admin/dashboard/news/${id}/delete`, { id: String(id) }],
    ];
    for (const [action, path, params] of cases) {
      const response = await run(action, postForm(path, fields), params);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const rows = await getDb().selectFrom("news").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(article);
  });

  it("gives a signed-in admin the dashboard with the username", async () => {
    const { cookie } = await adminCookie();
    const response = await run(dashboard.loader, getRequest("/admin/dashboard", { cookie }));
    expect(response.status).toBe(200);
    // The first admin of a fresh install has no e-mail address yet: every staff page asks for one.
    expect(await bodyOf(response)).toEqual({ username: "admin", role: "admin", hasEmail: false });
  });

  it("sends /admin to the dashboard and leaves other admin paths alone", async () => {
    const response = await run(adminLayout.loader, getRequest("/admin"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect((await run(adminLayout.loader, getRequest("/admin/login"))).status).toBe(200);
  });
});

describe("logout", () => {
  it("deletes the session row, clears the cookie and goes to the login page", async () => {
    const { cookie, token } = await adminCookie();
    const response = await run(logoutRoute.action, postForm("/admin/logout", {}, { cookie }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/);
    expect(await getSessionUser(getDb(), token, "web")).toBeNull();
    const rows = await getDb().selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(0);
    // The old cookie no longer opens the dashboard.
    expect((await run(dashboard.loader, getRequest("/admin/dashboard", { cookie }))).status).toBe(302);
  });

  it("does not log out on GET, nor on a cross-site post", async () => {
    const { cookie, token } = await adminCookie();
    const viaGet = await run(logoutRoute.loader, getRequest("/admin/logout", { cookie }));
    expect(viaGet.status).toBe(302);
    const crossSite = await run(
      logoutRoute.action,
      postForm("/admin/logout", {}, { cookie, headers: { "Sec-Fetch-Site": "cross-site" } }),
    );
    expect(crossSite.status).toBe(403);
    expect(await getSessionUser(getDb(), token, "web")).not.toBeNull();
  });

  it("only ends the session it was sent with", async () => {
    const mine = await adminCookie();
    const other = await adminCookie();
    await run(logoutRoute.action, postForm("/admin/logout", {}, { cookie: mine.cookie }));
    expect(await getSessionUser(getDb(), mine.token, "web")).toBeNull();
    expect(await getSessionUser(getDb(), other.token, "web")).not.toBeNull();
  });
});
