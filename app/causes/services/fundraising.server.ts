// Long because a supporter's page has a whole life here: started from a public form (throttled
// per address, e-mailed a signed management link, an optional photo, optionally for an open
// appeal), changed by its owner through that link (a live page's change waits beside the approved
// version), reviewed by staff (approve, ask for changes, reject, take down, approve or refuse an
// owner's change, approve or hide messages; each audited and e-mailed), shown publicly with its
// figures and supporters, given to through the donate form, and its owner told of each gift as
// the money arrives.
import crypto from "node:crypto";
import { nowDate } from "~/infra/clock.server";
import { afterCommit, getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { deleteImage, storeImage, type StoredImage } from "~/infra/images.server";
import { logger } from "~/infra/logger.server";
import { markdownToText, renderMarkdown } from "~/infra/markdown.server";
import { pagesChanged } from "~/site/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { fundraisingMailWording as words } from "~/content/mail";
import { listAudit, recordAudit, type AuditEvent } from "~/site/index.server";
import { causeTotals, listAppeals, publicTotals, type CauseTotals } from "~/causes/models/appeal.server";
import {
  approvePledgeMessage,
  countPagesByEmailSince,
  countWaitingForStaff,
  hidePledgeMessage,
  pageGiftAidBase,
  proposePageEdit,
  setPageTarget,
  settlePendingEdit,
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
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { buildPageShareLinks } from "~/utils/share-links";
import { getAppeal, getAppealBySlug } from "~/causes/models/appeal.server";
import { appealIsOpen } from "./appeals.server";

export class FundraisingRefusal extends Refusal {
  /** The form field the refusal is about, when it is about one (shown beside it). */
  field?: string;
}

function fieldRefusal(field: string, message: string): FundraisingRefusal {
  return Object.assign(new FundraisingRefusal(message, 400), { field });
}

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
  if (input.kind === "share-my-day" && input.target === undefined) throw fieldRefusal("target", "Target is required");
  const appeal = await openAppealOf(input.appeal);
  const appealId = appeal?.id ?? null;
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
        targetPence: input.target ?? null,
        appealId,
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
      detail: `${created.kind}, ${targetWords(created.targetPence)}${created.sponsored ? ", sponsored event" : ""}${appeal ? `, for the appeal "${appeal.title}"` : ""}`,
      actor: "supporter",
      actorId: null,
    });
    const mail = pageOwnerMail(words.startedSubject(created.title), [words.startedIntro(created.ownerName)], charity, {
      link: { label: words.manageLabel, url: manageLink(created) },
    });
    await enqueueMail(trx, { kind: "fundraising.started", to: created.ownerEmail, ...mail });
    await alertStaff(trx, created, created.title, charity, false);
    return created;
  }).catch(forgetPhoto(stored));
  logger.info({ event: "fundraising_page.started", page_id: page.id }, "Fundraising page started");
  return page;
}

const amountOrNone = (pence: number | null) => (pence === null ? "none" : formatPence(pence));
const targetWords = (pence: number | null) => (pence === null ? "no target" : `target ${formatPence(pence)}`);

/** The appeal a new page names (its address), when it takes gifts today; refused on its field otherwise. */
async function openAppealOf(slug: string | undefined): Promise<{ id: number; title: string } | null> {
  if (!slug) return null;
  const appeal = await getAppealBySlug(getDb(), slug);
  if (!appeal || !appealIsOpen(appeal)) {
    throw fieldRefusal("appeal", "That appeal is not open: choose another from the list, or none");
  }
  return { id: appeal.id, title: appeal.title };
}

/** The open appeals a new page may raise money for (the form's list), newest first. */
export async function appealChoices(): Promise<{ slug: string; title: string }[]> {
  const appeals = await listAppeals(getDb());
  return appeals.filter((appeal) => appealIsOpen(appeal)).map(({ slug, title }) => ({ slug, title }));
}

/** Staff (STAFF_EMAIL, when set) hear of a page (or an owner's edit) to review, in the page's transaction. */
async function alertStaff(trx: DB, page: FundraisingPage, title: string, charity: CharitySettings, revised: boolean) {
  const { STAFF_EMAIL } = getEnv();
  if (!STAFF_EMAIL) return;
  const subject = revised ? words.staffRevisedSubject(title) : words.staffNewPageSubject(title);
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

/** What an owner's save came to: shown now (a new target alone), waiting for staff, or a page still in review. */
export type OwnerSave = "live" | "edit-waiting" | "review";

/**
 * The owner changes their page through the management link: title, story, target, photo. A page
 * waiting for review stays waiting. A live page stays live with the words staff approved: its new
 * words or photo wait beside it (the pending columns) until staff approve the edit, and a new
 * target alone shows at once. Audited as the owner's own, and staff are told (STAFF_EMAIL) when
 * there is something to review. A rejected or taken-down page is refused (409).
 */
export async function reviseOwnPage(
  token: string,
  input: PageEditInput,
): Promise<{ page: FundraisingPage; saved: OwnerSave }> {
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
  const targetPence = input.target ?? null;
  if (current.kind === "share-my-day" && targetPence === null) throw fieldRefusal("target", "Target is required");
  // What the owner sees in their form: their waiting edit if there is one, else the page as it is.
  const shown = ownerVersion(current);
  const stored = await storePhoto(input.image);
  const photo = stored
    ? photoColumns(stored, input.image_alt)
    : input.remove_image
      ? photoColumns(undefined, undefined)
      : {
          imageUpload: shown.imageUpload,
          imageWidths: shown.imageWidths,
          imageAlt: shown.imageUpload ? (input.image_alt ?? shown.imageAlt) : null,
        };
  const version = { title: input.title, story: input.story.replace(/\r\n?/g, "\n"), ...photo };
  const changed = [
    version.title !== shown.title ? "title" : null,
    version.story !== shown.story ? "story" : null,
    targetPence !== current.targetPence
      ? `target ${amountOrNone(current.targetPence)} → ${amountOrNone(targetPence)}`
      : null,
    version.imageUpload !== shown.imageUpload ? (version.imageUpload ? "photo" : "photo removed") : null,
    version.imageUpload && version.imageAlt !== shown.imageAlt ? "photo description" : null,
  ].filter((part): part is string => part !== null);
  const live = current.status === "approved";
  const sameAsLive =
    version.title === current.title &&
    version.story === current.story &&
    version.imageUpload === current.imageUpload &&
    (version.imageAlt ?? null) === (current.imageAlt ?? null);
  const charity = await getCharitySettings();
  const outcome = await immediateTransaction(getDb(), async (trx) => {
    let updated: FundraisingPage | undefined;
    let saved: OwnerSave;
    if (!live) {
      updated = await reviseFundraisingPage(trx, current.id, { ...version, targetPence }, OWNER_EDITABLE, "pending");
      saved = "review";
    } else if (sameAsLive) {
      // The approved words (again): a waiting edit, if any, is withdrawn; a new target shows at once.
      if (current.pendingAt) await settlePendingEdit(trx, current.id, false, current.staffMessage);
      updated = await setPageTarget(trx, current.id, targetPence);
      saved = "live";
    } else {
      updated = await proposePageEdit(trx, current.id, version, targetPence);
      saved = "edit-waiting";
    }
    if (!updated) throw new FundraisingRefusal("Our team has closed this page: it can no longer be changed.", 409);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: current.id,
      action: "fundraising-page.revised",
      detail: `${changed.join(", ") || "nothing changed"}; ${current.status} → ${updated.status}${saved === "edit-waiting" ? " (the edit waits for review; the approved version stays public)" : ""}`,
      actor: PAGE_OWNER_ACTOR,
      actorId: null,
    });
    if (live) await notePublicChange(trx);
    if (saved !== "live" && changed.length > 0) {
      await alertStaff(trx, updated, version.title, charity, true);
    }
    return { page: updated, saved };
  }).catch(forgetPhoto(stored));
  // Photos no version holds any more: the owner's earlier waiting photo, or the old live one.
  const kept = new Set(
    [outcome.page.imageUpload, outcome.page.pendingAt ? outcome.page.pendingImageUpload : null].filter(Boolean),
  );
  for (const key of new Set([current.imageUpload, current.pendingAt ? current.pendingImageUpload : null])) {
    if (key && !kept.has(key)) await deleteImage(key);
  }
  if (live) pagesChanged("fundraising-page");
  logger.info({ event: "fundraising_page.revised", page_id: current.id }, "Fundraising page changed by its owner");
  return outcome;
}

/** The page as its owner last wrote it: their waiting edit of a live page, or the page itself. */
export function ownerVersion(page: FundraisingPage) {
  return page.pendingAt
    ? {
        title: page.pendingTitle ?? page.title,
        story: page.pendingStory ?? page.story,
        imageUpload: page.pendingImageUpload,
        imageWidths: page.pendingImageWidths,
        imageAlt: page.pendingImageAlt,
      }
    : {
        title: page.title,
        story: page.story,
        imageUpload: page.imageUpload,
        imageWidths: page.imageWidths,
        imageAlt: page.imageAlt,
      };
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

export async function pagesForStaff(status?: FundraisingPageStatus | "review" | "messages") {
  return listFundraisingPages(getDb(), status);
}

export async function pageRecordForStaff(id: number): Promise<
  | {
      page: FundraisingPage;
      totals: CauseTotals;
      supporters: PageSupporter[];
      history: AuditEvent[];
      appeal: { id: number; title: string } | null;
    }
  | undefined
> {
  const db = getDb();
  const page = await getFundraisingPage(db, id);
  if (!page) return undefined;
  const [totals, supporters, history] = await Promise.all([
    causeTotals(db, { fundraisingPageId: id }),
    listPageSupporters(db, id, 100),
    listAudit(db, "fundraising-page", id),
  ]);
  const appeal = page.appealId === null ? undefined : await getAppeal(db, page.appealId);
  return { page, totals, supporters, history, appeal: appeal ? { id: appeal.id, title: appeal.title } : null };
}

/** Which states each decision on a page applies to, and where it leads (an owner's edit is decided apart). */
const DECISIONS: Record<
  Exclude<PageDecision, "approve-edit" | "reject-edit">,
  { to: FundraisingPageStatus; from: FundraisingPageStatus[] }
> = {
  approve: { to: "approved", from: ["pending", "changes-requested", "rejected", "taken-down"] },
  changes: { to: "changes-requested", from: ["pending", "changes-requested"] },
  reject: { to: "rejected", from: ["pending", "changes-requested"] },
  "take-down": { to: "taken-down", from: ["approved"] },
};

/**
 * Staff decide on a page: it changes state (approved pages are public, a taken-down page stops
 * being public at once), or staff approve or reject the owner's waiting edit of a live page (the
 * page stays public either way: with the new words, or with the approved ones). The decision and
 * its message are audited and the owner is e-mailed, in one transaction. A decision that does not
 * apply to the page's state is refused (409).
 */
export async function decideOnPage(
  id: number,
  decision: PageDecision,
  message: string | null,
  actor: { id: number; username: string },
): Promise<FundraisingPage> {
  let before: FundraisingPage | undefined;
  const page = await immediateTransaction(getDb(), async (trx) => {
    const current = await getFundraisingPage(trx, id);
    if (!current) throw new FundraisingRefusal("This page no longer exists", 404);
    before = current;
    const updated =
      decision === "approve-edit" || decision === "reject-edit"
        ? await settlePendingEdit(trx, id, decision === "approve-edit", message)
        : await setFundraisingPageStatus(trx, id, DECISIONS[decision].to, DECISIONS[decision].from, message);
    if (!updated) {
      throw new FundraisingRefusal(
        decision.endsWith("-edit")
          ? "No change by the owner is waiting: that decision does not apply"
          : `This page is ${current.status.replace("-", " ")}: that decision does not apply`,
        409,
      );
    }
    await notePublicChange(trx);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: id,
      action: `fundraising-page.${decision}`,
      detail: `${current.status} → ${updated.status}${decision.endsWith("-edit") ? ` (the owner's edit ${decision === "approve-edit" ? "is live" : "was not published"})` : ""}${message ? `. Message: ${message}` : ""}`,
      actor: actor.username,
      actorId: actor.id,
    });
    await queueDecisionMail(trx, updated, decision, message);
    return updated;
  });
  // A photo no version holds any more (the old live one, or the refused edit's).
  if (before) {
    const kept = new Set([page.imageUpload, page.pendingAt ? page.pendingImageUpload : null]);
    for (const key of new Set([before.imageUpload, before.pendingAt ? before.pendingImageUpload : null])) {
      if (key && !kept.has(key)) await deleteImage(key);
    }
  }
  pagesChanged("fundraising-page");
  logger.info({ event: `fundraising_page.${decision}`, page_id: id }, "Fundraising page decided");
  return page;
}

async function queueDecisionMail(trx: DB, page: FundraisingPage, decision: PageDecision, message: string | null) {
  const charity = await charitySettingsIn(trx);
  const pageLink = { label: words.pageLinkLabel, url: absoluteUrl(fundraisePath(page.slug)) };
  const manage = { label: words.manageLabel, url: manageLink(page) };
  const tribute = page.kind === "memoriam";
  const mails: Record<PageDecision, () => ReturnType<typeof pageOwnerMail>> = {
    approve: () =>
      pageOwnerMail(words.approvedSubject(page.title), [words.approvedText(tribute)], charity, {
        quote: message,
        link: pageLink,
      }),
    changes: () =>
      pageOwnerMail(words.changesSubject(page.title), [words.changesText], charity, { quote: message, link: manage }),
    reject: () => pageOwnerMail(words.rejectedSubject(page.title), [words.rejectedText], charity, { quote: message }),
    "take-down": () =>
      pageOwnerMail(words.takenDownSubject(page.title), [words.takenDownText], charity, { quote: message }),
    "approve-edit": () =>
      pageOwnerMail(words.editApprovedSubject(page.title), [words.editApprovedText], charity, {
        quote: message,
        link: pageLink,
      }),
    "reject-edit": () =>
      pageOwnerMail(words.editRejectedSubject(page.title), [words.editRejectedText], charity, {
        quote: message,
        link: manage,
      }),
  };
  await enqueueMail(trx, { kind: `fundraising.${decision}`, to: page.ownerEmail, ...mails[decision]() });
}

/** Staff hide a donor's message on a page: kept on the gift, never shown publicly; audited. */
export async function hideMessage(pageId: number, pledgeId: number, actor: { id: number; username: string }) {
  const hidden = await immediateTransaction(getDb(), async (trx) => {
    const done = await hidePledgeMessage(trx, pageId, pledgeId);
    if (!done) return false;
    await notePublicChange(trx);
    await recordAudit(trx, {
      entity: "fundraising-page",
      entityId: pageId,
      action: "fundraising-page.message-hidden",
      detail: `message of pledge ${pledgeId}`,
      actor: actor.username,
      actorId: actor.id,
    });
    return true;
  });
  if (!hidden) throw new FundraisingRefusal("No such message to hide", 404);
  pagesChanged("fundraising-page");
}

/** The overview's tiles: pages (or owners' edits) to review, tribute messages waiting. */
export function waitingForStaff() {
  return countWaitingForStaff(getDb());
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
  const [totals, supporters, giftAidBase, appeal] = await Promise.all([
    causeTotals(db, { fundraisingPageId: page.id }),
    listPageSupporters(db, page.id, 20),
    pageGiftAidBase(db, page.id),
    page.appealId === null ? undefined : getAppeal(db, page.appealId),
  ]);
  const tribute = page.kind === "memoriam";
  const url = absoluteUrl(fundraisePath(page.slug));
  return {
    slug: page.slug,
    url,
    kind: page.kind,
    title: page.title,
    ownerName: page.ownerName,
    storyHtml: renderMarkdown(page.story),
    summary: markdownToText(page.story).slice(0, 200),
    image: responsiveImage(page.imageUpload, page.imageWidths, page.imageAlt),
    targetPence: page.targetPence,
    occasion: page.occasion,
    inMemoryOf: page.inMemoryOf,
    appeal: appeal ? { slug: appeal.slug, title: appeal.title } : null,
    totals: publicTotals(totals),
    /** The Gift Aid the page's gifts with a declaration bring (money received only), shown beside the total. */
    giftAidPence: giftAidOnPence(giftAidBase),
    shareLinks: buildPageShareLinks(url, page.title),
    supporters: supporters.map((s) => ({
      id: s.pledgeId,
      name: s.name,
      amountPence: s.amountPence,
      message: shownMessage(s, tribute),
    })),
  };
}

/** A donor's message as the public sees it: never once hidden, and on a tribute page only once approved. */
function shownMessage(s: PageSupporter, tribute: boolean): string | null {
  if (!s.message || s.messageHidden) return null;
  return !tribute || s.messageApproved ? s.message : null;
}

/**
 * What the owner's page (their link) lists to thank people: every gift through it with money
 * received, with the donor's first name and message as given (the owner sees an anonymous
 * donor's gift as anonymous, and a hidden amount as hidden), and whether the message is public.
 */
export async function ownerGiftList(page: FundraisingPage) {
  const db = getDb();
  const [totals, supporters, giftAidBase] = await Promise.all([
    causeTotals(db, { fundraisingPageId: page.id }),
    listPageSupporters(db, page.id, 200),
    pageGiftAidBase(db, page.id),
  ]);
  const tribute = page.kind === "memoriam";
  return {
    totals: publicTotals(totals),
    giftAidPence: giftAidOnPence(giftAidBase),
    gifts: supporters.map((s) => ({
      id: s.pledgeId,
      name: s.name,
      amountPence: s.amountPence,
      on: s.createdAt,
      message: s.messageHidden ? null : s.message,
      messageState: !s.message || s.messageHidden ? null : shownMessage(s, tribute) ? "public" : "waiting",
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

/** Where a gift's thank-you leads back to: the public page it was given through, or null. */
export async function pageBackLink(fundraisingPageId: number | null): Promise<{ path: string; title: string } | null> {
  if (fundraisingPageId === null) return null;
  const page = await getFundraisingPage(getDb(), fundraisingPageId);
  return page && page.status === "approved" ? { path: fundraisePath(page.slug), title: page.title } : null;
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
  const text = page.kind === "memoriam" ? words.tributeGiftText(who, amount) : words.giftText(who, amount);
  const mail = pageOwnerMail(words.giftSubject(page.title), [text], charity, {
    link: { label: words.pageLinkLabel, url: absoluteUrl(fundraisePath(page.slug)) },
  });
  await enqueueMail(trx, { kind: "fundraising.gift", to: page.ownerEmail, ...mail });
  // Whatever recorded the money (a card webhook, a bank import, staff), this instance's cached
  // copy of the page (and its appeal's) goes once it is committed, so the page's total matches
  // the e-mail its owner reads. Other instances within their cache's 60 s: no counter row is
  // moved per gift (docs/decisions/0030-appeal-figures-from-the-pledges.md).
  await afterCommit(trx, dropCausePages);
}

const dropCausePages = () => pagesChanged("gift-to-cause");
