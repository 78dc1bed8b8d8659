// Long because the team's rules (invite, resend, withdraw, accept, change a role, disable,
// enable, the last-admin guard) are checked together inside their transactions.
// The staff team (docs/team.md): invitations, roles, disabling and enabling people, and what a
// person did lately. Admins only (the routes check the role); the rules that protect the team
// live here: nobody disables or demotes themselves or the last active admin.
import { nowDate } from "~/infra/clock.server";
import { INVITATION_HOURS, staffMailWording } from "~/content/staff-accounts";
import { immediateTransaction, getDb, type DB } from "~/infra/db.server";
import { now } from "~/infra/clock.server";
import { hashPassword } from "~/infra/password.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { listAuditByActor, recordAudit, type AuditEvent } from "~/site/index.server";
import { enqueueMail } from "~/mail/index.server";
import { hashToken, newToken } from "~/infra/secret-token.server";
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
} from "~/staff/models/staff-token.server";
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
} from "~/staff/models/user.server";
import { getCharitySettings } from "~/site/index.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { staffLinkMail, staffNoticeMail } from "~/mail/index.server";
import { adminPaths, roleLabels, type Role } from "~/utils/admin-paths";
import { Refusal } from "~/utils/refusal";
import { teamRequiresTwoStep } from "~/staff/services/two-step.server";

export const INVITATION_TTL_MS = INVITATION_HOURS * 60 * 60 * 1000;

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
    requireTwoStep: await teamRequiresTwoStep(db),
  };
}

export async function teamMemberDetail(id: number): Promise<{ member: TeamMember; actions: AuditEvent[] } | undefined> {
  const db = getDb();
  const member = await getTeamMember(db, id);
  if (!member) return undefined;
  return { member, actions: await listAuditByActor(db, id, 30) };
}

/**
 * A team change refused: nobody or no waiting invitation by that number (404), a rule such as the
 * last admin or an address in use (409, with the field it concerns), an invitation link that no
 * longer works (410). Each change otherwise answers the sentence that says what it did.
 */
export class TeamError extends Refusal {
  constructor(
    message: string,
    status: 404 | 409 | 410,
    readonly field?: "email" | "username",
  ) {
    super(message, status);
  }
}

const NO_WAITING_INVITATION = "There is no waiting invitation with this number.";
const NO_SUCH_PERSON = "There is no such person in the team.";

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
): Promise<string> {
  const db = getDb();
  if (await emailInUse(db, input.email)) {
    throw new TeamError("Someone in the team already has this e-mail address.", 409, "email");
  }
  if (await pendingInvitationFor(db, input.email)) {
    throw new TeamError(
      "This address already has an invitation waiting: resend it from the list instead.",
      409,
      "email",
    );
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
  return `Invitation sent to ${input.email}.`;
}

/** The invitation e-mail, through the outbox in the caller's transaction. */
async function queueInvitationMail(trx: DB, to: string, mail: ReturnType<typeof invitationMail>): Promise<void> {
  await enqueueMail(trx, { kind: "staff-invitation", to, ...mail });
}

/** A new link (72 hours from now) for a pending invitation; the earlier link stops working. */
export async function resendInvitation(actor: User, id: number, now: Date = nowDate()): Promise<string> {
  const db = getDb();
  const invitation = await getInvitation(db, id);
  if (!invitation || invitation.acceptedAt || invitation.withdrawnAt) throw new TeamError(NO_WAITING_INVITATION, 404);
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
  return `Invitation sent again to ${invitation.email}.`;
}

export async function withdrawPendingInvitation(actor: User, id: number, now: Date = nowDate()): Promise<string> {
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
  if (!done) throw new TeamError(NO_WAITING_INVITATION, 404);
  return "Invitation withdrawn: its link no longer works.";
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

const INVITATION_GONE = "This invitation link no longer works.";
const USERNAME_TAKEN = "This username is taken (case is ignored): choose another";

/**
 * Creates the account of an invited person, once: the link stops working in the same transaction.
 * A link that no longer works, or whose address now has an account, throws `TeamError` 410; a
 * username in use, 409 on that field.
 */
export async function acceptInvitation(
  token: string | undefined,
  input: { username: string; password: string },
  now: Date = nowDate(),
): Promise<User> {
  if (!token || token.length > 100) throw new TeamError(INVITATION_GONE, 410);
  const db = getDb();
  const invitation = await findOpenInvitation(db, hashToken(token), now);
  if (!invitation) throw new TeamError(INVITATION_GONE, 410);
  if (await getUserByUsername(db, input.username)) throw new TeamError(USERNAME_TAKEN, 409, "username");
  if (await emailInUse(db, invitation.email)) throw new TeamError(INVITATION_GONE, 410);
  const passwordHash = await hashPassword(input.password);
  return immediateTransaction(db, async (trx) => {
    // Checked again under the write lock: of several posts of one link, only the first gets in.
    if (!(await findOpenInvitation(trx, invitation.tokenHash, now))) throw new TeamError(INVITATION_GONE, 410);
    if (await emailInUse(trx, invitation.email)) throw new TeamError(INVITATION_GONE, 410);
    if (await getUserByUsername(trx, input.username)) throw new TeamError(USERNAME_TAKEN, 409, "username");
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
    return user;
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

export async function changeRole(actor: User, targetId: number, role: Role): Promise<string> {
  const db = getDb();
  const charity = await getCharitySettings(db);
  return immediateTransaction(db, async (trx): Promise<string> => {
    const target = await getTeamMember(trx, targetId);
    if (!target) throw new TeamError(NO_SUCH_PERSON, 404);
    if (target.role === role) return `${target.username} is already ${roleLabels[role]}.`;
    const problem = role !== "admin" ? await lockOutProblem(trx, actor, target, "demote") : null;
    if (problem) throw new TeamError(problem, 409);
    if (target.id === actor.id) throw new TeamError("You cannot change your own role.", 409);
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
    return `${target.username} is now ${roleLabels[role]}.`;
  });
}

/**
 * Disabling ends the person's sessions and API tokens at once and deletes their password-reset
 * links (withdrawing any invitation still waiting for their address); enabling lets them sign in again.
 */
export async function setMemberStatus(actor: User, targetId: number, status: "active" | "disabled"): Promise<string> {
  const db = getDb();
  return immediateTransaction(db, async (trx): Promise<string> => {
    const target = await getTeamMember(trx, targetId);
    if (!target) throw new TeamError(NO_SUCH_PERSON, 404);
    if (target.status === status) {
      return `${target.username} is already ${status === "active" ? "enabled" : "disabled"}.`;
    }
    if (status === "disabled") {
      const problem = await lockOutProblem(trx, actor, target, "disable");
      if (problem) throw new TeamError(problem, 409);
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
    return status === "disabled"
      ? `${target.username} is disabled: their sessions and API tokens have ended.`
      : `${target.username} can sign in again.`;
  });
}
