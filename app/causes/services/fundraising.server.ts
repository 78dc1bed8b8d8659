// Long because a supporter's page has a whole life here: started from a public form (throttled
// per address, e-mailed a signed management link, an optional photo), changed by its owner through
// that link (back to review), reviewed by staff (approve, ask for changes,
// reject, take down; each audited and e-mailed), shown publicly with its figures and supporters,
// given to through the donate form, and its owner told of each gift as the money arrives.
import crypto from "node:crypto";
import { nowDate } from "~/infra/clock.server";
import { getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { deleteImage, storeImage, type StoredImage } from "~/infra/images.server";
import { logger } from "~/infra/logger.server";
import { markdownToText, renderMarkdown } from "~/infra/markdown.server";
import { pagesChanged } from "~/site/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { fundraisingMailWording as words } from "~/content/mail";
import { listAudit, recordAudit, type AuditEvent } from "~/site/index.server";
import { causeTotals, publicTotals, type CauseTotals } from "~/causes/models/appeal.server";
import {
  approvePledgeMessage,
  countPagesByEmailSince,
  getFundraisingPage,
  getFundraisingPageBySlug,
  giftVisibility,
  insertFundraisingPage,
  listFundraisingPages,
  listPageSupporters,
  listPublicFundraisingPages,
  reviseFundraisingPage,
  setFundraisingPageStatus,
  type FundraisingPage,
  type FundraisingPageStatus,
  type PageSupporter,
} from "~/causes/models/fundraising-page.server";
import { enqueueMail } from "~/mail/index.server";
import type { Payment } from "~/giving/index.server";
import type { Pledge } from "~/giving/index.server";
import type { PageDecision, PageEditInput, StartPageInput } from "~/causes/schemas/fundraising-page";
import { adminPaths } from "~/utils/admin-paths";
import type { CharitySettings } from "~/utils/charity-settings";
import { responsiveImage } from "~/utils/images";
import { formatPence } from "~/utils/money";
import { charitySettingsIn, getCharitySettings } from "~/site/index.server";
import { pageOwnerMail } from "~/mail/index.server";
import { Refusal } from "~/utils/refusal";

export class FundraisingRefusal extends Refusal {}

export type { FundraisingPage, FundraisingPageStatus, PageSupporter };

/** Pages one address may start in a day: more is refused (429), whatever client sends them. */
export const PAGES_PER_ADDRESS_PER_DAY = 3;
const MANAGE_LINK_DAYS = 90;
const MANAGE_PURPOSE = "fundraising-page";

/** The address of a public page. */
export const fundraisePath = (slug: string) => `/fundraise/${slug}`;

/** "Anna's 40th birthday!" → "annas-40th-birthday" (ASCII letters and digits, at most 50). */
export function slugOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return base || "page";
}

function slugCandidates(title: string): string[] {
  const base = slugOf(title);
  return [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`), `${base}-${crypto.randomBytes(4).toString("hex")}`];
}

/** The owner's management link: signed, no row needed, for 90 days. */
export function manageLink(page: Pick<FundraisingPage, "id">, now: Date = nowDate()): string {
  const expires = new Date(now.getTime() + MANAGE_LINK_DAYS * 24 * 60 * 60 * 1000);
  return absoluteUrl(`/fundraise/manage/${signLinkToken(MANAGE_PURPOSE, [String(page.id)], expires)}`);
}

/**
 * A supporter starts a page: refused (429) past PAGES_PER_ADDRESS_PER_DAY from one address; the
 * page waits for staff (not public), the owner is e-mailed the management link and staff (when
 * STAFF_EMAIL is set) are told, all in one transaction with the page.
 */
export async function startFundraisingPage(input: StartPageInput): Promise<FundraisingPage> {
  const charity = await getCharitySettings();
  const since = new Date(nowDate().getTime() - 24 * 60 * 60 * 1000).toISOString();
  // The photo is decoded and stored first (ImageRejected says why not); it goes if the page does not.
  const stored = await storePhoto(input.image);
  const page = await immediateTransaction(getDb(), async (trx) => {
    if ((await countPagesByEmailSince(trx, input.email, since)) >= PAGES_PER_ADDRESS_PER_DAY) {
      throw new FundraisingRefusal(
        "You have started several pages today already: please wait a day, or write to us if you need another.",
        429,
        24 * 60 * 60,
      );
    }
    const created = await insertFundraisingPage(
      trx,
      {
        kind: input.kind,
        ownerName: input.name,
        ownerEmail: input.email,
        title: input.title,
        story: input.story.replace(/\r\n?/g, "\n"),
        targetPence: input.target,
        occasion: input.kind === "share-my-day" ? (input.occasion ?? null) : null,
        inMemoryOf: input.kind === "memoriam" ? (input.in_memory_of ?? null) : null,
        sponsored: input.kind === "share-my-day" && input.sponsored,
        ...photoColumns(stored, input.image_alt),
      },
      slugCandidates(input.title),
    );
    if (!created) throw new Error("No free address for a fundraising page");
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: created.id,
      action: "fundraising-page.started",
      detail: `${created.kind}, target ${formatPence(created.targetPence)}${created.sponsored ? ", sponsored event" : ""}`,
      actor: "supporter",
      actorId: null,
    });
    const mail = pageOwnerMail(words.startedSubject(created.title), [words.startedIntro(created.ownerName)], charity, {
      link: { label: words.manageLabel, url: manageLink(created) },
    });
    await enqueueMail(trx, { kind: "fundraising.started", to: created.ownerEmail, ...mail });
    await alertStaff(trx, created, words.staffNewPageSubject(created.title), charity);
    return created;
  }).catch(forgetPhoto(stored));
  logger.info({ event: "fundraising_page.started", page_id: page.id }, "Fundraising page started");
  return page;
}

/** Staff (STAFF_EMAIL, when set) hear of a page to review, in the page's transaction. */
async function alertStaff(trx: DB, page: FundraisingPage, subject: string, charity: CharitySettings) {
  const { STAFF_EMAIL } = getEnv();
  if (!STAFF_EMAIL) return;
  const alert = pageOwnerMail(subject, [], charity, {
    link: { label: "Review it in the staff area:", url: absoluteUrl(adminPaths.fundraisingPage(page.id)) },
  });
  await enqueueMail(trx, { kind: "fundraising.staff", to: STAFF_EMAIL, ...alert });
}

/** A photo stored for a change that did not happen goes; the error goes on. */
function forgetPhoto(stored: StoredImage | undefined) {
  return async (error: unknown): Promise<never> => {
    if (stored) await deleteImage(stored.key);
    throw error;
  };
}

async function storePhoto(photo: File | undefined): Promise<StoredImage | undefined> {
  return photo ? storeImage(new Uint8Array(await photo.arrayBuffer())) : undefined;
}

function photoColumns(stored: StoredImage | undefined, alt: string | undefined) {
  return stored
    ? { imageUpload: stored.key, imageWidths: stored.widths.join(","), imageAlt: alt ?? null }
    : { imageUpload: null, imageWidths: null, imageAlt: null };
}

/** The states in which the owner may still change their page (not once staff rejected or took it down). */
const OWNER_EDITABLE: FundraisingPageStatus[] = ["pending", "changes-requested", "approved"];

/** Whether the owner may change their page now. */
export const ownerMayEdit = (page: Pick<FundraisingPage, "status">) => OWNER_EDITABLE.includes(page.status);

/** The one who changes a page through its management link, as the history names them. */
export const PAGE_OWNER_ACTOR = "the page owner (their link)";

/**
 * The owner changes their page through the management link: title, story, target, photo. A page
 * waiting for review stays waiting; a live page whose words or photo change goes back to review
 * and is not public until staff approve it again (what staff approved is what the public sees);
 * a change of target alone keeps it live. Audited as the owner's own, and staff are told
 * (STAFF_EMAIL) when there is something to review. A rejected or taken-down page is refused (409).
 */
export async function reviseOwnPage(token: string, input: PageEditInput): Promise<FundraisingPage> {
  const found = await pageOfManageToken(token);
  if (!found.ok) {
    throw new FundraisingRefusal(
      found.status === 410 ? "This link has expired" : "This link is not valid",
      found.status,
    );
  }
  const current = found.page;
  if (!ownerMayEdit(current)) {
    throw new FundraisingRefusal("Our team has closed this page: it can no longer be changed. Write to us.", 409);
  }
  const stored = await storePhoto(input.image);
  const photo = stored
    ? photoColumns(stored, input.image_alt)
    : input.remove_image
      ? photoColumns(undefined, undefined)
      : {
          imageUpload: current.imageUpload,
          imageWidths: current.imageWidths,
          imageAlt: current.imageUpload ? (input.image_alt ?? current.imageAlt) : null,
        };
  const change = {
    title: input.title,
    story: input.story.replace(/\r\n?/g, "\n"),
    targetPence: input.target,
    ...photo,
  };
  const changed = [
    change.title !== current.title ? "title" : null,
    change.story !== current.story ? "story" : null,
    change.targetPence !== current.targetPence
      ? `target ${formatPence(current.targetPence)} → ${formatPence(change.targetPence)}`
      : null,
    change.imageUpload !== current.imageUpload ? (change.imageUpload ? "photo" : "photo removed") : null,
    change.imageUpload && change.imageAlt !== current.imageAlt ? "photo description" : null,
  ].filter((part): part is string => part !== null);
  const targetOnly = changed.length === 1 && change.targetPence !== current.targetPence;
  const status: FundraisingPageStatus = current.status === "approved" && targetOnly ? "approved" : "pending";
  const charity = await getCharitySettings();
  const page = await immediateTransaction(getDb(), async (trx) => {
    const updated = await reviseFundraisingPage(trx, current.id, change, OWNER_EDITABLE, status);
    if (!updated) throw new FundraisingRefusal("Our team has closed this page: it can no longer be changed.", 409);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: current.id,
      action: "fundraising-page.revised",
      detail: `${changed.join(", ") || "nothing changed"}; ${current.status} → ${updated.status}`,
      actor: PAGE_OWNER_ACTOR,
      actorId: null,
    });
    if (current.status === "approved") await notePublicChange(trx);
    if (updated.status === "pending" && changed.length > 0) {
      await alertStaff(trx, updated, words.staffRevisedSubject(updated.title), charity);
    }
    return updated;
  }).catch(forgetPhoto(stored));
  if (current.imageUpload && current.imageUpload !== page.imageUpload) await deleteImage(current.imageUpload);
  if (current.status === "approved") pagesChanged("fundraising-page");
  logger.info({ event: "fundraising_page.revised", page_id: page.id }, "Fundraising page changed by its owner");
  return page;
}

/** The page a management link names, or the link's 404/410. */
export async function pageOfManageToken(
  token: string,
): Promise<{ ok: true; page: FundraisingPage } | { ok: false; status: 404 | 410 }> {
  const check = verifyLinkToken(MANAGE_PURPOSE, token, 1, nowDate());
  if (!check.ok) return { ok: false, status: check.status };
  const page = await getFundraisingPage(getDb(), Number(check.fields[0]));
  return page ? { ok: true, page } : { ok: false, status: 404 };
}

// ---- Staff ----

export async function pagesForStaff(status?: FundraisingPageStatus) {
  return listFundraisingPages(getDb(), status);
}

export async function pageRecordForStaff(
  id: number,
): Promise<
  { page: FundraisingPage; totals: CauseTotals; supporters: PageSupporter[]; history: AuditEvent[] } | undefined
> {
  const db = getDb();
  const page = await getFundraisingPage(db, id);
  if (!page) return undefined;
  const [totals, supporters, history] = await Promise.all([
    causeTotals(db, { fundraisingPageId: id }),
    listPageSupporters(db, id, 100),
    listAudit(db, "fundraising-page", id),
  ]);
  return { page, totals, supporters, history };
}

/** Which states each decision applies to, and where it leads. */
const DECISIONS: Record<PageDecision, { to: FundraisingPageStatus; from: FundraisingPageStatus[] }> = {
  approve: { to: "approved", from: ["pending", "changes-requested", "rejected", "taken-down"] },
  changes: { to: "changes-requested", from: ["pending", "changes-requested"] },
  reject: { to: "rejected", from: ["pending", "changes-requested"] },
  "take-down": { to: "taken-down", from: ["approved"] },
};

/**
 * Staff decide on a page: it changes state (approved pages are public, a taken-down page stops
 * being public at once), the decision and its message are audited, and the owner is e-mailed,
 * in one transaction. A decision that does not apply to the page's state is refused (409).
 */
export async function decideOnPage(
  id: number,
  decision: PageDecision,
  message: string | null,
  actor: { id: number; username: string },
): Promise<FundraisingPage> {
  const rule = DECISIONS[decision];
  const page = await immediateTransaction(getDb(), async (trx) => {
    const current = await getFundraisingPage(trx, id);
    if (!current) throw new FundraisingRefusal("This page no longer exists", 404);
    const updated = await setFundraisingPageStatus(trx, id, rule.to, rule.from, message);
    if (!updated) {
      throw new FundraisingRefusal(
        `This page is ${current.status.replace("-", " ")}: that decision does not apply`,
        409,
      );
    }
    await notePublicChange(trx);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: id,
      action: `fundraising-page.${decision}`,
      detail: `${current.status} → ${updated.status}${message ? `. Message: ${message}` : ""}`,
      actor: actor.username,
      actorId: actor.id,
    });
    await queueDecisionMail(trx, updated, decision, message);
    return updated;
  });
  pagesChanged("fundraising-page");
  logger.info({ event: `fundraising_page.${decision}`, page_id: id }, "Fundraising page decided");
  return page;
}

async function queueDecisionMail(trx: DB, page: FundraisingPage, decision: PageDecision, message: string | null) {
  const charity = await charitySettingsIn(trx);
  const publicUrl = absoluteUrl(fundraisePath(page.slug));
  const mail =
    decision === "approve"
      ? pageOwnerMail(words.approvedSubject(page.title), [words.approvedText], charity, {
          quote: message,
          link: { label: publicUrl, url: publicUrl },
        })
      : decision === "changes"
        ? pageOwnerMail(words.changesSubject(page.title), [words.changesText], charity, {
            quote: message,
            link: { label: words.manageLabel, url: manageLink(page) },
          })
        : decision === "reject"
          ? pageOwnerMail(words.rejectedSubject(page.title), [words.rejectedText], charity, { quote: message })
          : pageOwnerMail(words.takenDownSubject(page.title), [words.takenDownText], charity, { quote: message });
  await enqueueMail(trx, { kind: `fundraising.${decision}`, to: page.ownerEmail, ...mail });
}

/** Staff approve a gift's message on a tribute page: shown from now on; audited. */
export async function approveMessage(pageId: number, pledgeId: number, actor: { id: number; username: string }) {
  const approved = await immediateTransaction(getDb(), async (trx) => {
    const done = await approvePledgeMessage(trx, pageId, pledgeId);
    if (!done) return false;
    await notePublicChange(trx);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: pageId,
      action: "fundraising-page.message-approved",
      detail: `message of pledge ${pledgeId}`,
      actor: actor.username,
      actorId: actor.id,
    });
    return true;
  });
  if (!approved) throw new FundraisingRefusal("No such message waiting for approval", 404);
  pagesChanged("fundraising-page");
}

// ---- Public ----

/** What /fundraise/{slug} shows: only an approved page; a tribute page's messages once approved. */
export async function publicFundraisingPage(slug: string) {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return undefined;
  const db = getDb();
  const page = await getFundraisingPageBySlug(db, slug);
  if (!page || page.status !== "approved") return undefined;
  const [totals, supporters] = await Promise.all([
    causeTotals(db, { fundraisingPageId: page.id }),
    listPageSupporters(db, page.id, 20),
  ]);
  const tribute = page.kind === "memoriam";
  return {
    slug: page.slug,
    kind: page.kind,
    title: page.title,
    ownerName: page.ownerName,
    storyHtml: renderMarkdown(page.story),
    summary: markdownToText(page.story).slice(0, 200),
    image: responsiveImage(page.imageUpload, page.imageWidths, page.imageAlt),
    targetPence: page.targetPence,
    occasion: page.occasion,
    inMemoryOf: page.inMemoryOf,
    totals: publicTotals(totals),
    supporters: supporters.map((s) => ({
      id: s.pledgeId,
      name: s.name,
      amountPence: s.amountPence,
      message: s.message && (!tribute || s.messageApproved) ? s.message : null,
    })),
  };
}

/** A page a gift may be given through on the donate form: only an approved one. */
export async function pageForGift(
  slug: string,
): Promise<{ id: number; slug: string; title: string; ownerName: string } | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const page = await getFundraisingPageBySlug(getDb(), slug);
  if (!page || page.status !== "approved") return null;
  return { id: page.id, slug: page.slug, title: page.title, ownerName: page.ownerName };
}

/** For the sitemap: approved pages only. */
export function sitemapFundraisingPages() {
  return listPublicFundraisingPages(getDb());
}

/**
 * The page owner hears of each gift through their page as its money arrives (called by the
 * ledger inside the payment's transaction, for a pledge given through a page): the donor's first
 * name unless they gave anonymously, the amount unless they hid it.
 */
export async function queuePageOwnerGiftMail(trx: DB, pledge: Pledge, payment: Payment): Promise<void> {
  if (pledge.fundraisingPageId === null) return;
  const page = await getFundraisingPage(trx, pledge.fundraisingPageId);
  if (!page) return;
  const shown = await giftVisibility(trx, pledge.id);
  const who = shown.showName ? pledge.firstName : words.someone;
  const amount = shown.showAmount ? formatPence(payment.amountPence) : "a gift";
  const charity = await charitySettingsIn(trx);
  const url = absoluteUrl(fundraisePath(page.slug));
  const mail = pageOwnerMail(words.giftSubject(page.title), [words.giftText(who, amount)], charity, {
    link: { label: url, url },
  });
  await enqueueMail(trx, { kind: "fundraising.gift", to: page.ownerEmail, ...mail });
}
