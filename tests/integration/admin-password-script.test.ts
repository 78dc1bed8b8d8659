// `npm run admin:password`: its core sets the password, ends every session of that user and
// only that user, lifts a lock-out, and refuses short passwords and unknown users clearly.
import { beforeEach, describe, expect, it } from "vitest";
import {
  checkLoginThrottle,
  recordLoginFailure,
  MAX_FAILURES_PER_USERNAME,
} from "~/staff/models/login-throttle.server";
import { createSession, getSessionUser } from "~/staff/models/session.server";
import { createUser, verifyLogin } from "~/staff/models/user.server";
import { getDb } from "~/infra/db.server";
import { PasswordResetError, resetPassword } from "../../scripts/admin-password";
import { resetDatabase } from "./helpers";

beforeEach(async () => {
  await resetDatabase();
});

describe("resetPassword", () => {
  it("sets the new password and ends all web sessions and API tokens of that user only", async () => {
    const db = getDb();
    const admin = await createUser(db, "admin", "old-password-1");
    const other = await createUser(db, "editor", "editor-password-1");
    const web = await createSession(db, admin.id, "web");
    const api = await createSession(db, admin.id, "api");
    const otherWeb = await createSession(db, other.id, "web");

    expect(await resetPassword(db, "admin", "brand-new-password")).toMatchObject({ id: admin.id, username: "admin" });

    expect(await verifyLogin(db, "admin", "brand-new-password")).toMatchObject({ id: admin.id, username: "admin" });
    expect(await verifyLogin(db, "admin", "old-password-1")).toBeNull();
    expect(await getSessionUser(db, web.token, "web")).toBeNull();
    expect(await getSessionUser(db, api.token, "api")).toBeNull();
    expect(await getSessionUser(db, otherWeb.token, "web")).toMatchObject({ id: other.id, username: "editor" });
  });

  it("lifts a sign-in lock-out on that username", async () => {
    const db = getDb();
    await createUser(db, "admin", "old-password-1");
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++)
      await recordLoginFailure(db, { username: "admin", client: "a" });
    expect((await checkLoginThrottle(db, { username: "admin", client: "b" })).allowed).toBe(false);
    await resetPassword(db, "admin", "brand-new-password");
    expect((await checkLoginThrottle(db, { username: "admin", client: "b" })).allowed).toBe(true);
  });

  it("refuses an unknown user and a password under 8 characters, changing nothing", async () => {
    const db = getDb();
    const admin = await createUser(db, "admin", "old-password-1");
    const session = await createSession(db, admin.id, "web");
    await expect(resetPassword(db, "nobody", "long-enough-1")).rejects.toThrow(
      new PasswordResetError('There is no user called "nobody".'),
    );
    await expect(resetPassword(db, "admin", "short")).rejects.toThrow(/at least 8 characters/);
    await expect(resetPassword(db, "admin", "x".repeat(1025))).rejects.toThrow(/at most 1024 characters/);
    expect(await verifyLogin(db, "admin", "old-password-1")).not.toBeNull();
    expect(await getSessionUser(db, session.token, "web")).not.toBeNull();
  });
});
