// Each person's own account: their name, their e-mail address (confirmed by a single-use link
// sent to the new address, stored hashed) and their password (the current one required; every
// other session ends). A person without an address is asked for one on every staff page.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { createSession, getSessionUser } from "~/staff/models/session.server";
import { hashToken } from "~/infra/secret-token.server";
import { getUserById, verifyLogin } from "~/staff/models/user.server";
import * as confirmRoute from "~/routes/admin+/confirm-email.$token";
import * as accountRoute from "~/routes/admin+/dashboard+/account._index";
import * as layoutRoute from "~/routes/admin+/dashboard+/_layout";
import { requestPasswordReset } from "~/staff/services/password-reset.server";
import { withholdSecretLinks } from "~/utils/secret-links";
import { getRequest, postForm, run, tokenFromSetCookie } from "./admin-support";
import { formRequest, resetDatabase } from "./helpers";
import { STAFF_PASSWORD, staffCookie, staffMember } from "./team-support";

beforeEach(async () => {
  await resetDatabase();
});

const ACCOUNT = "/admin/dashboard/account";

async function mailsTo(to: string) {
  return getDb().selectFrom("outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
}

function confirmLink(text: string): { url: string; token: string } {
  const match = text.match(/https?:\/\/\S+(\/admin\/confirm-email\/([A-Za-z0-9_-]+))/);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return { url: match[1], token: match[2] };
}

describe("Your account", () => {
  it("changes the person's own name", async () => {
    const person = await staffMember("editor");
    const response = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "name", name: "  Edna Editor " }, { cookie: await staffCookie(person) }),
    );
    expect(response.status).toBe(200);
    expect((await getUserById(getDb(), person.id))?.name).toBe("Edna Editor");

    const empty = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "name", name: "" }, { cookie: await staffCookie(person) }),
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.name).toEqual(["Name is required"]);
  });

  it("changes the e-mail address only through a single-use link sent to the new address, which resets then reach", async () => {
    const person = await staffMember("admin");
    const cookie = await staffCookie(person);
    const asked = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "email", email: "new.home@example.org" }, { cookie }),
    );
    expect(asked.status).toBe(200);
    // Not changed yet: the address must prove it is theirs.
    expect((await getUserById(getDb(), person.id))?.email).toBe("admin@example.org");
    const [mail] = await mailsTo("new.home@example.org");
    expect(mail.kind).toBe("staff-email-change");
    const { url, token } = confirmLink(mail.text_body);
    const stored = await getDb().selectFrom("email_changes").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Staff reading the mail log cannot use it.
    expect(withholdSecretLinks(mail.text_body)).toContain("/admin/confirm-email/[link withheld]");
    expect(withholdSecretLinks(mail.text_body)).not.toContain(token);

    // Opening the link changes nothing (mail scanners open links); the button does.
    expect((await run(confirmRoute.loader, getRequest(url), { token })).status).toBe(200);
    expect((await getUserById(getDb(), person.id))?.email).toBe("admin@example.org");
    const confirmed = await run(confirmRoute.action, postForm(url, {}), { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ok: true, email: "new.home@example.org" });
    expect((await getUserById(getDb(), person.id))?.email).toBe("new.home@example.org");
    // The old address is told.
    expect((await mailsTo("admin@example.org")).map((m) => m.kind)).toContain("staff-email-changed");

    // Once only.
    expect((await run(confirmRoute.loader, getRequest(url), { token })).status).toBe(410);
    expect((await run(confirmRoute.action, postForm(url, {}), { token })).status).toBe(410);

    // "Forgot your password?" now reaches the new address.
    const reset = formRequest("http://localhost/admin/forgot-password", { email: "new.home@example.org" });
    await requestPasswordReset("new.home@example.org", reset, { minMs: 0 });
    expect((await mailsTo("new.home@example.org")).map((m) => m.kind)).toContain("staff-password-reset");
  });

  it("refuses an address someone in the team already has", async () => {
    const person = await staffMember("editor");
    await staffMember("fundraising");
    const response = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "email", email: "Fundraising@example.org" }, { cookie: await staffCookie(person) }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).result.error.email).toEqual([
      "Someone in the team already has this e-mail address.",
    ]);
    expect(await mailsTo("Fundraising@example.org")).toEqual([]);
  });

  it("changes the password with the current one, ending every other session but keeping this browser signed in", async () => {
    const person = await staffMember("fundraising");
    const cookie = await staffCookie(person);
    const other = await createSession(getDb(), person.id, "web");
    const newPassword = "a brand new river of words";

    const wrong = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "password", current: "not-the-password", password: newPassword }, { cookie }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).result.error.current).toEqual(["The current password is not right"]);
    expect(await verifyLogin(getDb(), person.username, STAFF_PASSWORD)).not.toBeNull();

    const changed = await run(
      accountRoute.action,
      postForm(ACCOUNT, { intent: "password", current: STAFF_PASSWORD, password: newPassword }, { cookie }),
    );
    expect(changed.status).toBe(200);
    expect(await verifyLogin(getDb(), person.username, newPassword)).not.toBeNull();
    expect(await verifyLogin(getDb(), person.username, STAFF_PASSWORD)).toBeNull();
    expect(await getSessionUser(getDb(), other.token, "web")).toBeNull();
    const renewed = await tokenFromSetCookie(changed.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), renewed!, "web")).toMatchObject({ id: person.id });
    expect((await mailsTo(person.email!)).map((m) => m.kind)).toContain("staff-password-changed");
  });

  it("asks a person without an e-mail address for one on every staff page until they have one", async () => {
    const person = await staffMember("admin");
    const cookie = await staffCookie(person);
    const withEmail = await (await run(layoutRoute.loader, getRequest("/admin/dashboard", { cookie }))).json();
    expect(withEmail.hasEmail).toBe(true);
    await getDb().updateTable("users").set({ email: null }).where("id", "=", person.id).execute();
    const without = await (await run(layoutRoute.loader, getRequest("/admin/dashboard", { cookie }))).json();
    expect(without.hasEmail).toBe(false);
  });
});
