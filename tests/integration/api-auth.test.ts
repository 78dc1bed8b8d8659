// docs/api.md, the auth calls: POST /api/auth/login, GET /api/auth/verify, POST /api/auth/logout,
// plus token expiry, revocation, where tokens may come from, and login throttling.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MAX_FAILURES_PER_USERNAME,
  THROTTLE_WINDOW_MS,
  checkLoginThrottle,
  recordLoginFailure,
} from "~/staff/models/login-throttle.server";
import { createSession, getSessionUser } from "~/staff/models/session.server";
import * as login from "~/routes/api+/auth.login";
import * as logout from "~/routes/api+/auth.logout";
import * as verify from "~/routes/api+/auth.verify";
import type { User } from "~/staff/models/user.server";
import { getDb, openDatabase } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { resetDatabase } from "./helpers";
import { TEST_PASSWORD, apiRequest, call, createApiUser, expectApiHeaders, jsonOf, tokenFor } from "./api-support";

const LOGIN = "/api/auth/login";
const VERIFY = "/api/auth/verify";
const LOGOUT = "/api/auth/logout";

const postLogin = (json: unknown, init: Parameters<typeof apiRequest>[1] = {}) =>
  call(login, apiRequest(LOGIN, { method: "POST", json, ...init }));

// One user for the file: hashing a password per test would make the file slow.
let editor: User;

beforeAll(async () => {
  await resetDatabase();
  editor = await createApiUser("editor");
});

beforeEach(async () => {
  await getDb().deleteFrom("sessions").execute();
  await getDb().deleteFrom("login_failures").execute();
});

describe("POST /api/auth/login", () => {
  it("answers 200 with success, a token and the user for the right credentials", async () => {
    const user = editor;
    const response = await postLogin({ username: "editor", password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: { id: user.id, username: "editor", role: "admin" },
    });
    // 32 random bytes in base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getSessionUser(getDb(), body.token, "api")).toMatchObject({
      id: user.id,
      username: "editor",
      role: "admin",
    });
  });

  it("stores only a hash of the token", async () => {
    const { token } = await jsonOf(await postLogin({ username: "editor", password: TEST_PASSWORD }));
    const rows = await getDb().selectFrom("sessions").select(["id", "kind"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe("api");
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("issues a new token at every login", async () => {
    const first = await jsonOf(await postLogin({ username: "editor", password: TEST_PASSWORD }));
    const second = await jsonOf(await postLogin({ username: "editor", password: TEST_PASSWORD }));
    expect(first.token).not.toBe(second.token);
  });

  it("ignores unknown fields", async () => {
    const response = await postLogin({ username: "editor", password: TEST_PASSWORD, remember: true, role: "root" });
    expect(response.status).toBe(200);
  });

  it("answers 401 with the same message for a wrong password and an unknown user", async () => {
    for (const json of [
      { username: "editor", password: "wrong-password" },
      { username: "nobody", password: TEST_PASSWORD },
    ]) {
      const response = await postLogin(json);
      expect(response.status).toBe(401);
      expectApiHeaders(response);
      expect(await jsonOf(response)).toEqual({ success: false, error: "Invalid username or password" });
    }
  });

  it("answers 400 with success false, an error and issues per field", async () => {
    const response = await postLogin({});
    expect(response.status).toBe(400);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expect(body.success).toBe(false);
    expect(typeof body.error).toBe("string");
    expect(body.issues).toEqual({ username: ["Username is required"], password: ["Password is required"] });
  });

  it.each([
    [{ username: "editor" }, ["password"]],
    [{ password: "x" }, ["username"]],
    [{ username: "   ", password: "x" }, ["username"]],
    [{ username: "editor", password: "" }, ["password"]],
    [{ username: 123, password: "x" }, ["username"]],
    [{ username: ["editor"], password: "x" }, ["username"]],
    [{ username: "editor", password: { $ne: "" } }, ["password"]],
    [{ username: null, password: null }, ["username", "password"]],
    [{ username: "u".repeat(201), password: "x" }, ["username"]],
    [{ username: "editor", password: "p".repeat(1025) }, ["password"]],
  ])("answers 400 for %j", async (json, fields) => {
    const response = await postLogin(json);
    expect(response.status).toBe(400);
    const body = await jsonOf(response);
    expect(body.success).toBe(false);
    expect(Object.keys(body.issues).sort()).toEqual([...fields].sort());
    for (const messages of Object.values(body.issues)) {
      expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });

  it("says a wrongly typed field must be a string", async () => {
    const body = await jsonOf(await postLogin({ username: 42, password: "x" }));
    expect(body.issues.username).toEqual(["Username must be a string"]);
  });

  it.each([
    ["malformed JSON", '{"username": ', 400],
    ["a JSON array", "[]", 400],
    ["a JSON string", '"admin"', 400],
    ["JSON null", "null", 400],
    ["an empty body", "", 400],
  ])("answers %s with 400 and success false", async (_label, body, status) => {
    const response = await call(
      login,
      apiRequest(LOGIN, { method: "POST", body, headers: { "Content-Type": "application/json" } }),
    );
    expect(response.status).toBe(status);
    expectApiHeaders(response);
    const json = await jsonOf(response);
    expect(json.success).toBe(false);
    expect(typeof json.error).toBe("string");
    expect(json).toHaveProperty("issues");
  });

  it("answers a body that is not JSON with 415", async () => {
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "application/json-seq", null]) {
      const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
      const request = apiRequest(LOGIN, { method: "POST", body: "username=editor&password=x", headers });
      if (!contentType) request.headers.delete("Content-Type");
      const response = await call(login, request);
      expect(response.status).toBe(415);
      expectApiHeaders(response);
      expect(await jsonOf(response)).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it("accepts a charset parameter on application/json", async () => {
    const response = await call(
      login,
      apiRequest(LOGIN, {
        method: "POST",
        body: JSON.stringify({ username: "editor", password: TEST_PASSWORD }),
        headers: { "Content-Type": "application/json; charset=UTF-8" },
      }),
    );
    expect(response.status).toBe(200);
  });

  it("answers 413 for a body over 256 KiB", async () => {
    const response = await postLogin({ username: "editor", password: "x".repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toMatchObject({ success: false, error: expect.any(String) });
  });

  it.each(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await call(login, apiRequest(LOGIN, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expectApiHeaders(response);
    expect(await jsonOf(response)).toMatchObject({ error: expect.any(String) });
  });
});

describe("login throttling", () => {
  it("refuses the 6th attempt within the window with 429 and Retry-After, even with the right password", async () => {
    for (let attempt = 1; attempt <= MAX_FAILURES_PER_USERNAME; attempt++) {
      const response = await postLogin({ username: "editor", password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
    }
    const refused = await postLogin({ username: "editor", password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expectApiHeaders(refused);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    const body = await jsonOf(refused);
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/too many/i);
    expect(body).not.toHaveProperty("token");
  });

  it("throttles per username, case-insensitively, and leaves other users alone", async () => {
    await createApiUser("writer");
    for (let attempt = 0; attempt < MAX_FAILURES_PER_USERNAME; attempt++) {
      await postLogin({ username: "Editor", password: "wrong" });
    }
    expect((await postLogin({ username: "editor", password: TEST_PASSWORD })).status).toBe(429);
    expect((await postLogin({ username: "writer", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("throttles unknown usernames too", async () => {
    for (let attempt = 0; attempt < MAX_FAILURES_PER_USERNAME; attempt++) {
      expect((await postLogin({ username: "ghost", password: "wrong" })).status).toBe(401);
    }
    expect((await postLogin({ username: "ghost", password: "wrong" })).status).toBe(429);
  });

  it("counts parallel guesses before hashing, so a burst cannot exceed the limit", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postLogin({ username: "editor", password: `guess-${i}` })),
    ).then((responses) => responses.map((r) => r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_USERNAME);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX_FAILURES_PER_USERNAME);
  });

  it("forgets failures older than the window", async () => {
    const longAgo = new Date(Date.now() - THROTTLE_WINDOW_MS - 60_000);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++)
      await recordLoginFailure(getDb(), { username: "editor", client: "a" }, longAgo);
    expect((await postLogin({ username: "editor", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("resets the count after a successful login", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) await postLogin({ username: "editor", password: "wrong" });
    expect((await postLogin({ username: "editor", password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) await postLogin({ username: "editor", password: "wrong" });
    expect((await postLogin({ username: "editor", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("keeps the block across a restart: the counters are in the SQLite file", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) await postLogin({ username: "editor", password: "wrong" });

    // A separate connection to the same file sees the block.
    const other = openDatabase(getEnv().DATABASE_URL);
    try {
      expect((await checkLoginThrottle(other, { username: "editor", client: "b" })).allowed).toBe(false);
    } finally {
      await other.destroy();
    }

    // "Restart" the app's data layer: close its connection; the next request opens a new one.
    const globalForDb = globalThis as typeof globalThis & { __charityDb?: unknown };
    await getDb().destroy();
    globalForDb.__charityDb = undefined;
    const response = await postLogin({ username: "editor", password: TEST_PASSWORD });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("GET /api/auth/verify", () => {
  it("answers 200 with the user for a live token", async () => {
    const user = editor;
    const { token } = await jsonOf(await postLogin({ username: "editor", password: TEST_PASSWORD }));
    const response = await call(verify, apiRequest(VERIFY, { token }));
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual({ user: { id: user.id, username: "editor", role: "admin" } });
  });

  it("accepts the scheme name in any case", async () => {
    const token = await tokenFor(editor);
    const response = await call(verify, apiRequest(VERIFY, { headers: { Authorization: `bearer ${token}` } }));
    expect(response.status).toBe(200);
  });

  it("answers 401 with WWW-Authenticate: Bearer without a token", async () => {
    const response = await call(verify, apiRequest(VERIFY));
    expect(response.status).toBe(401);
    expectApiHeaders(response);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    expect(response.headers.get("WWW-Authenticate")).not.toContain("invalid_token");
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
  });

  it.each([
    ["an unknown token", "not-a-real-token"],
    ["a token that is too long", "a".repeat(500)],
  ])("answers 401 with error=invalid_token for %s", async (_label, token) => {
    const response = await call(verify, apiRequest(VERIFY, { token }));
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b.*error="invalid_token"/);
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
  });

  it("answers 401 for an expired token", async () => {
    const user = editor;
    const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const expired = await tokenFor(user, thirtyOneDaysAgo);
    const response = await call(verify, apiRequest(VERIFY, { token: expired }));
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    // A token 29 days old still works.
    const fresh = await tokenFor(user, new Date(Date.now() - 29 * 24 * 60 * 60 * 1000));
    expect((await call(verify, apiRequest(VERIFY, { token: fresh }))).status).toBe(200);
  });

  it("does not accept a staff browser session as an API token", async () => {
    const user = editor;
    const { token } = await createSession(getDb(), user.id, "web");
    expect((await call(verify, apiRequest(VERIFY, { token }))).status).toBe(401);
  });

  it("takes the token only from the Authorization header, never a cookie or the query string", async () => {
    const token = await tokenFor(editor);
    for (const request of [
      apiRequest(`${VERIFY}?token=${token}`),
      apiRequest(`${VERIFY}?access_token=${token}`),
      apiRequest(VERIFY, { headers: { Cookie: `token=${token}` } }),
      apiRequest(VERIFY, { headers: { Authorization: token } }),
      apiRequest(VERIFY, { headers: { Authorization: `Basic ${token}` } }),
      apiRequest(VERIFY, { headers: { Authorization: `Token ${token}` } }),
    ]) {
      const response = await call(verify, request);
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    }
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow: GET", async (method) => {
    const response = await call(verify, apiRequest(VERIFY, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
    expectApiHeaders(response);
  });

  it("answers HEAD like GET", async () => {
    const token = await tokenFor(editor);
    const response = await call(verify, apiRequest(VERIFY, { method: "HEAD", token }));
    expect(response.status).toBe(200);
    expectApiHeaders(response);
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 204 and the token no longer works, while other tokens do", async () => {
    const user = editor;
    const token = await tokenFor(user);
    const other = await tokenFor(user);
    const response = await call(logout, apiRequest(LOGOUT, { method: "POST", token }));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expectApiHeaders(response);

    const afterwards = await call(verify, apiRequest(VERIFY, { token }));
    expect(afterwards.status).toBe(401);
    expect(afterwards.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expect((await call(logout, apiRequest(LOGOUT, { method: "POST", token }))).status).toBe(401);
    expect((await call(verify, apiRequest(VERIFY, { token: other }))).status).toBe(200);
  });

  it("deletes the session row", async () => {
    const token = await tokenFor(editor);
    await call(logout, apiRequest(LOGOUT, { method: "POST", token }));
    expect(await getDb().selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("does not need a body or a JSON content type", async () => {
    const token = await tokenFor(editor);
    const response = await call(
      logout,
      apiRequest(LOGOUT, { method: "POST", token, body: "whatever", headers: { "Content-Type": "text/plain" } }),
    );
    expect(response.status).toBe(204);
  });

  it("answers 401 with WWW-Authenticate without a valid token", async () => {
    for (const token of [undefined, "bogus"]) {
      const response = await call(logout, apiRequest(LOGOUT, { method: "POST", token }));
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
      expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
    }
  });

  it.each(["GET", "PUT", "DELETE", "PATCH"])(
    "answers %s with 405 and Allow: POST (logout is POST only)",
    async (method) => {
      const token = await tokenFor(editor);
      const response = await call(logout, apiRequest(LOGOUT, { method, token }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      // The token survives a wrong-method request.
      expect((await call(verify, apiRequest(VERIFY, { token }))).status).toBe(200);
    },
  );
});
