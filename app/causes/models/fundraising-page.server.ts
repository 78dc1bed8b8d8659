import { sql, type Selectable } from "kysely";
import type { FundraisingPageKind, FundraisingPagesTable, FundraisingPageStatus } from "../../../db/schema";
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { camelRow, snakeRow } from "~/utils/row-shape";

// Supporters' own fundraising (Share My Day) and tribute (In Memoriam) pages: public only once
// staff approve them. Their figures come from their pledges (appeal.server.ts causeTotals).

export type { FundraisingPageKind, FundraisingPageStatus };

/** What a page is made of when started (the owner's words and photo). */
export interface FundraisingPageInput {
  kind: FundraisingPageKind;
  ownerName: string;
  ownerEmail: string;
  title: string;
  story: string;
  /** Null: no target (an In Memoriam page may have none). */
  targetPence: number | null;
  occasion: string | null;
  inMemoryOf: string | null;
  sponsored: boolean;
  imageUpload: string | null;
  imageWidths: string | null;
  imageAlt: string | null;
  /** The appeal the page raises money for: its gifts count in the appeal's figures too. */
  appealId: number | null;
}

export interface FundraisingPage extends FundraisingPageInput {
  id: number;
  slug: string;
  status: FundraisingPageStatus;
  staffMessage: string | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  /** Set while an owner's edit of the live page waits for staff; the pending* fields are then the whole new version. */
  pendingAt: string | null;
  pendingTitle: string | null;
  pendingStory: string | null;
  pendingImageUpload: string | null;
  pendingImageWidths: string | null;
  pendingImageAlt: string | null;
}

function toPage(row: Selectable<FundraisingPagesTable>): FundraisingPage {
  return { ...camelRow(row), sponsored: row.sponsored === 1 };
}

/** A new page awaiting review, under the first free slug of `slugs` (tried in order). */
export async function insertFundraisingPage(
  db: DB,
  input: FundraisingPageInput,
  slugs: readonly string[],
): Promise<FundraisingPage | undefined> {
  const at = nowIsoString();
  for (const slug of slugs) {
    const row = await db
      .insertInto("fundraising_pages")
      .values({
        ...snakeRow(input),
        slug,
        sponsored: input.sponsored ? 1 : 0,
        status: "pending",
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.column("slug").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toPage(row);
  }
  return undefined;
}

export async function getFundraisingPage(db: DB, id: number): Promise<FundraisingPage | undefined> {
  const row = await db.selectFrom("fundraising_pages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPage(row) : undefined;
}

export async function getFundraisingPageBySlug(db: DB, slug: string): Promise<FundraisingPage | undefined> {
  const row = await db.selectFrom("fundraising_pages").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/**
 * Pages for staff, newest first; `status` narrows to one state, "review" to what waits for staff
 * (a new page or an owner's edit), "messages" to tribute pages with a message waiting.
 */
export async function listFundraisingPages(
  db: DB,
  status?: FundraisingPageStatus | "review" | "messages",
): Promise<FundraisingPage[]> {
  let query = db.selectFrom("fundraising_pages").selectAll();
  if (status === "review") {
    query = query.where((eb) => eb.or([eb("status", "=", "pending"), eb("pending_at", "is not", null)]));
  } else if (status === "messages") {
    // Tribute pages with a donor's message waiting for staff (to approve or hide).
    query = query
      .where("kind", "=", "memoriam")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("pledges as p")
            .select("p.id")
            .whereRef("p.fundraising_page_id", "=", "fundraising_pages.id")
            .where("p.supporter_message", "is not", null)
            .where("p.paid_pence", ">", 0)
            .where("p.message_approved_at", "is", null)
            .where("p.message_hidden_at", "is", null),
        ),
      );
  } else if (status) query = query.where("status", "=", status);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
  return rows.map(toPage);
}

/** Approved pages, for the sitemap. */
export async function listPublicFundraisingPages(db: DB): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db
    .selectFrom("fundraising_pages")
    .select(["slug", "updated_at"])
    .where("status", "=", "approved")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
}

/** Moves a page to `status` (with staff's message) when it is in one of `from`; undefined otherwise. */
export async function setFundraisingPageStatus(
  db: DB,
  id: number,
  status: FundraisingPageStatus,
  from: readonly FundraisingPageStatus[],
  staffMessage: string | null,
): Promise<FundraisingPage | undefined> {
  const at = nowIsoString();
  const row = await db
    .updateTable("fundraising_pages")
    .set({
      status,
      staff_message: staffMessage,
      updated_at: at,
      ...(status === "approved" ? { approved_at: at } : {}),
    })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returningAll()
    .executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/** What the owner may change through their link: the words, the target and the photo. */
export type PageRevision = Pick<
  FundraisingPageInput,
  "title" | "story" | "targetPence" | "imageUpload" | "imageWidths" | "imageAlt"
>;

/**
 * The owner's own changes, when the page is in one of `from`; the page then stands in `status`
 * (back to review, or as it was for a change staff need not see). Undefined otherwise.
 */
export async function reviseFundraisingPage(
  db: DB,
  id: number,
  change: PageRevision,
  from: readonly FundraisingPageStatus[],
  status: FundraisingPageStatus,
): Promise<FundraisingPage | undefined> {
  const row = await db
    .updateTable("fundraising_pages")
    .set({
      title: change.title,
      story: change.story,
      target_pence: change.targetPence,
      image_upload: change.imageUpload,
      image_widths: change.imageWidths,
      image_alt: change.imageAlt,
      status,
      updated_at: nowIsoString(),
    })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returningAll()
    .executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/** The words and photo of an owner's edit of a live page, kept apart until staff approve it. */
export type PageWords = Pick<PageRevision, "title" | "story" | "imageUpload" | "imageWidths" | "imageAlt">;

/**
 * An owner's edit of a live (approved) page: the new words and photo wait in the pending columns
 * while the approved version stays public; a new target shows at once. Undefined when the page is
 * no longer live.
 */
export async function proposePageEdit(
  db: DB,
  id: number,
  words: PageWords,
  targetPence: number | null,
): Promise<FundraisingPage | undefined> {
  const at = nowIsoString();
  const row = await db
    .updateTable("fundraising_pages")
    .set({
      pending_title: words.title,
      pending_story: words.story,
      pending_image_upload: words.imageUpload,
      pending_image_widths: words.imageWidths,
      pending_image_alt: words.imageAlt,
      pending_at: at,
      target_pence: targetPence,
      updated_at: at,
    })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .returningAll()
    .executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/** A new target alone on a live page: shown at once (a number staff need not read again). */
export async function setPageTarget(
  db: DB,
  id: number,
  targetPence: number | null,
): Promise<FundraisingPage | undefined> {
  const row = await db
    .updateTable("fundraising_pages")
    .set({ target_pence: targetPence, updated_at: nowIsoString() })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .returningAll()
    .executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/**
 * Staff decide on an owner's waiting edit: `apply` makes it the live version, otherwise it is
 * dropped; either way nothing waits afterwards. Undefined when no edit was waiting.
 */
export async function settlePendingEdit(
  db: DB,
  id: number,
  apply: boolean,
  staffMessage: string | null,
): Promise<FundraisingPage | undefined> {
  const at = nowIsoString();
  const cleared = {
    pending_at: null,
    pending_title: null,
    pending_story: null,
    pending_image_upload: null,
    pending_image_widths: null,
    pending_image_alt: null,
    staff_message: staffMessage,
    updated_at: at,
  };
  const query = db.updateTable("fundraising_pages");
  const row = await (
    apply
      ? query.set((eb) => ({
          title: eb.fn.coalesce("pending_title", "title"),
          story: eb.fn.coalesce("pending_story", "story"),
          image_upload: eb.ref("pending_image_upload"),
          image_widths: eb.ref("pending_image_widths"),
          image_alt: eb.ref("pending_image_alt"),
          approved_at: at,
          ...cleared,
        }))
      : query.set(cleared)
  )
    .where("id", "=", id)
    .where("pending_at", "is not", null)
    .returningAll()
    .executeTakeFirst();
  return row ? toPage(row) : undefined;
}

/** How many pages an address started since `since` (the per-address throttle). */
export async function countPagesByEmailSince(db: DB, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom("fundraising_pages")
    .select(sql<number>`count(*)`.as("n"))
    .where(sql<string>`lower(owner_email)`, "=", email.toLowerCase())
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page's supporters: gifts through it with money received, newest first. */
export interface PageSupporter {
  pledgeId: number;
  name: string | null;
  amountPence: number | null;
  message: string | null;
  messageApproved: boolean;
  /** Staff hid the message: kept, never shown publicly. */
  messageHidden: boolean;
  createdAt: string;
}

export async function listPageSupporters(db: DB, pageId: number, limit = 20): Promise<PageSupporter[]> {
  const rows = await db
    .selectFrom("pledges")
    .select([
      "id",
      "first_name",
      "last_name",
      "paid_pence",
      "show_name",
      "show_amount",
      "supporter_message",
      "message_approved_at",
      "message_hidden_at",
      "created_at",
    ])
    .where("fundraising_page_id", "=", pageId)
    .where("paid_pence", ">", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    pledgeId: row.id,
    name: row.show_name === 1 ? `${row.first_name} ${row.last_name.charAt(0)}.` : null,
    amountPence: row.show_amount === 1 ? row.paid_pence : null,
    message: row.supporter_message,
    messageApproved: row.message_approved_at !== null,
    messageHidden: row.message_hidden_at !== null,
    createdAt: row.created_at,
  }));
}

/** A gift given through this page, to change what its message shows (staff approve or hide it). */
function giftOfPage(db: DB, pageId: number, pledgeId: number) {
  return db.updateTable("pledges").where("id", "=", pledgeId).where("fundraising_page_id", "=", pageId);
}

/** A tribute message staff approved: shown on the page from now on. */
export async function approvePledgeMessage(db: DB, pageId: number, pledgeId: number): Promise<boolean> {
  return updatedAny(
    giftOfPage(db, pageId, pledgeId)
      .set({ message_approved_at: nowIsoString() })
      .where("message_approved_at", "is", null),
  );
}

/** Staff hide a message on a page: kept on the gift, never shown publicly. */
export async function hidePledgeMessage(db: DB, pageId: number, pledgeId: number): Promise<boolean> {
  return updatedAny(
    giftOfPage(db, pageId, pledgeId)
      .set({ message_hidden_at: nowIsoString() })
      .where("supporter_message", "is not", null)
      .where("message_hidden_at", "is", null),
  );
}

/** What the gifts read as `p` (pledges) have brought in: money received, in pence (0 for none). */
const receivedPence = sql<number>`coalesce(sum(p.paid_pence), 0)`;

/** An appeal's public pages with what each has raised (money received), most first. */
export interface AppealPageRow {
  slug: string;
  title: string;
  kind: FundraisingPageKind;
  ownerName: string;
  raisedPence: number;
}

export async function topPagesOfAppeal(db: DB, appealId: number, limit = 5): Promise<AppealPageRow[]> {
  const rows = await db
    .selectFrom("fundraising_pages as f")
    .leftJoin("pledges as p", "p.fundraising_page_id", "f.id")
    .select(["f.id", "f.slug", "f.title", "f.kind", "f.owner_name", receivedPence.as("raised")])
    .where("f.appeal_id", "=", appealId)
    .where("f.status", "=", "approved")
    .groupBy(["f.id", "f.slug", "f.title", "f.kind", "f.owner_name"])
    .orderBy(receivedPence, "desc")
    .orderBy("f.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    kind: row.kind,
    ownerName: row.owner_name,
    raisedPence: Number(row.raised),
  }));
}

/** What the page's gifts with a Gift Aid declaration made with them add up to (money received). */
export async function pageGiftAidBase(db: DB, pageId: number): Promise<number> {
  const row = await db
    .selectFrom("pledges as p")
    .select(receivedPence.as("base"))
    .where("p.fundraising_page_id", "=", pageId)
    .where("p.paid_pence", ">", 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("gift_aid_declarations as d")
          .select("d.id")
          .whereRef("d.pledge_id", "=", "p.id")
          .where("d.cancelled_at", "is", null),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.base);
}

/** What waits for staff: pages to review (new, or a live page's edit) and tribute messages to approve or hide. */
export async function countWaitingForStaff(db: DB): Promise<{ pages: number; messages: number }> {
  const [pages, messages] = await Promise.all([
    db
      .selectFrom("fundraising_pages")
      .select(sql<number>`count(*)`.as("n"))
      .where((eb) => eb.or([eb("status", "=", "pending"), eb("pending_at", "is not", null)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("pledges as p")
      .innerJoin("fundraising_pages as f", "f.id", "p.fundraising_page_id")
      .select(sql<number>`count(*)`.as("n"))
      .where("f.kind", "=", "memoriam")
      .where("p.supporter_message", "is not", null)
      .where("p.paid_pence", ">", 0)
      .where("p.message_approved_at", "is", null)
      .where("p.message_hidden_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { pages: Number(pages.n), messages: Number(messages.n) };
}

/** The page titles of these ids (a list of pledges naming theirs). */
export async function getFundraisingPageTitles(db: DB, ids: readonly number[]): Promise<Map<number, FundraisingPage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("fundraising_pages")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toPage(row)]));
}

/** Whether a gift through a page shows the donor's name and its amount. */
export async function giftVisibility(db: DB, pledgeId: number): Promise<{ showName: boolean; showAmount: boolean }> {
  const row = await db
    .selectFrom("pledges")
    .select(["show_name", "show_amount"])
    .where("id", "=", pledgeId)
    .executeTakeFirst();
  return { showName: row?.show_name !== 0, showAmount: row?.show_amount !== 0 };
}
