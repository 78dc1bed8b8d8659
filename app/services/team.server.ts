// Long because the team's rules (invite, resend, withdraw, accept, change a role, disable,
// enable, the last-admin guard) are checked together inside their transactions.
// The staff team (docs/team.md): invitations, roles, disabling and enabling people, and what a
// person did lately. Admins only (the routes check the role); the rules that protect the team
// live here: nobody disables or demotes themselves or the last active admin.
import { nowDate } from "~/infra/clock.server";
import crypto from "node:crypto";
import { INVITATION_HOURS, staffMailWording } from "~/content/staff-accounts";
import { immediateTransaction, getDb, type DB } from "~/infra/db.server";
import { now } from "~/infra/clock.server";
import { hashPassword } from "~/infra/password.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { listAuditByActor, recordAudit, type AuditEvent } from "~/models/audit.server";
import { enqueueMail } from "~/models/outbox.server";
import { hashToken } from "~/models/session.server";
import {
  createInvitation,
  deletePasswordResetsOf,
  findOpenInvitation,
  getInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  pendingInvitationFor,
  renewInvitation,
  withdrawInvitation,
  withdrawInvitationsFor,
  type Invitation,
} from "~/models/staff-token.server";
import { getRequireTwoStep } from "~/models/team-settings.server";
import {
  countActiveAdmins,
  emailInUse,
  getTeamMember,
  getUserByUsername,
  listTeam,
  setUserRole,
  setUserStatus,
  type TeamMember,
  type User,
} from "~/models/user.server";
import { getCharitySettings } from "~/services/charity-settings.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { staffLinkMail, staffNoticeMail } from "~/services/mail-templates.server";
import { adminPaths, roleLabels, type Role } from "~/utils/admin-paths";

export const INVITATION_TTL_MS = INVITATION_HOURS * 60 * 60 * 1000;

const newToken = () => crypto.randomBytes(32).toString("base64url");

export interface PendingInvitation {
  id: number;
  name: string;
  email: string;
  role: Role;
  invited_by: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
}

function toPending(invitation: Invitation, now: Date): PendingInvitation {
  return {
    id: invitation.id,
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    invited_by: invitation.invitedBy,
    created_at: invitation.createdAt,
    expires_at: invitation.expiresAt,
    expired: invitation.expiresAt <= now.toISOString(),
  };
}

export async function teamOverview(now: Date = nowDate()): Promise<{
  members: TeamMember[];
  invitations: PendingInvitation[];
  requireTwoStep: boolean;
}> {
  const db = getDb();
  return {
    members: await listTeam(db),
    invitations: (await listPendingInvitations(db)).map((invitation) => toPending(invitation, now)),
    requireTwoStep: await getRequireTwoStep(db),
  };
}

export async function teamMemberDetail(id: number): Promise<{ member: TeamMember; actions: AuditEvent[] } | undefined> {
  const db = getDb();
  const member = await getTeamMember(db, id);
  if (!member) return undefined;
  return { member, actions: await listAuditByActor(db, id, 30) };
}

export type TeamResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

function invitationMail(
  invitation: { name: string; role: Role },
  invitedBy: string,
  token: string,
  charity: CharitySettings,
) {
  return staffLinkMail(
    staffMailWording.inviteSubject,
    staffMailWording.inviteIntro(invitation.name, roleLabels[invitation.role], invitedBy),
    staffMailWording.inviteLinkLabel,
    absoluteUrl(adminPaths.acceptInvitation(token)),
    staffMailWording.inviteIgnore,
    charity,
  );
}

/** Invites a person: a single-use link (72 hours, stored as SHA-256) sent through the outbox. */
export async function invitePerson(
  actor: User,
  input: { name: string; email: string; role: Role },
  now: Date = nowDate(),
): Promise<TeamResult> {
  const db = getDb();
  if (await emailInUse(db, input.email)) {
    return { ok: false, status: 409, message: "Someone in the team already has this e-mail address." };
  }
  if (await pendingInvitationFor(db, input.email)) {
    return {
      ok: false,
      status: 409,
      message: "This address already has an invitation waiting: resend it from the list instead.",
    };
  }
  const token = newToken();
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => {
    const invitation = await createInvitation(trx, {
      ...input,
      tokenHash: hashToken(token),
      invitedBy: actor.username,
      now,
      ttlMs: INVITATION_TTL_MS,
    });
    await queueInvitationMail(trx, input.email, invitationMail(input, actor.username, token, charity));
    await recordAudit(trx, {
      entity: "invitation",
      entityId: invitation.id,
      action: "invitation.sent",
      detail: `Invited as ${roleLabels[input.role]}`,
      actor: actor.username,
      actorId: actor.id,
    });
  });
  return { ok: true, message: `Invitation sent to ${input.email}.` };
}

/** The invitation e-mail, through the outbox in the caller's transaction. */
async function queueInvitationMail(trx: DB, to: string, mail: ReturnType<typeof invitationMail>): Promise<void> {
  await enqueueMail(trx, { kind: "staff-invitation", to, ...mail });
}

/** A new link (72 hours from now) for a pending invitation; the earlier link stops working. */
export async function resendInvitation(actor: User, id: number, now: Date = nowDate()): Promise<TeamResult> {
  const db = getDb();
  const invitation = await getInvitation(db, id);
  if (!invitation || invitation.acceptedAt || invitation.withdrawnAt) {
    return { ok: false, status: 404, message: "There is no waiting invitation with this number." };
  }
  const token = newToken();
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => {
    await renewInvitation(trx, id, hashToken(token), now, INVITATION_TTL_MS);
    await queueInvitationMail(trx, invitation.email, invitationMail(invitation, actor.username, token, charity));
    await recordAudit(trx, {
      entity: "invitation",
      entityId: id,
      action: "invitation.resent",
      actor: actor.username,
      actorId: actor.id,
    });
  });
  return { ok: true, message: `Invitation sent again to ${invitation.email}.` };
}

export async function withdrawPendingInvitation(actor: User, id: number, now: Date = nowDate()): Promise<TeamResult> {
  const db = getDb();
  const done = await db.transaction().execute(async (trx) => {
    if (!(await withdrawInvitation(trx, id, now))) return false;
    await recordAudit(trx, {
      entity: "invitation",
      entityId: id,
      action: "invitation.withdrawn",
      actor: actor.username,
      actorId: actor.id,
    });
    return true;
  });
  return done
    ? { ok: true, message: "Invitation withdrawn: its link no longer works." }
    : { ok: false, status: 404, message: "There is no waiting invitation with this number." };
}

/** The invitation a link leads to, while it can still be accepted. */
export async function openInvitation(
  token: string | undefined,
  now: Date = nowDate(),
): Promise<{ name: string; email: string; role: Role } | null> {
  if (!token || token.length > 100) return null;
  const invitation = await findOpenInvitation(getDb(), hashToken(token), now);
  return invitation ? { name: invitation.name, email: invitation.email, role: invitation.role } : null;
}

export type AcceptResult =
  { ok: true; user: User } | { ok: false; reason: "invalid" } | { ok: false; reason: "username-taken" | "email-taken" };

/** Creates the account of an invited person, once: the link stops working in the same transaction. */
export async function acceptInvitation(
  token: string | undefined,
  input: { username: string; password: string },
  now: Date = nowDate(),
): Promise<AcceptResult> {
  if (!token || token.length > 100) return { ok: false, reason: "invalid" };
  const db = getDb();
  const invitation = await findOpenInvitation(db, hashToken(token), now);
  if (!invitation) return { ok: false, reason: "invalid" };
  if (await getUserByUsername(db, input.username)) return { ok: false, reason: "username-taken" };
  if (await emailInUse(db, invitation.email)) return { ok: false, reason: "email-taken" };
  const passwordHash = await hashPassword(input.password);
  return immediateTransaction(db, async (trx) => {
    // Checked again under the write lock: of several posts of one link, only the first gets in.
    if (!(await findOpenInvitation(trx, invitation.tokenHash, now))) return { ok: false, reason: "invalid" } as const;
    if (await emailInUse(trx, invitation.email)) return { ok: false, reason: "email-taken" } as const;
    if (await getUserByUsername(trx, input.username)) return { ok: false, reason: "username-taken" } as const;
    const at = now.toISOString();
    const user = await trx
      .insertInto("users")
      .values({
        username: input.username,
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
        role: invitation.role,
        email: invitation.email,
        name: invitation.name,
      })
      .returning(["id", "username", "role", "name", "email"])
      .executeTakeFirstOrThrow();
    if (!(await markInvitationAccepted(trx, invitation.id, user.id, now))) {
      throw new Error("The invitation was used at the same moment");
    }
    await recordAudit(trx, {
      entity: "invitation",
      entityId: invitation.id,
      action: "invitation.accepted",
      detail: `Account ${user.username} created as ${roleLabels[user.role]}`,
      actor: user.username,
      actorId: user.id,
    });
    return { ok: true, user } as const;
  });
}

/**
 * The guard for changes that could lock the team out: nobody acts on themselves this way, and
 * the last active admin stays an active admin. Checked inside the change's transaction.
 */
async function lockOutProblem(
  trx: DB,
  actor: User,
  target: TeamMember,
  change: "demote" | "disable",
): Promise<string | null> {
  if (target.id === actor.id) {
    return change === "disable" ? "You cannot disable your own account." : "You cannot change your own role.";
  }
  if (target.role === "admin" && target.status === "active" && (await countActiveAdmins(trx)) <= 1) {
    return change === "disable"
      ? "This is the last active admin: make someone else an admin first."
      : "This is the last active admin: make someone else an admin first.";
  }
  return null;
}

export async function changeRole(actor: User, targetId: number, role: Role): Promise<TeamResult> {
  const db = getDb();
  const charity = await getCharitySettings(db);
  return immediateTransaction(db, async (trx): Promise<TeamResult> => {
    const target = await getTeamMember(trx, targetId);
    if (!target) return { ok: false, status: 404, message: "There is no such person in the team." };
    if (target.role === role) return { ok: true, message: `${target.username} is already ${roleLabels[role]}.` };
    const problem = role !== "admin" ? await lockOutProblem(trx, actor, target, "demote") : null;
    if (problem) return { ok: false, status: 409, message: problem };
    if (target.id === actor.id) return { ok: false, status: 409, message: "You cannot change your own role." };
    await setUserRole(trx, targetId, role);
    await recordAudit(trx, {
      entity: "user",
      entityId: targetId,
      action: "user.role-changed",
      detail: `${target.username}: ${roleLabels[target.role]} → ${roleLabels[role]}`,
      actor: actor.username,
      actorId: actor.id,
    });
    if (target.email) {
      const mail = staffNoticeMail(
        staffMailWording.roleSubject,
        staffMailWording.roleText(target.name ?? target.username, roleLabels[role], actor.username),
        charity,
      );
      await enqueueMail(trx, { kind: "staff-role-changed", to: target.email, ...mail });
    }
    return { ok: true, message: `${target.username} is now ${roleLabels[role]}.` };
  });
}

/**
 * Disabling ends the person's sessions and API tokens at once and deletes their password-reset
 * links (withdrawing any invitation still waiting for their address); enabling lets them sign in again.
 */
export async function setMemberStatus(
  actor: User,
  targetId: number,
  status: "active" | "disabled",
): Promise<TeamResult> {
  const db = getDb();
  return immediateTransaction(db, async (trx): Promise<TeamResult> => {
    const target = await getTeamMember(trx, targetId);
    if (!target) return { ok: false, status: 404, message: "There is no such person in the team." };
    if (target.status === status) {
      return { ok: true, message: `${target.username} is already ${status === "active" ? "enabled" : "disabled"}.` };
    }
    if (status === "disabled") {
      const problem = await lockOutProblem(trx, actor, target, "disable");
      if (problem) return { ok: false, status: 409, message: problem };
    }
    await setUserStatus(trx, targetId, status);
    if (status === "disabled") {
      // No link sent before may bring them back after they are enabled again.
      await deletePasswordResetsOf(trx, targetId);
      if (target.email) await withdrawInvitationsFor(trx, target.email, new Date(now()));
    }
    await recordAudit(trx, {
      entity: "user",
      entityId: targetId,
      action: status === "disabled" ? "user.disabled" : "user.enabled",
      detail: target.username,
      actor: actor.username,
      actorId: actor.id,
    });
    return {
      ok: true,
      message:
        status === "disabled"
          ? `${target.username} is disabled: their sessions and API tokens have ended.`
          : `${target.username} can sign in again.`,
    };
  });
}
