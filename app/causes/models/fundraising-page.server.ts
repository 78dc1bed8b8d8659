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
  targetPence: number;
  occasion: string | null;
  inMemoryOf: string | null;
  sponsored: boolean;
  imageUpload: string | null;
  imageWidths: string | null;
  imageAlt: string | null;
}

export interface FundraisingPage extends FundraisingPageInput {
  id: number;
  slug: string;
  status: FundraisingPageStatus;
  staffMessage: string | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
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

/** Pages for staff, newest first; `status` narrows to one state. */
export async function listFundraisingPages(db: DB, status?: FundraisingPageStatus): Promise<FundraisingPage[]> {
  let query = db.selectFrom("fundraising_pages").selectAll();
  if (status) query = query.where("status", "=", status);
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
    createdAt: row.created_at,
  }));
}

/** A tribute message staff approved: shown on the page from now on. */
export async function approvePledgeMessage(db: DB, pageId: number, pledgeId: number): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("pledges")
      .set({ message_approved_at: nowIsoString() })
      .where("id", "=", pledgeId)
      .where("fundraising_page_id", "=", pageId)
      .where("message_approved_at", "is", null),
  );
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
