// Your giving's door (/giving): a donor types their address and always gets the same answer;
// when the address is a supporter's who has given or pledged, a single-use link (1 hour, only its
// SHA-256 stored) is e-mailed through the outbox. Opening it starts a donor session: its own
// cookie (`__donor`, path /giving), apart from staff sessions, ending after 30 minutes idle
// (docs/decisions/0028-your-giving.md).
import { createCookie, type Cookie } from "@remix-run/node";
import { BY_THE_DONOR, DONOR_ACTOR, DONOR_IDLE_MINUTES, LINK_MINUTES } from "~/content/giving";
import { givingLinkWords } from "~/content/giving-link";
import { nowDate } from "~/infra/clock.server";
import { readCookie } from "~/infra/cookies.server";
import { getDb, type DB } from "~/infra/db.server";
import { nodeEnvIs } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { getSessionSecrets } from "~/infra/session-secret.server";
import { hashToken, newToken } from "~/infra/secret-token.server";
import { donorGivingLinkMail, enqueueMail } from "~/mail/index.server";
import { getCharitySettings, recordAudit } from "~/site/index.server";
import { admitDoorAttempt } from "~/staff/index.server";
import {
  deleteDonorSession,
  findDonorLink,
  findLiveDonorSession,
  insertDonorLink,
  insertDonorSession,
  markDonorLinkUsed,
  touchDonorSession,
} from "~/supporters/models/donor.server";
import { findSupporterIdByEmail, listSupporterPledges } from "~/supporters/models/supporter.server";
import { givingPaths } from "~/utils/giving-paths";
import { DonorLinkError, DonorPortalError } from "./donor-refusals.server";

const MINUTE_MS = 60 * 1000;
/** A sign-in link works once, for this long. */
export const DONOR_LINK_TTL_MS = LINK_MINUTES * MINUTE_MS;
/** A donor session unused for this long has ended. */
export const DONOR_IDLE_MS = DONOR_IDLE_MINUTES * MINUTE_MS;
/** However active, a donor session ends this long after it began. */
export const DONOR_SESSION_MAX_MS = 8 * 60 * MINUTE_MS;
/** "Last seen" is written at most this often per session. */
const TOUCH_EVERY_MS = MINUTE_MS;
/** Every answer to a link request takes at least this long, whether or not a link was sent. */
export const LINK_REQUEST_MIN_MS = 300;

export const DONOR_COOKIE_NAME = "__donor";

let cookie: Cookie | undefined;

/** The donor session's cookie: signed, HTTP only, sent to /giving only, ended by the browser's close or the server's idle rule. */
function donorCookie(): Cookie {
  cookie ??= createCookie(DONOR_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnvIs("production"),
    path: "/giving",
    secrets: getSessionSecrets(),
  });
  return cookie;
}

/**
 * Asks for a sign-in link for `email`. The same answer (nothing) whether or not the address is a
 * donor's, after the same minimum time; a link is sent only to an address of a supporter who has
 * pledged. Throttled per address and per client (5 in 15 minutes each): a DonorPortalError 429.
 */
export async function requestDonorLink(
  email: string,
  request: Request,
  options: { minMs?: number } = {},
): Promise<void> {
  const started = performance.now();
  const address = email.trim().toLowerCase();
  const door = await admitDoorAttempt("giving-link", address, request);
  if (!door.allowed) throw new DonorPortalError(door.message, 429, door.retryAfterSeconds);
  const db = getDb();
  const supporterId = await findSupporterIdByEmail(db, address);
  if (supporterId !== undefined && (await listSupporterPledges(db, supporterId)).length > 0) {
    const token = newToken();
    const charity = await getCharitySettings(db);
    await db.transaction().execute(async (trx) => {
      await insertDonorLink(trx, {
        tokenHash: hashToken(token),
        supporterId,
        email: address,
        now: nowDate(),
        ttlMs: DONOR_LINK_TTL_MS,
      });
      const mail = donorGivingLinkMail(absoluteUrl(givingPaths.link(token)), charity);
      await enqueueMail(trx, { kind: "donor-giving-link", to: address, ...mail });
    });
    logger.info({ event: "giving.link_sent", supporter_id: supporterId }, "Your giving: sign-in link sent");
  }
  const wait = (options.minMs ?? LINK_REQUEST_MIN_MS) - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Whether a sign-in link would work, without using it up: what opening the link (a GET or HEAD,
 * which mail scanners and link previews make too) checks before it shows the "Sign in" button.
 * Throws the DonorLinkError signing in with it would.
 */
export async function checkDonorLink(token: string | undefined): Promise<void> {
  await usableDonorLink(token, nowDate());
}

async function usableDonorLink(token: string | undefined, now: Date) {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new DonorLinkError("invalid", givingLinkWords.linkBadText);
  }
  const tokenHash = hashToken(token);
  const link = await findDonorLink(getDb(), tokenHash);
  if (!link) throw new DonorLinkError("invalid", givingLinkWords.linkBadText);
  if (link.usedAt) throw new DonorLinkError("used", givingLinkWords.linkUsedText);
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new DonorLinkError("expired", givingLinkWords.linkExpiredText);
  return { link, tokenHash };
}

/**
 * Signs in with a sign-in link (the POST of its page's button): marks it used (once) and starts a donor session in its own transaction;
 * the Set-Cookie value. A link used before, expired or unknown throws a DonorLinkError. A
 * session this browser held already is ended.
 */
export async function openDonorLink(token: string | undefined, request: Request): Promise<string> {
  const db = getDb();
  const now = nowDate();
  const { link, tokenHash } = await usableDonorLink(token, now);
  const previous = await donorSessionToken(request);
  const sessionToken = newToken();
  const opened = await db.transaction().execute(async (trx) => {
    // Two tabs opening the same link at once: only one marks it used.
    if (!(await markDonorLinkUsed(trx, tokenHash, now))) return false;
    if (previous) await deleteDonorSession(trx, hashToken(previous));
    await insertDonorSession(trx, {
      id: hashToken(sessionToken),
      supporterId: link.supporterId,
      now,
      ttlMs: DONOR_SESSION_MAX_MS,
    });
    await recordAudit(trx, {
      entity: "supporter",
      entityId: link.supporterId,
      action: "donor.signed-in",
      detail: `Signed in to Your giving ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    return true;
  });
  if (!opened) throw new DonorLinkError("used", givingLinkWords.linkUsedText);
  return donorCookie().serialize(sessionToken);
}

async function donorSessionToken(request: Request): Promise<string | null> {
  if (readCookie(request, DONOR_COOKIE_NAME) === undefined) return null;
  try {
    const value = await donorCookie().parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
  } catch {
    return null;
  }
}

/** The supporter signed in to Your giving in this request, or null (no cookie, forged, ended, idle too long). Notes the use. */
export async function getDonorSupporterId(request: Request, db: DB = getDb()): Promise<number | null> {
  const token = await donorSessionToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = nowDate();
  const session = await findLiveDonorSession(db, id, now, new Date(now.getTime() - DONOR_IDLE_MS));
  if (!session) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) await touchDonorSession(db, id, now);
  return session.supporterId;
}

/** Ends the donor session in the request; the Set-Cookie value that clears the cookie. */
export async function endDonorSession(request: Request): Promise<string> {
  const token = await donorSessionToken(request);
  if (token) await deleteDonorSession(getDb(), hashToken(token));
  return donorCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
