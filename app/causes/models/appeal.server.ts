import { sql, type Selectable } from "kysely";
import type { AppealsTable } from "../../../db/schema";
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { camelRow, snakeRow } from "~/utils/row-shape";

// The charity's appeals (the winter appeal, the TV appeal), and the figures of any cause a gift
// can be given to (an appeal, a supporter's page): one aggregate query over the pledges that name
// it, by the indexed appeal_id / fundraising_page_id. No counter row is kept: on appeal night
// every pledge would update the same row (docs/decisions/0030-appeal-figures-from-the-pledges.md).

export interface Appeal {
  id: number;
  slug: string;
  title: string;
  story: string;
  imageUpload: string | null;
  imageWidths: string | null;
  imageAlt: string | null;
  goalPence: number;
  goalDonors: number | null;
  startsOn: string | null;
  endsOn: string | null;
  isOpen: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AppealInput {
  slug: string;
  title: string;
  story: string;
  goalPence: number;
  goalDonors: number | null;
  startsOn: string | null;
  endsOn: string | null;
  isOpen: boolean;
}

export interface AppealPhoto {
  imageUpload: string | null;
  imageWidths: string | null;
  imageAlt: string | null;
}

function toAppeal(row: Selectable<AppealsTable>): Appeal {
  return { ...camelRow(row), isOpen: row.is_open === 1 };
}

export async function listAppeals(db: DB): Promise<Appeal[]> {
  const rows = await db.selectFrom("appeals").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toAppeal);
}

/** Open appeals, for the sitemap. */
export async function listAppealSlugs(db: DB): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db.selectFrom("appeals").select(["slug", "updated_at"]).orderBy("id").execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
}

export async function getAppeal(db: DB, id: number): Promise<Appeal | undefined> {
  const row = await db.selectFrom("appeals").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAppeal(row) : undefined;
}

export async function getAppealBySlug(db: DB, slug: string): Promise<Appeal | undefined> {
  const row = await db.selectFrom("appeals").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toAppeal(row) : undefined;
}

/** The appeals of these ids (a list of pledges naming theirs). */
export async function getAppealTitles(db: DB, ids: readonly number[]): Promise<Map<number, Appeal>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("appeals")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toAppeal(row)]));
}

function columns(input: AppealInput) {
  return { ...snakeRow(input), is_open: input.isOpen ? (1 as const) : (0 as const) };
}

/** A new appeal, or undefined when its slug is taken (nothing is inserted). */
export async function insertAppeal(db: DB, input: AppealInput, photo: AppealPhoto): Promise<Appeal | undefined> {
  const at = nowIsoString();
  const row = await db
    .insertInto("appeals")
    .values({ ...columns(input), ...snakeRow(photo), created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toAppeal(row) : undefined;
}

/** Changes the fields given; undefined when the appeal does not exist. */
export async function updateAppeal(
  db: DB,
  id: number,
  input: Partial<AppealInput>,
  photo?: AppealPhoto,
): Promise<Appeal | undefined> {
  const full = columns({ ...(input as AppealInput) });
  const change = Object.fromEntries(Object.entries(full).filter(([, value]) => value !== undefined));
  if (input.isOpen === undefined) delete change.is_open;
  const row = await db
    .updateTable("appeals")
    .set({ ...change, ...(photo ? snakeRow(photo) : {}), updated_at: nowIsoString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toAppeal(row) : undefined;
}

export async function slugTaken(db: DB, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom("appeals").select("id").where("slug", "=", slug);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** What a cause has raised: given (paid, net of refunds), promised (pledged, not yet paid) and donors who gave. */
export interface CauseTotals {
  givenPence: number;
  /**
   * Pledged and not yet paid: anyone can post a pledge of any size, so this is unverified and
   * shown to staff only, never on a public page (PublicCauseTotals; docs/donations.md).
   */
  promisedPence: number;
  donors: number;
}

/** A cause's figures as the public sees them: only money received (and who gave it). */
export type PublicCauseTotals = Omit<CauseTotals, "promisedPence">;

export function publicTotals({ givenPence, donors }: CauseTotals): PublicCauseTotals {
  return { givenPence, donors };
}

/**
 * One aggregate over the cause's pledges (the index on its column): what their payments add up
 * to net of refunds (kept on each pledge with its payments), what is still promised (a one-time
 * pledge's unpaid rest; a monthly gift's first month until it arrives) and how many people gave.
 */
export async function causeTotals(
  db: DB,
  cause: { appealId: number } | { fundraisingPageId: number },
): Promise<CauseTotals> {
  let query = db.selectFrom("pledges");
  // An appeal's figures hold the gifts to it and the gifts through its supporters' pages: one
  // condition over each pledge row, so a gift is counted once whichever way it came.
  query =
    "appealId" in cause
      ? query.where((eb) =>
          eb.or([
            eb("appeal_id", "=", cause.appealId),
            eb(
              "fundraising_page_id",
              "in",
              eb.selectFrom("fundraising_pages").select("id").where("appeal_id", "=", cause.appealId),
            ),
          ]),
        )
      : query.where("fundraising_page_id", "=", cause.fundraisingPageId);
  const row = await query
    .select([
      sql<number>`coalesce(sum(paid_pence), 0)`.as("given"),
      sql<number>`coalesce(sum(case when cancelled_at is null and type = 'one-time' and amount_pence > paid_pence + refunded_pence then amount_pence - paid_pence - refunded_pence when cancelled_at is null and type = 'monthly' and paid_pence = 0 and refunded_pence = 0 then amount_pence else 0 end), 0)`.as(
        "promised",
      ),
      sql<number>`count(distinct case when paid_pence > 0 then coalesce(supporter_id, -id) end)`.as("donors"),
    ])
    .executeTakeFirstOrThrow();
  return { givenPence: Number(row.given), promisedPence: Number(row.promised), donors: Number(row.donors) };
}
