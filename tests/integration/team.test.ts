// The staff team (docs/team.md): invitations and password resets are single-use, hashed and
// expire; the last active admin cannot be disabled or demoted, nor can anyone act on
// themselves; disabling ends sessions and API tokens at once; a TOTP code is accepted once.
import { generateTOTP } from "@epic-web/totp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { verifyPassword } from "~/infra/password.server";
import { getSessionUser } from "~/staff/models/session.server";
import { hashToken } from "~/infra/secret-token.server";
import { getUserByUsername } from "~/staff/models/user.server";
import * as forgotRoute from "~/routes/admin+/forgot-password";
import * as invitationRoute from "~/routes/admin+/invitation.$token";
import * as codeRoute from "~/routes/admin+/login_.code";
import * as loginRoute from "~/routes/admin+/login";
import * as resetRoute from "~/routes/admin+/reset-password.$token";
import * as accountRoute from "~/routes/admin+/dashboard+/account._index";
import * as mailMessage from "~/routes/admin+/dashboard+/mail.$id";
import * as memberRoute from "~/routes/admin+/dashboard+/team.$id";
import * as teamRoute from "~/routes/admin+/dashboard+/team._index";
import * as inviteRoute from "~/routes/admin+/dashboard+/team.invite";
import * as verifyRoute from "~/routes/api+/auth.verify";
import { requestPasswordReset } from "~/staff/services/password-reset.server";
import { acceptInvitation, invitePerson, INVITATION_TTL_MS } from "~/staff/services/team.server";
import { beginTwoStepSetup, confirmTwoStep, resetTwoStep, verifySecondFactor } from "~/staff/services/two-step.server";
import { resetSecondFactor } from "../../scripts/admin-password";
import { apiRequest, call } from "./api-support";
import { getRequest, postForm, run, tokenFromSetCookie } from "./admin-support";
import { resetDatabase } from "./helpers";
import { STAFF_PASSWORD, staffCookie, staffMember, staffToken } from "./team-support";

beforeEach(async () => {
  await resetDatabase();
});

async function lastMail(kind: string) {
  const row = await getDb()
    .selectFrom("outbox")
    .selectAll()
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) throw new Error(`no ${kind} mail`);
  return row;
}

function linkIn(text: string, path: "invitation" | "reset-password"): { url: string; token: string } {
  const match = text.match(new RegExp(`https?://\\S+/admin/${path}/([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return { url: new URL(match[0]).pathname, token: match[1] };
}

const NEW_PASSWORD = "a quiet river under snow";

describe("invitations", () => {
  it("an admin invites an editor by e-mail; the link works once and creates the account", async () => {
    const admin = await staffMember("admin");
    const cookie = await staffCookie(admin);
    const invite = await run(
      inviteRoute.action,
      postForm(
        "/admin/dashboard/team/invite",
        { name: "Ella Editor", email: "Ella@Example.org", role: "editor" },
        { cookie },
      ),
    );
    expect(invite.status).toBe(303);
    expect(invite.headers.get("Location")).toBe("/admin/dashboard/team");

    const mail = await lastMail("staff-invitation");
    expect(mail.to_address).toBe("Ella@Example.org");
    expect(mail.subject).toMatch(/invited/);
    expect(mail.html_body).toContain("/admin/invitation/");
    const { url, token } = linkIn(mail.text_body, "invitation");
    // Stored hashed only.
    const stored = await getDb().selectFrom("invitations").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    // The mail log does not show the link.
    const shown = await run(mailMessage.loader, getRequest(`/admin/dashboard/mail/${mail.id}`, { cookie }), {
      id: String(mail.id),
    });
    const shownText = JSON.stringify(await shown.json());
    expect(shownText).not.toContain(token);
    expect(shownText).toContain("/admin/invitation/[link withheld]");

    // The team list shows the invitation waiting.
    const team = await (await run(teamRoute.loader, getRequest("/admin/dashboard/team", { cookie }))).json();
    expect(team.invitations).toMatchObject([{ name: "Ella Editor", role: "editor", expired: false }]);

    const page = await run(invitationRoute.loader, getRequest(url), { token });
    expect(page.status).toBe(200);
    const accepted = await run(invitationRoute.action, postForm(url, { username: "ella", password: NEW_PASSWORD }), {
      token,
    });
    expect(accepted.status).toBe(303);
    const sessionToken = await tokenFromSetCookie(accepted.headers.get("Set-Cookie"));
    const user = await getSessionUser(getDb(), sessionToken!, "web");
    expect(user).toMatchObject({ username: "ella", role: "editor", email: "Ella@Example.org", name: "Ella Editor" });

    // Used: the same link no longer works.
    expect((await run(invitationRoute.loader, getRequest(url), { token })).status).toBe(410);
    const again = await run(invitationRoute.action, postForm(url, { username: "ella2", password: NEW_PASSWORD }), {
      token,
    });
    expect(again.status).toBe(410);
    expect(await getUserByUsername(getDb(), "ella2")).toBeUndefined();
  });

  it("expires after 72 hours", async () => {
    const admin = await staffMember("admin");
    const sent = new Date(Date.now() - INVITATION_TTL_MS - 1000);
    await invitePerson(admin, { name: "Late Person", email: "late@example.org", role: "fundraising" }, sent);
    const { token } = linkIn((await lastMail("staff-invitation")).text_body, "invitation");
    await expect(acceptInvitation(token, { username: "late", password: NEW_PASSWORD })).rejects.toMatchObject({
      status: 410,
    });
    // Just inside the 72 hours it still works.
    await invitePerson(
      admin,
      { name: "On Time", email: "ontime@example.org", role: "fundraising" },
      new Date(Date.now() - INVITATION_TTL_MS + 60_000),
    );
    const fresh = linkIn((await lastMail("staff-invitation")).text_body, "invitation");
    expect(await acceptInvitation(fresh.token, { username: "ontime", password: NEW_PASSWORD })).toMatchObject({
      username: "ontime",
    });
  });

  it("resending replaces the link; withdrawing stops it", async () => {
    const admin = await staffMember("admin");
    const cookie = await staffCookie(admin);
    await invitePerson(admin, { name: "Rene Resend", email: "rene@example.org", role: "editor" });
    const first = linkIn((await lastMail("staff-invitation")).text_body, "invitation");
    const { id } = await getDb().selectFrom("invitations").select("id").executeTakeFirstOrThrow();
    const resent = await run(
      teamRoute.action,
      postForm("/admin/dashboard/team", { intent: "resend", invitation: String(id) }, { cookie }),
    );
    expect(resent.status).toBe(200);
    const second = linkIn((await lastMail("staff-invitation")).text_body, "invitation");
    expect(second.token).not.toBe(first.token);
    expect((await run(invitationRoute.loader, getRequest(first.url), { token: first.token })).status).toBe(410);
    expect((await run(invitationRoute.loader, getRequest(second.url), { token: second.token })).status).toBe(200);
    const withdrawn = await run(
      teamRoute.action,
      postForm("/admin/dashboard/team", { intent: "withdraw", invitation: String(id) }, { cookie }),
    );
    expect(withdrawn.status).toBe(200);
    expect((await run(invitationRoute.loader, getRequest(second.url), { token: second.token })).status).toBe(410);
  });

  it("refuses a short or common password and a username taken in another case, keeping the link", async () => {
    const admin = await staffMember("admin");
    await invitePerson(admin, { name: "Pat Person", email: "pat@example.org", role: "editor" });
    const { url, token } = linkIn((await lastMail("staff-invitation")).text_body, "invitation");
    const short = await run(invitationRoute.action, postForm(url, { username: "pat", password: "eleven-char" }), {
      token,
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain("at least 12 characters");
    const common = await run(invitationRoute.action, postForm(url, { username: "pat", password: "Password1234" }), {
      token,
    });
    expect(common.status).toBe(400);
    expect(JSON.stringify(await common.json())).toContain("too common");
    const taken = await run(
      invitationRoute.action,
      postForm(url, { username: "ADMIN-person", password: NEW_PASSWORD }),
      {
        token,
      },
    );
    expect(taken.status).toBe(409);
    const ok = await run(invitationRoute.action, postForm(url, { username: "pat", password: NEW_PASSWORD }), { token });
    expect(ok.status).toBe(303);
  });

  it("refuses an address someone in the team already has, with a message", async () => {
    const admin = await staffMember("admin");
    const cookie = await staffCookie(admin);
    await staffMember("editor");
    const response = await run(
      inviteRoute.action,
      postForm(
        "/admin/dashboard/team/invite",
        { name: "Twice", email: "EDITOR@example.org", role: "editor" },
        { cookie },
      ),
    );
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain("already has this e-mail address");
  });
});

describe("the last admin and oneself", () => {
  it("nobody disables or demotes the last active admin, nor themselves", async () => {
    const admin = await staffMember("admin");
    const cookie = await staffCookie(admin);
    const self = (intent: Record<string, string>) =>
      run(memberRoute.action, postForm(`/admin/dashboard/team/${admin.id}`, intent, { cookie }), {
        id: String(admin.id),
      });
    const disable = await self({ intent: "disable", confirmed: "yes" });
    expect(disable.status).toBe(409);
    expect((await disable.json()).notice.message).toBe("You cannot disable your own account.");
    expect((await self({ intent: "role", role: "editor" })).status).toBe(409);

    // A second admin may not remove the first while the first is the last active admin... once
    // there are two, one can go; then the remaining one is protected.
    const second = await staffMember("fundraising");
    const promote = await run(
      memberRoute.action,
      postForm(`/admin/dashboard/team/${second.id}`, { intent: "role", role: "admin" }, { cookie }),
      { id: String(second.id) },
    );
    expect(promote.status).toBe(200);
    const secondCookie = await staffCookie({ ...second, role: "admin" });
    const demoteFirst = await run(
      memberRoute.action,
      postForm(`/admin/dashboard/team/${admin.id}`, { intent: "role", role: "editor" }, { cookie: secondCookie }),
      { id: String(admin.id) },
    );
    expect(demoteFirst.status).toBe(200);
    // Now `second` is the last active admin: the demoted first cannot touch it (no longer admin: 403).
    const refused = await run(
      memberRoute.action,
      postForm(`/admin/dashboard/team/${second.id}`, { intent: "disable", confirmed: "yes" }, { cookie }),
      { id: String(second.id) },
    );
    expect(refused.status).toBe(403);
    const roleChanged = await lastMail("staff-role-changed");
    expect(roleChanged.to_address).toBe("admin@example.org");
    expect(roleChanged.text_body).toContain("Editor");
  });

  it("the last-admin guard holds for another admin acting too", async () => {
    const admin = await staffMember("admin");
    const other = await staffMember("editor");
    const { changeRole, setMemberStatus } = await import("~/staff/services/team.server");
    // `other` acts as an admin in the service (the route would refuse them; the rule must hold anyway).
    await expect(setMemberStatus({ ...other, role: "admin" }, admin.id, "disabled")).rejects.toMatchObject({
      status: 409,
      message: "This is the last active admin: make someone else an admin first.",
    });
    await expect(changeRole({ ...other, role: "admin" }, admin.id, "fundraising")).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("disabling a person", () => {
  it("asks first: a post nobody confirmed (no JavaScript) gets the question and disables no one", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const asked = await run(
      memberRoute.action,
      postForm(`/admin/dashboard/team/${editor.id}`, { intent: "disable" }, { cookie: await staffCookie(admin) }),
      { id: String(editor.id) },
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ confirmDisable: true });
    const row = await getDb()
      .selectFrom("users")
      .select("status")
      .where("id", "=", editor.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
  });

  it("ends their browser session and API token on the next request; enabling lets them sign in again", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const editorCookie = await staffCookie(editor);
    const editorToken = await staffToken(editor);
    expect((await call(verifyRoute, apiRequest("/api/auth/verify", { token: editorToken }))).status).toBe(200);

    const response = await run(
      memberRoute.action,
      postForm(
        `/admin/dashboard/team/${editor.id}`,
        { intent: "disable", confirmed: "yes" },
        { cookie: await staffCookie(admin) },
      ),
      { id: String(editor.id) },
    );
    expect(response.status).toBe(200);

    const page = await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: editorCookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await call(verifyRoute, apiRequest("/api/auth/verify", { token: editorToken }))).status).toBe(401);
    // A disabled person cannot sign in, even with the right password.
    const signIn = await run(
      loginRoute.action,
      postForm("/admin/login", { username: "editor-person", password: STAFF_PASSWORD }),
    );
    expect(signIn.status).toBe(401);

    await run(
      memberRoute.action,
      postForm(`/admin/dashboard/team/${editor.id}`, { intent: "enable" }, { cookie: await staffCookie(admin) }),
      { id: String(editor.id) },
    );
    const back = await run(
      loginRoute.action,
      postForm("/admin/login", { username: "Editor-Person", password: STAFF_PASSWORD }),
    );
    expect(back.status).toBe(303);
  });
});

describe("forgotten password", () => {
  it("answers the same for an unknown and a known address; the link works once and ends other sessions", async () => {
    const editor = await staffMember("editor");
    const otherSession = await staffCookie(editor);
    const otherToken = await staffToken(editor);

    const unknown = await run(forgotRoute.action, postForm("/admin/forgot-password", { email: "nobody@example.org" }));
    const known = await run(forgotRoute.action, postForm("/admin/forgot-password", { email: "Editor@Example.org" }));
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());

    const mail = await lastMail("staff-password-reset");
    expect(mail.to_address).toBe("editor@example.org");
    const { url, token } = linkIn(mail.text_body, "reset-password");
    expect(await getDb().selectFrom("password_resets").select("token_hash").executeTakeFirstOrThrow()).toEqual({
      token_hash: hashToken(token),
    });

    expect((await run(resetRoute.loader, getRequest(url), { token })).status).toBe(200);
    const common = await run(resetRoute.action, postForm(url, { password: "qwertyuiop123" }), { token });
    expect(common.status).toBe(400);
    const done = await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token });
    expect(done.status).toBe(303);
    const row = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", editor.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(NEW_PASSWORD, row.password_hash)).toBe(true);
    // Other sessions and API tokens ended; this browser is signed in afresh.
    expect(
      (await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: otherSession }))).status,
    ).toBe(302);
    expect((await call(verifyRoute, apiRequest("/api/auth/verify", { token: otherToken }))).status).toBe(401);
    expect(await tokenFromSetCookie(done.headers.get("Set-Cookie"))).toBeTruthy();
    // Single use.
    expect((await run(resetRoute.loader, getRequest(url), { token })).status).toBe(410);
    expect(
      (await run(resetRoute.action, postForm(url, { password: "another long passphrase" }), { token })).status,
    ).toBe(410);
    expect((await lastMail("staff-password-changed")).to_address).toBe("editor@example.org");
  });

  it("a link expires after one hour", async () => {
    await staffMember("editor");
    const request = postForm("/admin/forgot-password", { email: "editor@example.org" });
    await requestPasswordReset("editor@example.org", request, { minMs: 0, now: new Date(Date.now() - 61 * 60 * 1000) });
    const { url, token } = linkIn((await lastMail("staff-password-reset")).text_body, "reset-password");
    expect((await run(resetRoute.loader, getRequest(url), { token })).status).toBe(410);
    expect((await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token })).status).toBe(410);
  });

  it("takes as long for an unknown address as for a known one, and is throttled like sign-in", async () => {
    await staffMember("editor");
    const time = async (email: string) => {
      const started = Date.now();
      await requestPasswordReset(email, postForm("/admin/forgot-password", { email }));
      return Date.now() - started;
    };
    const unknownMs = await time("unknown@example.org");
    const knownMs = await time("editor@example.org");
    expect(unknownMs).toBeGreaterThanOrEqual(395);
    expect(knownMs).toBeGreaterThanOrEqual(395);
    for (let i = 0; i < 5; i++) {
      await requestPasswordReset("spam@example.org", postForm("/admin/forgot-password", {}), { minMs: 0 });
    }
    const refused = await run(forgotRoute.action, postForm("/admin/forgot-password", { email: "spam@example.org" }));
    expect(refused.status).toBe(429);
  });
});

describe("two-step sign-in", () => {
  it("is set up with a code, then signing in asks for a code, and each code works once", async () => {
    const editor = await staffMember("editor");
    const setup = await beginTwoStepSetup(editor);
    expect(setup!.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup!.qrSvg).toMatch(/^<svg/);
    const { otp } = await generateTOTP({ secret: setup!.secret, period: 30 });
    const codes = await confirmTwoStep(editor, otp);
    expect(codes).toHaveLength(10);
    // The confirming code cannot be used again (replay).
    expect(await verifySecondFactor(editor.id, otp)).toEqual({ ok: false });

    // Password right: a pending state, not a session.
    const signIn = await run(
      loginRoute.action,
      postForm("/admin/login", { username: "editor-person", password: STAFF_PASSWORD }),
    );
    expect(signIn.status, await signIn.clone().text()).toBe(303);
    expect(signIn.headers.get("Location")).toBe("/admin/login/code");
    const pendingCookie = signIn.headers.get("Set-Cookie")!.split(";")[0];
    const notYet = await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: pendingCookie }));
    expect(notYet.status).toBe(302);

    const wrong = await run(
      codeRoute.action,
      postForm("/admin/login/code", { code: "000000" }, { cookie: pendingCookie }),
    );
    expect(wrong.status).toBe(401);
    // A recovery code works once.
    const recovery = await run(
      codeRoute.action,
      postForm("/admin/login/code", { code: codes![0] }, { cookie: pendingCookie }),
    );
    expect(recovery.status).toBe(303);
    const session = await tokenFromSetCookie(recovery.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), session!, "web")).toMatchObject({ username: "editor-person" });
    expect(await verifySecondFactor(editor.id, codes![0])).toEqual({ ok: false });
    expect(await verifySecondFactor(editor.id, codes![1].toUpperCase())).toEqual({ ok: true, via: "recovery-code" });
  });

  it("an admin can require it: a person without it is sent to set it up first", async () => {
    const admin = await staffMember("admin");
    const adminCookie = await staffCookie(admin);
    await run(
      teamRoute.action,
      postForm("/admin/dashboard/team", { intent: "require-two-step" }, { cookie: adminCookie }),
    );
    const editor = await staffMember("editor");
    const editorCookie = await staffCookie(editor);
    const news = await import("~/routes/admin+/dashboard+/news");
    const response = await run(news.loader, getRequest("/admin/dashboard/news", { cookie: editorCookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/account/two-step");
    // The account pages stay open so it can be set up.
    expect(
      (await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: editorCookie }))).status,
    ).toBe(200);
  });

  it("an admin (or the operator) can reset another person's second factor: audited, and the person is told", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const setup = await beginTwoStepSetup(editor);
    await confirmTwoStep(editor, (await generateTOTP({ secret: setup!.secret })).otp);
    const response = await run(
      memberRoute.action,
      postForm(
        `/admin/dashboard/team/${editor.id}`,
        { intent: "reset-two-step" },
        { cookie: await staffCookie(admin) },
      ),
      { id: String(editor.id) },
    );
    expect(response.status).toBe(200);
    const signIn = await run(
      loginRoute.action,
      postForm("/admin/login", { username: "editor-person", password: STAFF_PASSWORD }),
    );
    expect(signIn.headers.get("Location")).toBe("/admin/dashboard");
    expect((await lastMail("staff-two-step-reset")).to_address).toBe("editor@example.org");
    const audit = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "two-step.reset")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: "admin-person", actor_id: admin.id, entity_id: editor.id });

    // The operator's way: npm run admin:password -- --reset-2fa
    const again = await beginTwoStepSetup(editor);
    await confirmTwoStep(editor, (await generateTOTP({ secret: again!.secret })).otp);
    await resetSecondFactor(getDb(), "EDITOR-person");
    expect(
      (
        await getDb()
          .selectFrom("users")
          .select("totp_enabled_at")
          .where("id", "=", editor.id)
          .executeTakeFirstOrThrow()
      ).totp_enabled_at,
    ).toBeNull();
    expect(await resetTwoStep(999999, null)).toBe(false);
  });
});

describe("accountability", () => {
  it("sign-ins, failed sign-ins and news changes are recorded with the person; the team page lists their actions", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    await run(loginRoute.action, postForm("/admin/login", { username: "editor-person", password: "wrong password!" }));
    await run(loginRoute.action, postForm("/admin/login", { username: "editor-person", password: STAFF_PASSWORD }));
    const newArticle = await import("~/routes/admin+/dashboard+/news.new");
    const created = await run(
      newArticle.action,
      postForm(
        "/admin/dashboard/news/new",
        { title: "By the editor", content: "Body", status: "published" },
        { cookie: await staffCookie(editor) },
      ),
    );
    expect(created.status).toBe(303);
    const article = await getDb()
      .selectFrom("news")
      .select("id")
      .where("title", "=", "By the editor")
      .executeTakeFirstOrThrow();
    const { articleHistory } = await import("~/publishing/services/news.server");
    expect(await articleHistory(article.id)).toMatchObject([
      { action: "news.created", actor: "editor-person", actorId: editor.id },
    ]);

    const detail = await run(
      memberRoute.loader,
      getRequest(`/admin/dashboard/team/${editor.id}`, { cookie: await staffCookie(admin) }),
      { id: String(editor.id) },
    );
    const { actions } = await detail.json();
    expect(actions.map((event: { action: string }) => event.action)).toEqual(["news.created", "sign-in"]);
    const failed = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "sign-in.failed")
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ actor: "anonymous", actor_id: null });
  });

  it("a sign-in is notified to the person by e-mail (device and time); an account without an address gets none", async () => {
    await staffMember("editor");
    const signedIn = await run(
      loginRoute.action,
      postForm(
        "/admin/login",
        { username: "editor-person", password: STAFF_PASSWORD },
        { headers: { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0" } },
      ),
    );
    expect(signedIn.status).toBe(303);
    const notice = await lastMail("staff-sign-in");
    expect(notice.to_address).toBe("editor@example.org");
    expect(notice.subject).toMatch(/^New sign-in to your account/);
    expect(notice.text_body).toContain("browser, Firefox on Windows");
    expect(notice.text_body).toMatch(/signed in on \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}/);

    const { createUser } = await import("~/staff/models/user.server");
    await createUser(getDb(), "no-address", STAFF_PASSWORD);
    const before = await getDb().selectFrom("outbox").select("id").where("kind", "=", "staff-sign-in").execute();
    await run(loginRoute.action, postForm("/admin/login", { username: "no-address", password: STAFF_PASSWORD }));
    const after = await getDb().selectFrom("outbox").select("id").where("kind", "=", "staff-sign-in").execute();
    expect(after).toHaveLength(before.length);
  });

  it("each person sees their sessions and can end one or all others", async () => {
    const editor = await staffMember("editor");
    const current = await staffCookie(editor);
    const other = await staffCookie(editor);
    const page = await (
      await run(
        accountRoute.loader,
        getRequest("/admin/dashboard/account", { cookie: current, headers: { "User-Agent": "x" } }),
      )
    ).json();
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const otherId = page.sessions.find((s: { current: boolean }) => !s.current).id;
    const ended = await run(
      accountRoute.action,
      postForm("/admin/dashboard/account", { intent: "end", session: otherId }, { cookie: current }),
    );
    expect(ended.status).toBe(200);
    expect((await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: other }))).status).toBe(
      302,
    );
    await staffToken(editor);
    const all = await run(
      accountRoute.action,
      postForm("/admin/dashboard/account", { intent: "end-others" }, { cookie: current }),
    );
    expect((await all.json()).notice.message).toBe("1 other session ended.");
    expect((await run(accountRoute.loader, getRequest("/admin/dashboard/account", { cookie: current }))).status).toBe(
      200,
    );
  });

  it("a browser session ends after 12 hours without use", async () => {
    const editor = await staffMember("editor");
    const { createSession } = await import("~/staff/models/session.server");
    const { token } = await createSession(getDb(), editor.id, "web", new Date(Date.now() - 13 * 60 * 60 * 1000));
    expect(await getSessionUser(getDb(), token, "web")).toBeNull();
    const recent = await createSession(getDb(), editor.id, "web", new Date(Date.now() - 11 * 60 * 60 * 1000));
    expect(await getSessionUser(getDb(), recent.token, "web")).toMatchObject({ id: editor.id });
  });
});

describe("the API and two-step sign-in", () => {
  it("a person with a second factor gets a token only with a right code, each code once", async () => {
    const loginRoute = await import("~/routes/api+/auth.login");
    const editor = await staffMember("editor");
    const setup = await beginTwoStepSetup(editor);
    const recovery = await confirmTwoStep(editor, (await generateTOTP({ secret: setup!.secret })).otp);
    const noCode = await call(
      loginRoute,
      apiRequest("/api/auth/login", { method: "POST", json: { username: "editor-person", password: STAFF_PASSWORD } }),
    );
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toMatchObject({ success: false, two_step: true });
    const codes = await getDb().selectFrom("recovery_codes").select("id").where("user_id", "=", editor.id).execute();
    expect(codes).toHaveLength(10);
    const wrong = await call(
      loginRoute,
      apiRequest("/api/auth/login", {
        method: "POST",
        json: { username: "editor-person", password: STAFF_PASSWORD, code: "123456" },
      }),
    );
    expect(wrong.status).toBe(401);
    // The code of the current step was spent confirming the setup; the next step's is accepted.
    const next = await generateTOTP({ secret: setup!.secret });
    const replay = await call(
      loginRoute,
      apiRequest("/api/auth/login", {
        method: "POST",
        json: { username: "editor-person", password: STAFF_PASSWORD, code: next.otp },
      }),
    );
    expect(replay.status).toBe(401);
    const right = await call(
      loginRoute,
      apiRequest("/api/auth/login", {
        method: "POST",
        json: { username: "editor-person", password: STAFF_PASSWORD, code: recovery![3] },
      }),
    );
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ success: true, user: { role: "editor" } });
  });
});
