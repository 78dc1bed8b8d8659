import { nowDate } from "~/infra/clock.server";
// A person's own account: their name, e-mail address (confirmed by a single-use link sent to the
// new address) and password, and their sessions (browsers and API tokens) and ending them.
import { EMAIL_CHANGE_HOURS, staffAccountPages, staffMailWording } from "~/content/staff-accounts";
import { getDb } from "~/infra/db.server";
import { hashPassword } from "~/infra/password.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { recordAudit } from "~/site/index.server";
import { enqueueMail } from "~/mail/index.server";
import { deleteOtherSessions, deleteUserSession, listUserSessions } from "~/staff/models/session.server";
import { hashToken, newToken } from "~/infra/secret-token.server";
import { createEmailChange, findOpenEmailChange, markEmailChangeUsed } from "~/staff/models/staff-token.server";
import {
  emailInUse,
  getUserById,
  setPasswordHash,
  setUserEmail,
  setUserName,
  verifyLogin,
  type User,
} from "~/staff/models/user.server";
import { adminPaths } from "~/utils/admin-paths";
import { describeUserAgent } from "~/utils/user-agent";
import { getCharitySettings } from "~/site/index.server";
import { staffLinkMail, staffNoticeMail } from "~/mail/index.server";
import { admitDoorAttempt, clearDoorAttempts } from "./attempt-limits.server";
import { queuePasswordChangedNotice } from "./password-reset.server";
import { Refusal, type RefusalStatus } from "~/utils/refusal";

/**
 * A change to one's own account refused, on the field it concerns: an address already in the
 * team (409), a wrong current password (400), too many current-password tries (429, 5 per 15
 * minutes per person and per client, with when to try again).
 */
export class AccountError extends Refusal {
  constructor(
    message: string,
    status: RefusalStatus,
    readonly field: "email" | "current",
    retryAfterSeconds?: number,
  ) {
    super(message, status, retryAfterSeconds);
  }
}

export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_HOURS * 60 * 60 * 1000;

/** The person's own name, as the staff area and their e-mails show it. */
export async function changeMyName(user: User, name: string): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await setUserName(trx, user.id, name);
      await recordAudit(trx, {
        entity: "user",
        entityId: user.id,
        action: "name.changed",
        detail: `Name changed to ${name}`,
        actor: user.username,
        actorId: user.id,
      });
    });
}

/**
 * Sends a single-use link (EMAIL_CHANGE_HOURS, stored as SHA-256) to the new address; the
 * address becomes the person's only when the link is opened there. Refused (`AccountError`) when
 * it is already someone's in the team (or already theirs).
 */
export async function requestEmailChange(user: User, newEmail: string, now: Date = nowDate()): Promise<void> {
  const db = getDb();
  if (user.email?.toLowerCase() === newEmail.toLowerCase()) {
    throw new AccountError("This is already your e-mail address.", 409, "email");
  }
  if (await emailInUse(db, newEmail)) {
    throw new AccountError("Someone in the team already has this e-mail address.", 409, "email");
  }
  const token = newToken();
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => {
    await createEmailChange(trx, {
      userId: user.id,
      newEmail,
      tokenHash: hashToken(token),
      now,
      ttlMs: EMAIL_CHANGE_TTL_MS,
    });
    const mail = staffLinkMail(
      staffMailWording.emailChangeSubject,
      staffMailWording.emailChangeIntro(user.name ?? user.username),
      staffMailWording.emailChangeLinkLabel,
      absoluteUrl(adminPaths.confirmEmail(token)),
      staffMailWording.emailChangeIgnore,
      charity,
    );
    await enqueueMail(trx, { kind: "staff-email-change", to: newEmail, ...mail });
    await recordAudit(trx, {
      entity: "user",
      entityId: user.id,
      action: "email.change-requested",
      actor: user.username,
      actorId: user.id,
    });
  });
}

/** Whether an e-mail change link still works (for the page's first view). */
export async function emailChangeLinkWorks(token: string | undefined, now: Date = nowDate()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return (await findOpenEmailChange(getDb(), hashToken(token), now)) !== undefined;
}

// A result the link's page shows as its content (done, or why the link does not work), like the other link pages.
export type EmailChangeOutcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * Confirms an e-mail change with its link, once: the address becomes the person's, and the
 * address it replaces (if any) is told. Refused when someone else took the address meanwhile.
 */
export async function confirmEmailChange(
  token: string | undefined,
  now: Date = nowDate(),
): Promise<EmailChangeOutcome> {
  const bad = { ok: false, message: staffAccountPages.badEmailChangeText } as const;
  if (!token || token.length > 100) return bad;
  const db = getDb();
  const tokenHash = hashToken(token);
  const change = await findOpenEmailChange(db, tokenHash, now);
  if (!change) return bad;
  const user = await getUserById(db, change.userId);
  if (!user) return bad;
  if (await emailInUse(db, change.newEmail)) {
    return { ok: false, message: "Someone in the team already has this e-mail address." };
  }
  const charity = await getCharitySettings(db);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await markEmailChangeUsed(trx, tokenHash, now))) return false;
    await setUserEmail(trx, user.id, change.newEmail);
    await recordAudit(trx, {
      entity: "user",
      entityId: user.id,
      action: "email.changed",
      actor: user.username,
      actorId: user.id,
    });
    if (user.email) {
      const mail = staffNoticeMail(
        staffMailWording.emailChangedSubject,
        staffMailWording.emailChangedText(user.name ?? user.username, change.newEmail),
        charity,
      );
      await enqueueMail(trx, { kind: "staff-email-changed", to: user.email, ...mail });
    }
    return true;
  });
  return done ? { ok: true, email: change.newEmail } : bad;
}

/**
 * A new password, with the current one: every session and API token of the person ends (the
 * caller signs this browser in again), and their address is told. The current password is
 * guessed at most 5 times in 15 minutes (per person and per client); a wrong one is audited.
 */
export async function changeMyPassword(user: User, current: string, next: string, request: Request): Promise<void> {
  const db = getDb();
  const door = await admitDoorAttempt("current-password", user.username, request);
  if (!door.allowed) throw new AccountError(door.message, 429, "current", door.retryAfterSeconds);
  if (!(await verifyLogin(db, user.username, current))) {
    await recordAudit(db, {
      entity: "user",
      entityId: user.id,
      action: "password.wrong-current",
      actor: user.username,
      actorId: user.id,
    });
    throw new AccountError(staffAccountPages.wrongCurrentPassword, 400, "current");
  }
  await clearDoorAttempts("current-password", user.username);
  const passwordHash = await hashPassword(next);
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await recordAudit(trx, {
      entity: "user",
      entityId: user.id,
      action: "password.changed",
      actor: user.username,
      actorId: user.id,
    });
    await queuePasswordChangedNotice(trx, user, charity);
  });
}

export interface SessionView {
  id: string;
  kind: "web" | "api";
  device: string;
  startedAt: string;
  lastSeenAt: string | null;
  current: boolean;
  /** Signed in with a passkey (a browser session). */
  passkey: boolean;
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
    passkey: row.via === "passkey",
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
