// A person's own account: their sessions (browsers and API tokens) and ending them.
import { getDb } from "~/infra/db.server";
import { recordAudit } from "~/models/audit.server";
import { deleteOtherSessions, deleteUserSession, hashToken, listUserSessions } from "~/models/session.server";
import type { User } from "~/models/user.server";
import { describeUserAgent } from "~/utils/user-agent";

export interface SessionView {
  id: string;
  kind: "web" | "api";
  device: string;
  startedAt: string;
  lastSeenAt: string | null;
  current: boolean;
}

export async function mySessions(user: User, currentToken: string | null): Promise<SessionView[]> {
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await listUserSessions(getDb(), user.id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    device: row.kind === "api" ? `API token (${describeUserAgent(row.userAgent)})` : describeUserAgent(row.userAgent),
    startedAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === current,
  }));
}

export async function endMySession(user: User, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(id)) return false;
  const ended = await deleteUserSession(getDb(), user.id, id);
  if (ended) {
    await recordAudit(getDb(), {
      entity: "user",
      entityId: user.id,
      action: "session.ended",
      actor: user.username,
      actorId: user.id,
    });
  }
  return ended;
}

/** Ends every session and API token of the person but the one in use. */
export async function endMyOtherSessions(user: User, currentToken: string | null): Promise<number> {
  const count = await deleteOtherSessions(getDb(), user.id, currentToken);
  await recordAudit(getDb(), {
    entity: "user",
    entityId: user.id,
    action: "session.ended-others",
    detail: `${count} ended`,
    actor: user.username,
    actorId: user.id,
  });
  return count;
}
