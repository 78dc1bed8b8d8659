import { getDb, notePublicChange } from "~/infra/db.server";
import { deleteImage, storeImage, type StoredImage } from "~/infra/images.server";
import { logger } from "~/infra/logger.server";
import { renderMarkdown, markdownToText } from "~/infra/markdown.server";
import { pagesChanged } from "~/site/index.server";
import { londonToday } from "~/infra/clock.server";
import { listAudit, recordAudit, type AuditEvent } from "~/site/index.server";
import {
  causeTotals,
  publicTotals,
  getAppeal,
  getAppealBySlug,
  insertAppeal,
  listAppeals,
  listAppealSlugs,
  slugTaken,
  updateAppeal,
  type Appeal,
  type AppealInput,
  type CauseTotals,
} from "~/causes/models/appeal.server";
import { topPagesOfAppeal } from "~/causes/models/fundraising-page.server";
import type { Role } from "~/utils/admin-paths";
import { responsiveImage } from "~/utils/images";
import { formatPence } from "~/utils/money";
import { Refusal } from "~/utils/refusal";
import { firstFreeSlug, slugify } from "~/utils/slug";
import { indexAppeal } from "~/publishing/index.server";

// The charity's appeals: staff create and edit them (Appeals section); the public page shows the
// story, the goal and what has been given, computed from the appeal's pledges on each uncached
// render (app/causes/models/appeal.server.ts causeTotals). Changes drop the cached pages (docs/decisions/0021-what-a-shared-cache-may-keep.md, 0030).

export class AppealRefusal extends Refusal {}

export type { Appeal, CauseTotals };

/** Who may change an appeal's goal, dates and whether it is open; an editor changes its words and photo. */
export function mayManageAppeals(role: Role): boolean {
  return role === "admin" || role === "fundraising";
}

/** Whether an appeal takes gifts today: open, and today within its start and end (UK days). */
export function appealIsOpen(appeal: Pick<Appeal, "isOpen" | "startsOn" | "endsOn">, today = londonToday()): boolean {
  if (!appeal.isOpen) return false;
  if (appeal.startsOn && today < appeal.startsOn) return false;
  if (appeal.endsOn && today > appeal.endsOn) return false;
  return true;
}

export async function appealsWithTotals(): Promise<(Appeal & { totals: CauseTotals; open: boolean })[]> {
  const db = getDb();
  const appeals = await listAppeals(db);
  return Promise.all(
    appeals.map(async (appeal) => ({
      ...appeal,
      open: appealIsOpen(appeal),
      totals: await causeTotals(db, { appealId: appeal.id }),
    })),
  );
}

export async function appealRecord(
  id: number,
): Promise<{ appeal: Appeal; totals: CauseTotals; history: AuditEvent[] } | undefined> {
  const db = getDb();
  const appeal = await getAppeal(db, id);
  if (!appeal) return undefined;
  const [totals, history] = await Promise.all([causeTotals(db, { appealId: id }), listAudit(db, "appeal", id)]);
  return { appeal, totals, history };
}

interface Actor {
  id: number;
  username: string;
  role: Role;
}

interface PhotoChange {
  photo?: File;
  imageAlt?: string | null;
}

async function storePhoto(photo: File | undefined): Promise<StoredImage | undefined> {
  return photo ? storeImage(new Uint8Array(await photo.arrayBuffer())) : undefined;
}

function describe(appeal: Appeal): string {
  const parts = [`goal ${formatPence(appeal.goalPence)}`];
  if (appeal.goalDonors) parts.push(`${appeal.goalDonors} donors`);
  parts.push(appeal.isOpen ? "open" : "closed");
  if (appeal.startsOn || appeal.endsOn) parts.push(`${appeal.startsOn ?? "…"} to ${appeal.endsOn ?? "…"}`);
  return parts.join(", ");
}

/** A new appeal (admin and fundraising); refused when its address is taken. */
export async function createAppeal(input: AppealInput, change: PhotoChange, actor: Actor): Promise<Appeal> {
  if (!mayManageAppeals(actor.role)) throw new AppealRefusal("Only admin and fundraising staff create appeals", 409);
  // No address given: one is made from the title, as an event's is (winter-appeal, winter-appeal-2…).
  if (!input.slug) {
    const db = getDb();
    input = {
      ...input,
      slug: await firstFreeSlug(slugify(input.title, "appeal"), (slug) => slugTaken(db, slug, null)),
    };
  }
  const stored = await storePhoto(change.photo);
  try {
    const appeal = await getDb()
      .transaction()
      .execute(async (trx) => {
        const created = await insertAppeal(trx, input, {
          imageUpload: stored?.key ?? null,
          imageWidths: stored ? stored.widths.join(",") : null,
          imageAlt: stored ? (change.imageAlt ?? null) : null,
        });
        if (!created) throw new AppealRefusal("Another appeal has this address: choose another", 409);
        await notePublicChange(trx);
        await indexAppeal(trx, created);
        await recordAudit(trx, {
          entity: "appeal",
          entityId: created.id,
          action: "appeal.created",
          detail: describe(created),
          actor: actor.username,
          actorId: actor.id,
        });
        return created;
      });
    pagesChanged("appeal");
    logger.info({ event: "appeal.created", appeal_id: appeal.id }, "Appeal created");
    return appeal;
  } catch (error) {
    if (stored) await deleteImage(stored.key);
    throw error;
  }
}

/**
 * Saves an appeal's changes. An editor's change keeps the goal, dates and open/closed as they
 * were (only admin and fundraising set those); the address (slug) stays unique.
 */
export async function reviseAppeal(
  id: number,
  input: AppealInput,
  change: PhotoChange & { removePhoto?: boolean },
  actor: Actor,
): Promise<Appeal> {
  const db = getDb();
  const current = await getAppeal(db, id);
  if (!current) throw new AppealRefusal("This appeal no longer exists", 404);
  const manage = mayManageAppeals(actor.role);
  const fields: Partial<AppealInput> = manage
    ? { ...input, slug: input.slug || current.slug }
    : { title: input.title, story: input.story, slug: current.slug };
  if (fields.slug && fields.slug !== current.slug && (await slugTaken(db, fields.slug, id))) {
    throw new AppealRefusal("Another appeal has this address: choose another", 409);
  }
  const stored = await storePhoto(change.photo);
  const photo = stored
    ? { imageUpload: stored.key, imageWidths: stored.widths.join(","), imageAlt: change.imageAlt ?? null }
    : change.removePhoto
      ? { imageUpload: null, imageWidths: null, imageAlt: null }
      : current.imageUpload
        ? {
            imageUpload: current.imageUpload,
            imageWidths: current.imageWidths,
            imageAlt: change.imageAlt ?? current.imageAlt,
          }
        : undefined;
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const saved = await updateAppeal(trx, id, fields, photo);
      if (!saved) throw new AppealRefusal("This appeal no longer exists", 404);
      await notePublicChange(trx);
      await indexAppeal(trx, saved);
      const words = saved.title !== current.title || saved.story !== current.story ? "text changed; " : "";
      await recordAudit(trx, {
        entity: "appeal",
        entityId: id,
        action: "appeal.updated",
        detail: `${words}${describe(saved)}`,
        actor: actor.username,
        actorId: actor.id,
      });
      return saved;
    });
    if (current.imageUpload && current.imageUpload !== updated.imageUpload) await deleteImage(current.imageUpload);
    pagesChanged("appeal");
    logger.info({ event: "appeal.updated", appeal_id: id }, "Appeal updated");
    return updated;
  } catch (error) {
    if (stored) await deleteImage(stored.key);
    throw error;
  }
}

/** What the public page shows: the appeal, its story as HTML, its photo and its figures now. */
export async function publicAppeal(slug: string) {
  const db = getDb();
  const appeal = await getAppealBySlug(db, slug);
  if (!appeal) return undefined;
  // Only money received: an unpaid pledge of any size could be posted by anyone (§ "Promised").
  // The appeal's figures count its supporters' pages' gifts too, each gift once.
  const [figures, topPages] = await Promise.all([
    causeTotals(db, { appealId: appeal.id }),
    topPagesOfAppeal(db, appeal.id, 5),
  ]);
  const totals = publicTotals(figures);
  return {
    slug: appeal.slug,
    title: appeal.title,
    storyHtml: renderMarkdown(appeal.story),
    summary: markdownToText(appeal.story).slice(0, 200),
    image: responsiveImage(appeal.imageUpload, appeal.imageWidths, appeal.imageAlt),
    goalPence: appeal.goalPence,
    goalDonors: appeal.goalDonors,
    startsOn: appeal.startsOn,
    endsOn: appeal.endsOn,
    open: appealIsOpen(appeal),
    totals,
    topPages,
  };
}

/** An appeal a gift may name on the donate form: its id and title, and whether it takes gifts today. */
export async function appealForGift(
  slug: string,
): Promise<{ id: number; slug: string; title: string; open: boolean } | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const appeal = await getAppealBySlug(getDb(), slug);
  return appeal ? { id: appeal.id, slug: appeal.slug, title: appeal.title, open: appealIsOpen(appeal) } : null;
}

/** For the sitemap: every appeal (a closed one still tells its story and points to the general fund). */
export function sitemapAppeals() {
  return listAppealSlugs(getDb());
}
