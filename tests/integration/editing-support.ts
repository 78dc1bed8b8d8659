// The editing cycle's tests (site pages, projects, publications): a fresh database, a clock the
// test moves (publish-at), an admin who publishes and an editor who writes and submits.
import { afterEach, beforeEach } from "vitest";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { createUser, type User } from "~/staff/models/user.server";
import { adminCookie } from "./admin-support";
import { resetDatabase } from "./helpers";

export const EDITING_T0 = Date.parse("2030-06-01T08:00:00.000Z");

/** Registers the hooks; the returned object holds this test's people, and its `time` moves the clock. */
export function useEditingWorld(): { time: number; admin: User; editor: User } {
  const world = { time: EDITING_T0, admin: undefined as unknown as User, editor: undefined as unknown as User };
  beforeEach(async () => {
    await resetDatabase();
    world.time = EDITING_T0;
    setClock(() => world.time);
    world.admin = (await adminCookie()).user;
    world.editor = await createUser(getDb(), "eddie", "correct-horse-battery-staple", { role: "editor" });
  });
  afterEach(() => setClock(null));
  return world;
}
