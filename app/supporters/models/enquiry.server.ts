import { nowIsoString } from "~/infra/clock.server";
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { ContactEnquiriesTable, Database } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedAny, deletedCount } from "~/infra/row-count.server";
import {
  MESSAGE_SEARCH_WINDOW,
  SEARCH_COUNT_CAP,
  type EnquiryFilter,
  type EnquiryStatus,
} from "~/supporters/schemas/enquiry";
import { findOrCreateSupporterByEmail } from "./supporter-identity.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

/** A message sent through the contact form: its row (columns described in db/schema.ts), camelCase. */
export type ContactEnquiry = CamelRow<Selectable<ContactEnquiriesTable>>;

const toEnquiry = (row: Selectable<ContactEnquiriesTable>): ContactEnquiry => camelRow(row);

export interface EnquiryInput {
  name: string;
  email: string;
  /** One of the contact page's subjects (checked by app/supporters/schemas/contact.ts). */
  subject: string;
  message: string;
  channel: ContactEnquiriesTable["channel"];
}

/** Keeps the enquiry before the visitor is handed to a mail app or WhatsApp that may not open. */
export async function createEnquiry(
  db: DB,
  input: EnquiryInput,
  now: string = nowIsoString(),
): Promise<ContactEnquiry> {
  const row = await db
    .insertInto("contact_enquiries")
    .values({
      ...input,
      created_at: now,
      supporter_id: await findOrCreateSupporterByEmail(db, input.email, input.name, now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEnquiry(row);
}

/*
 * Search reads names and e-mail addresses of every enquiry by case-insensitive prefix (index
 * ranges on lower(name) and lower(email)), and looks for the term anywhere in the name, address
 * or message of the newest MESSAGE_SEARCH_WINDOW enquiries only: a substring match over every
 * message cannot use an index and took about a second with 100,000 enquiries on the
 * development machine, against a few milliseconds for this.
 */

type Eb = ExpressionBuilder<Database, "contact_enquiries">;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function prefixOf(eb: Eb, column: "name" | "email", term: string) {
  const lowered = eb.fn<string>("lower", [eb.ref(column)]);
  // Every string that starts with `term` sorts between it and term + U+FFFF.
  return eb.and([eb(lowered, ">=", term), eb(lowered, "<", `${term}\uffff`)]);
}

function searchCondition(eb: Eb, q: string) {
  const term = q.toLowerCase();
  const pattern = `%${escapeLike(term)}%`;
  const recent = eb
    .selectFrom("contact_enquiries as recent")
    .select("recent.id")
    .orderBy("recent.created_at", "desc")
    .orderBy("recent.id", "desc")
    .limit(MESSAGE_SEARCH_WINDOW);
  return eb.or([
    prefixOf(eb, "name", term),
    prefixOf(eb, "email", term),
    eb.and([
      eb("contact_enquiries.id", "in", recent),
      eb.or([
        sql<boolean>`lower(contact_enquiries.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(contact_enquiries.email) like ${pattern} escape '\\'`,
        sql<boolean>`lower(contact_enquiries.message) like ${pattern} escape '\\'`,
      ]),
    ]),
  ]);
}

/** The filter's conditions: each given column's value (Kysely's filter object skips the rest), the search. */
function filtered(db: DB, { status, subject, q }: EnquiryFilter) {
  return db
    .selectFrom("contact_enquiries")
    .where((eb) => eb.and({ "contact_enquiries.status": status, "contact_enquiries.subject": subject }))
    .$if(Boolean(q), (query) => query.where((eb) => searchCondition(eb, q!)));
}

export interface EnquirySummary {
  id: number;
  name: string;
  email: string;
  subject: string;
  status: EnquiryStatus;
  createdAt: string;
  message: string;
}

export interface EnquiryPage {
  enquiries: EnquirySummary[];
  /** How many match, or SEARCH_COUNT_CAP when a search matches at least that many. */
  total: number;
  /** True when `total` is the search cap rather than an exact count. */
  capped: boolean;
}

/**
 * One page of the inbox: new enquiries first, then newest first (the (status, created_at, id)
 * and (subject, status, created_at, id) indexes give this order without sorting).
 */
export async function listEnquiries(
  db: DB,
  filter: EnquiryFilter,
  page: number,
  pageSize: number,
): Promise<EnquiryPage> {
  const enquiries = await filtered(db, filter)
    .select([
      "contact_enquiries.id",
      "contact_enquiries.name",
      "contact_enquiries.email",
      "contact_enquiries.subject",
      "contact_enquiries.status",
      "contact_enquiries.created_at as createdAt",
      "contact_enquiries.message",
    ])
    .orderBy("contact_enquiries.status", "desc")
    .orderBy("contact_enquiries.created_at", "desc")
    .orderBy("contact_enquiries.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total, capped } = await countEnquiries(db, filter);
  return { enquiries, total, capped };
}

async function countEnquiries(db: DB, filter: EnquiryFilter): Promise<{ total: number; capped: boolean }> {
  if (!filter.q) {
    const row = await filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return { total: Number(row.n), capped: false };
  }
  const matches = filtered(db, filter).select("contact_enquiries.id").limit(SEARCH_COUNT_CAP).as("matches");
  const row = await db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(row.n);
  return { total, capped: total >= SEARCH_COUNT_CAP };
}

/** Every enquiry the filter matches, in inbox order, message included (the CSV export). */
export async function listEnquiriesForExport(db: DB, filter: EnquiryFilter): Promise<ContactEnquiry[]> {
  const rows = await filtered(db, filter)
    .selectAll("contact_enquiries")
    .orderBy("contact_enquiries.status", "desc")
    .orderBy("contact_enquiries.created_at", "desc")
    .orderBy("contact_enquiries.id", "desc")
    .execute();
  return rows.map(toEnquiry);
}

export async function getEnquiry(db: DB, id: number): Promise<ContactEnquiry | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db.selectFrom("contact_enquiries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toEnquiry(row) : undefined;
}

/**
 * Marks an enquiry handled (stamping when) or new again. The enquiry as it was before, or
 * undefined when there is none.
 */
export async function setEnquiryStatus(
  db: DB,
  id: number,
  status: EnquiryStatus,
  now: string = nowIsoString(),
): Promise<{ before: EnquiryStatus } | undefined> {
  const current = await db.selectFrom("contact_enquiries").select("status").where("id", "=", id).executeTakeFirst();
  if (!current) return undefined;
  await db
    .updateTable("contact_enquiries")
    .set({ status, handled_at: status === "handled" ? now : null })
    .where("id", "=", id)
    .execute();
  return { before: current.status };
}

/** Whether an enquiry was deleted. */
export async function deleteEnquiry(db: DB, id: number): Promise<boolean> {
  return deletedAny(db.deleteFrom("contact_enquiries").where("id", "=", id));
}

/** Deletes enquiries received before `cutoff` (ISO-8601); how many. */
export async function deleteEnquiriesReceivedBefore(db: DB, cutoff: string): Promise<number> {
  return deletedCount(db.deleteFrom("contact_enquiries").where("created_at", "<", cutoff));
}

export async function countEnquiriesWithStatus(db: DB, status: EnquiryStatus): Promise<number> {
  const row = await db
    .selectFrom("contact_enquiries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
