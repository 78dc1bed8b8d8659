// Shared by the team tests: one person per role, with a browser session cookie and API tokens.
import { getDb } from "~/infra/db.server";
import { createSession } from "~/staff/models/session.server";
import { createUser, getUserByUsername, type User } from "~/staff/models/user.server";
import type { Role } from "~/utils/admin-paths";
import { cookieFor } from "./admin-support";

export const STAFF_PASSWORD = "plenty-long-staff-password";

/** The person with this role (username = role), created once per test file's database. */
export async function staffMember(role: Role): Promise<User> {
  const username = `${role}-person`;
  return (
    (await getUserByUsername(getDb(), username)) ??
    createUser(getDb(), username, STAFF_PASSWORD, { role, email: `${role}@example.org`, name: `${role} Person` })
  );
}

export async function staffCookie(user: User): Promise<string> {
  const { token } = await createSession(getDb(), user.id, "web");
  return cookieFor(token);
}

export async function staffToken(user: User): Promise<string> {
  return (await createSession(getDb(), user.id, "api")).token;
}
