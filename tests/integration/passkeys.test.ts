// Staff passkeys through the routes, with real WebAuthn answers made by a software authenticator
// (passkey-support.ts): adding, naming and removing one (audited, e-mailed), signing in with one
// alone, and every refusal the server owes: a challenge used twice or never handed out, another
// origin or relying party, a counter that does not move forward, a passkey of another person, a
// removed passkey. A passkey counts as two-step sign-in when the team requires it.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { setClock } from "~/infra/clock.server";
import { getSessionUser } from "~/staff/models/session.server";
import { forgetCachedSettingRows, storeSettingSwitch } from "~/site/services/charity-settings.server";
import { getTeamMember } from "~/staff/models/user.server";
import * as accountRoute from "~/routes/admin+/dashboard+/account._index";
import * as layoutRoute from "~/routes/admin+/dashboard+/_layout";
import * as loginRoute from "~/routes/admin+/login";
import * as codeRoute from "~/routes/admin+/login_.code";
import * as apiLogin from "~/routes/api+/auth.login";
import * as memberRoute from "~/routes/admin+/dashboard+/team.$id";
import { relyingParty } from "~/staff/services/passkeys.server";
import { resetTwoStep } from "~/staff/services/two-step.server";
import { BASE, getRequest, postForm, run, tokenFromSetCookie } from "./admin-support";
import { resetDatabase } from "./helpers";
import { SoftAuthenticator } from "./passkey-support";
import { STAFF_PASSWORD, staffCookie, staffMember, staffToken } from "./team-support";

beforeEach(async () => {
  setClock(null);
  await resetDatabase();
});

const ACCOUNT = "/admin/dashboard/account";
const LOGIN = "/admin/login";

function newAuthenticator(): SoftAuthenticator {
  const rp = relyingParty();
  return new SoftAuthenticator(rp.id, rp.origin);
}

async function accountPost(cookie: string, fields: Record<string, string>) {
  return run(accountRoute.action, postForm(ACCOUNT, fields, { cookie }));
}

/** Adds a passkey to the person signed in with `cookie`: options, the authenticator's answer, the post. */
async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = "Work laptop") {
  const options = await (await accountPost(cookie, { intent: "passkey-options" })).json();
  const answer = authenticator.register(options.passkeyOptions);
  return accountPost(cookie, { intent: "passkey", name, credential: JSON.stringify(answer) });
}

async function signInOptions(): Promise<{ challenge: string }> {
  const reply = await run(loginRoute.action, postForm(LOGIN, { intent: "passkey-options" }));
  expect(reply.status).toBe(200);
  return (await reply.json()).passkeyOptions;
}

const postAnswer = (answer: unknown, cookie?: string) =>
  run(loginRoute.action, postForm(LOGIN, { intent: "passkey", credential: JSON.stringify(answer) }, { cookie }));

async function mailsTo(to: string) {
  return getDb()
    .selectFrom("outbox")
    .select(["kind", "text_body"])
    .where("to_address", "=", to)
    .orderBy("id")
    .execute();
}

async function auditActions(userId: number) {
  const rows = await getDb()
    .selectFrom("audit_events")
    .select(["action", "detail"])
    .where("entity_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows;
}

describe("adding, naming and removing passkeys", () => {
  it("adds a verified passkey, lists it, and audits and e-mails every change", async () => {
    const person = await staffMember("editor");
    const cookie = await staffCookie(person);
    const authenticator = newAuthenticator();
    const added = await addPasskey(cookie, authenticator, "  Work laptop ");
    expect(added.status).toBe(200);
    expect((await added.json()).notice.message).toBe('Passkey "Work laptop" added: you can sign in with it alone.');

    const page = await (await run(accountRoute.loader, getRequest(ACCOUNT, { cookie }))).json();
    expect(page.passkeys).toMatchObject([{ name: "Work laptop", lastUsedAt: null }]);
    const stored = await getDb().selectFrom("passkeys").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: person.id, credential_id: authenticator.id, transports: "internal" });

    const id = String(page.passkeys[0].id);
    expect((await accountPost(cookie, { intent: "passkey-rename", passkey: id, name: "Old laptop" })).status).toBe(200);
    expect((await accountPost(cookie, { intent: "passkey-remove", passkey: id })).status).toBe(200);
    expect(await getDb().selectFrom("passkeys").select("id").execute()).toEqual([]);
    // Gone already: 404, nothing audited or sent.
    expect((await accountPost(cookie, { intent: "passkey-remove", passkey: id })).status).toBe(404);

    expect((await auditActions(person.id)).filter((row) => row.action.startsWith("passkey."))).toEqual([
      { action: "passkey.added", detail: 'Passkey "Work laptop"' },
      { action: "passkey.renamed", detail: 'Passkey "Work laptop" to "Old laptop"' },
      { action: "passkey.removed", detail: 'Passkey "Old laptop"' },
    ]);
    const mails = (await mailsTo("editor@example.org")).filter((mail) => mail.kind === "staff-passkey-changed");
    expect(mails).toHaveLength(3);
    expect(mails[0].text_body).toContain('a passkey named "Work laptop" was added');
    expect(mails[2].text_body).toContain('"Old laptop" was removed');
  });

  it("refuses an answer to a challenge it did not hand out, another person's challenge, a reused one and another origin", async () => {
    const person = await staffMember("editor");
    const other = await staffMember("admin");
    const cookie = await staffCookie(person);
    const authenticator = newAuthenticator();

    const made = authenticator.register({ challenge: "bm90LWhhbmRlZC1vdXQ", user: { id: "eA" } });
    const invented = await accountPost(cookie, { intent: "passkey", credential: JSON.stringify(made) });
    expect(invented.status).toBe(400);

    // A challenge handed to someone else does not add a passkey to this person.
    const othersOptions = await (await accountPost(await staffCookie(other), { intent: "passkey-options" })).json();
    const answer = authenticator.register(othersOptions.passkeyOptions);
    expect((await accountPost(cookie, { intent: "passkey", credential: JSON.stringify(answer) })).status).toBe(400);

    const options = await (await accountPost(cookie, { intent: "passkey-options" })).json();
    const elsewhere = authenticator.register(options.passkeyOptions, { origin: "https://evil.example" });
    expect((await accountPost(cookie, { intent: "passkey", credential: JSON.stringify(elsewhere) })).status).toBe(400);
    // The challenge went with that try: the right answer to it comes too late.
    const right = authenticator.register(options.passkeyOptions);
    expect((await accountPost(cookie, { intent: "passkey", credential: JSON.stringify(right) })).status).toBe(400);

    expect((await accountPost(cookie, { intent: "passkey", credential: "{not json" })).status).toBe(400);
    // A name is held to the text rule of every stored name (no control or bidi characters).
    const fresh = await (await accountPost(cookie, { intent: "passkey-options" })).json();
    const badName = await accountPost(cookie, {
      intent: "passkey",
      name: "Laptop\u202e",
      credential: JSON.stringify(authenticator.register(fresh.passkeyOptions)),
    });
    expect(badName.status).toBe(400);
    expect(await getDb().selectFrom("passkeys").select("id").execute()).toEqual([]);
  });

  it("a challenge expires after five minutes", async () => {
    const person = await staffMember("editor");
    const cookie = await staffCookie(person);
    const authenticator = newAuthenticator();
    const options = await (await accountPost(cookie, { intent: "passkey-options" })).json();
    const later = Date.now() + 5 * 60 * 1000 + 1000;
    setClock(() => later);
    const late = await accountPost(cookie, {
      intent: "passkey",
      credential: JSON.stringify(authenticator.register(options.passkeyOptions)),
    });
    expect(late.status).toBe(400);
    expect((await late.json()).notice.message).toMatch(/expired/);
  });
});

describe("signing in with a passkey alone", () => {
  it("opens the passkey owner's account with no password, shown as a passkey sign-in", async () => {
    const person = await staffMember("editor");
    const authenticator = newAuthenticator();
    await addPasskey(await staffCookie(person), authenticator);

    const signedIn = await postAnswer(authenticator.authenticate(await signInOptions()));
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/admin/dashboard");
    const token = await tokenFromSetCookie(signedIn.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), token!, "web")).toMatchObject({ id: person.id });
    const cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0];
    // Through the staff area's guard, and listed as a passkey sign-in in "Where you are signed in".
    expect((await run(layoutRoute.loader, getRequest("/admin/dashboard", { cookie }))).status).toBe(200);
    const page = await (await run(accountRoute.loader, getRequest(ACCOUNT, { cookie }))).json();
    expect(page.sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ passkey: true });
    expect((await auditActions(person.id)).at(-1)).toEqual({ action: "sign-in", detail: "Passkey" });
    expect((await mailsTo("editor@example.org")).at(-1)?.kind).toBe("staff-sign-in");
  });

  it("refuses a reused answer, a counter that does not move forward, another origin and an unknown passkey", async () => {
    const person = await staffMember("editor");
    const authenticator = newAuthenticator();
    await addPasskey(await staffCookie(person), authenticator);

    const answer = authenticator.authenticate(await signInOptions());
    expect((await postAnswer(answer)).status).toBe(303);
    // The same answer again: its challenge was used up.
    expect((await postAnswer(answer)).status).toBe(400);
    // A signature counter that did not move forward (a cloned authenticator, a replay).
    const cloned = authenticator.authenticate(await signInOptions(), { counter: authenticator.counter });
    expect((await postAnswer(cloned)).status).toBe(401);
    const phished = authenticator.authenticate(await signInOptions(), { origin: "https://charity-login.example" });
    expect((await postAnswer(phished)).status).toBe(401);
    const otherSite = authenticator.authenticate(await signInOptions(), { rpId: "charity-login.example" });
    expect((await postAnswer(otherSite)).status).toBe(401);
    const stranger = newAuthenticator();
    stranger.register({ challenge: "eA", user: { id: "eA" } });
    const unknown = await postAnswer(stranger.authenticate(await signInOptions()));
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).passkeyError).toMatch(/not recognised/);
    expect(await getDb().selectFrom("sessions").select("id").where("via", "=", "passkey").execute()).toHaveLength(1);
  });

  it("a passkey registered for one person never signs in as another", async () => {
    const editor = await staffMember("editor");
    const admin = await staffMember("admin");
    const editorKey = newAuthenticator();
    const adminKey = newAuthenticator();
    await addPasskey(await staffCookie(editor), editorKey);
    await addPasskey(await staffCookie(admin), adminKey);

    // The editor's passkey, claiming the admin's user handle, is refused.
    const claimed = editorKey.authenticate(await signInOptions(), { userHandle: adminKey.userHandle });
    expect((await postAnswer(claimed)).status).toBe(401);
    // A right answer opens only its owner's account.
    const own = await postAnswer(editorKey.authenticate(await signInOptions()));
    const token = await tokenFromSetCookie(own.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), token!, "web")).toMatchObject({ id: editor.id });
  });

  it("a removed passkey and a disabled person's passkey no longer sign in", async () => {
    const person = await staffMember("editor");
    const cookie = await staffCookie(person);
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    const page = await (await run(accountRoute.loader, getRequest(ACCOUNT, { cookie }))).json();
    await accountPost(cookie, { intent: "passkey-remove", passkey: String(page.passkeys[0].id) });
    expect((await postAnswer(authenticator.authenticate(await signInOptions()))).status).toBe(401);

    const other = await staffMember("fundraising");
    const otherKey = newAuthenticator();
    await addPasskey(await staffCookie(other), otherKey);
    await getDb().updateTable("users").set({ status: "disabled" }).where("id", "=", other.id).execute();
    expect((await postAnswer(otherKey.authenticate(await signInOptions()))).status).toBe(401);
  });
});

describe("a passkey counts as two-step sign-in", () => {
  it("when the team requires it: no set-up page for a person with a passkey, their password leads to the passkey step, and the API wants an app code", async () => {
    const person = await staffMember("editor");
    const authenticator = newAuthenticator();
    await addPasskey(await staffCookie(person), authenticator);
    await storeSettingSwitch(getDb(), "requireTwoStep", true, "test");
    forgetCachedSettingRows();

    // Signed in with the passkey: the staff area opens (no "set up two-step" redirect).
    const signedIn = await postAnswer(authenticator.authenticate(await signInOptions()));
    const cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0];
    expect((await run(layoutRoute.loader, getRequest("/admin/dashboard", { cookie }))).status).toBe(200);

    // The password alone does not skip the requirement: the passkey is the second step.
    const password = await run(
      loginRoute.action,
      postForm(LOGIN, { username: "editor-person", password: STAFF_PASSWORD }),
    );
    expect(password.headers.get("Location")).toBe("/admin/login/code");
    const pending = password.headers.get("Set-Cookie")!.split(";")[0];
    const codePage = await (await run(codeRoute.loader, getRequest("/admin/login/code", { cookie: pending }))).json();
    expect(codePage).toEqual({ code: false, passkey: true });
    const optionsReply = await run(
      codeRoute.action,
      postForm("/admin/login/code", { intent: "passkey-options" }, { cookie: pending }),
    );
    const { passkeyOptions } = await optionsReply.json();
    // Only this person's passkeys are asked for, and another person's is refused.
    expect(passkeyOptions.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const done = await run(
      codeRoute.action,
      postForm(
        "/admin/login/code",
        { intent: "passkey", credential: JSON.stringify(authenticator.authenticate(passkeyOptions)) },
        { cookie: pending },
      ),
    );
    expect(done.status).toBe(303);
    const token = await tokenFromSetCookie(done.headers.get("Set-Cookie"));
    expect(await getSessionUser(getDb(), token!, "web")).toMatchObject({ id: person.id });

    // The API's second step is a code from an app: a passkey alone gets no token.
    const api = await run(
      apiLogin.action,
      new Request(`${BASE}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "editor-person", password: STAFF_PASSWORD }),
      }),
    );
    expect(api.status).toBe(403);
  });

  it("at the second step, another person's passkey is refused", async () => {
    const editor = await staffMember("editor");
    const admin = await staffMember("admin");
    const editorKey = newAuthenticator();
    const adminKey = newAuthenticator();
    await addPasskey(await staffCookie(editor), editorKey);
    await addPasskey(await staffCookie(admin), adminKey);
    await storeSettingSwitch(getDb(), "requireTwoStep", true, "test");
    forgetCachedSettingRows();
    const password = await run(
      loginRoute.action,
      postForm(LOGIN, { username: "editor-person", password: STAFF_PASSWORD }),
    );
    const pending = password.headers.get("Set-Cookie")!.split(";")[0];
    const optionsReply = await run(
      codeRoute.action,
      postForm("/admin/login/code", { intent: "passkey-options" }, { cookie: pending }),
    );
    const { passkeyOptions } = await optionsReply.json();
    const wrong = await run(
      codeRoute.action,
      postForm(
        "/admin/login/code",
        { intent: "passkey", credential: JSON.stringify(adminKey.authenticate(passkeyOptions)) },
        { cookie: pending },
      ),
    );
    expect(wrong.status).toBe(401);
    expect(await getDb().selectFrom("sessions").select("id").where("via", "=", "passkey").execute()).toEqual([]);
  });

  it("an admin's reset of someone's two-step sign-in removes their passkeys too (a lost phone may hold one)", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const authenticator = newAuthenticator();
    await addPasskey(await staffCookie(editor), authenticator);
    // The Team section shows it as the person's second factor.
    expect(await getTeamMember(getDb(), editor.id)).toMatchObject({ twoStep: false, passkey: true });
    const reset = await run(
      memberRoute.action,
      postForm(
        `/admin/dashboard/team/${editor.id}`,
        { intent: "reset-two-step" },
        { cookie: await staffCookie(admin) },
      ),
      { id: String(editor.id) },
    );
    expect(reset.status).toBe(200);
    expect((await postAnswer(authenticator.authenticate(await signInOptions()))).status).toBe(401);
    expect(await getTeamMember(getDb(), editor.id)).toMatchObject({ passkey: false });
    const audit = await getDb()
      .selectFrom("audit_events")
      .select("detail")
      .where("action", "=", "two-step.reset")
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe("Two-step sign-in of editor-person reset, 1 passkey removed");
  });

  it("while the team requires two-step sign-in, a reset also ends the person's sessions and API tokens", async () => {
    const admin = await staffMember("admin");
    const editor = await staffMember("editor");
    const authenticator = newAuthenticator();
    await addPasskey(await staffCookie(editor), authenticator);
    await storeSettingSwitch(getDb(), "requireTwoStep", true, "test");
    forgetCachedSettingRows();
    const editorCookie = await staffCookie(editor);
    await staffToken(editor);
    // (The admin's own page would send them to set up two-step first: the service, as its action calls it.)
    expect(await resetTwoStep(editor.id, admin)).toBe(true);
    const page = await run(accountRoute.loader, getRequest(ACCOUNT, { cookie: editorCookie }));
    expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await getDb().selectFrom("sessions").select("id").where("user_id", "=", editor.id).execute()).toEqual([]);
  });
});
