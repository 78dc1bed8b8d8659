// The links mailed to staff: one invitation link posted many times at once makes one account
// (the others are told it no longer works, never a 500); a password of only spaces is refused,
// saying why; disabling a person kills their reset link and any invitation waiting for them.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import * as invitationRoute from "~/routes/admin+/invitation.$token";
import * as resetRoute from "~/routes/admin+/reset-password.$token";
import * as memberRoute from "~/routes/admin+/dashboard+/team.$id";
import { staffAccountPages } from "~/content/staff-accounts";
import { requestPasswordReset } from "~/staff/services/password-reset.server";
import { invitePerson } from "~/staff/services/team.server";
import { getRequest, postForm, run } from "./admin-support";
import { resetDatabase } from "./helpers";
import { staffCookie, staffMember } from "./team-support";

beforeEach(async () => {
  await resetDatabase();
});

const NEW_PASSWORD = "a quiet river under snow";

async function lastLink(kind: string, path: "invitation" | "reset-password"): Promise<{ url: string; token: string }> {
  const mail = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = mail.text_body.match(new RegExp(`https?://\\S+(/admin/${path}/([A-Za-z0-9_-]+))`));
  return { url: match![1], token: match![2] };
}

async function invite(email: string) {
  const admin = await staffMember("admin");
  await invitePerson(admin, { name: "Pat Parallel", email, role: "editor" });
  return lastLink("staff-invitation", "invitation");
}

describe("an invitation link posted many times at once", () => {
  it("makes one account; every other post gets 410", async () => {
    const { url, token } = await invite("pat@example.org");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(invitationRoute.action, postForm(url, { username: `pat${i}`, password: NEW_PASSWORD }), { token }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([303, 410, 410, 410, 410, 410, 410, 410]);
    const accounts = await getDb().selectFrom("users").select("email").where("email", "=", "pat@example.org").execute();
    expect(accounts).toHaveLength(1);
  });

  it("with the same username each time: one account, the others 410", async () => {
    const { url, token } = await invite("sam@example.org");
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(invitationRoute.action, postForm(url, { username: "sam", password: NEW_PASSWORD }), { token }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([303, 410, 410, 410, 410, 410, 410, 410]);
  });
});

describe("a password of only spaces", () => {
  it("is refused at the invitation, saying why", async () => {
    const { url, token } = await invite("blank@example.org");
    const response = await run(invitationRoute.action, postForm(url, { username: "blank", password: " ".repeat(12) }), {
      token,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(staffAccountPages.blankPassword);
    expect(await getDb().selectFrom("users").select("id").where("username", "=", "blank").execute()).toEqual([]);
  });

  it("is refused at a reset, saying why; the link still works for a real one", async () => {
    await staffMember("editor");
    await requestPasswordReset("editor@example.org", postForm("/admin/forgot-password", {}), { minMs: 0 });
    const { url, token } = await lastLink("staff-password-reset", "reset-password");
    const blank = await run(resetRoute.action, postForm(url, { password: " \t".repeat(8) }), { token });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain(staffAccountPages.blankPassword);
    const spaced = await run(resetRoute.action, postForm(url, { password: `  ${NEW_PASSWORD}  ` }), { token });
    expect(spaced.status).toBe(303);
  });
});

describe("disabling a person", () => {
  it("deletes their reset link, so it does not work after they are enabled again", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const cookie = await staffCookie(admin);
    await requestPasswordReset("editor@example.org", postForm("/admin/forgot-password", {}), { minMs: 0 });
    const { url, token } = await lastLink("staff-password-reset", "reset-password");
    // A waiting invitation to the same address (sent before the account had it, say) goes too.
    await getDb().updateTable("users").set({ email: null }).where("id", "=", editor.id).execute();
    const invitation = await invite("editor@example.org");
    await getDb().updateTable("users").set({ email: "editor@example.org" }).where("id", "=", editor.id).execute();

    const member = `/admin/dashboard/team/${editor.id}`;
    const disabled = await run(
      memberRoute.action,
      postForm(member, { intent: "disable", confirmed: "yes" }, { cookie }),
      {
        id: String(editor.id),
      },
    );
    expect(disabled.status).toBeLessThan(400);
    const enabled = await run(memberRoute.action, postForm(member, { intent: "enable" }, { cookie }), {
      id: String(editor.id),
    });
    expect(enabled.status).toBeLessThan(400);
    expect(
      await getDb().selectFrom("users").select("status").where("id", "=", editor.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: "active" });

    expect((await run(resetRoute.loader, getRequest(url), { token })).status).toBe(410);
    expect((await run(resetRoute.action, postForm(url, { password: NEW_PASSWORD }), { token })).status).toBe(410);
    expect(await getDb().selectFrom("password_resets").select("user_id").execute()).toEqual([]);
    expect((await run(invitationRoute.loader, getRequest(invitation.url), { token: invitation.token })).status).toBe(
      410,
    );
  });
});
