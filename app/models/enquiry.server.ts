import type { Selectable } from "kysely";
import type { ContactEnquiriesTable } from "../../db/schema";
import type { ContactChannel, ContactSubject } from "~/content/contact";
import type { DB } from "~/infra/db.server";
import { nowIso } from "~/utils/dates";

export type ContactEnquiry = Selectable<ContactEnquiriesTable>;

export interface EnquiryInput {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  channel: ContactChannel;
}

/** Keeps the enquiry before the visitor is handed to a mail app or WhatsApp that may not open. */
export async function createEnquiry(db: DB, input: EnquiryInput): Promise<ContactEnquiry> {
  return db
    .insertInto("contact_enquiries")
    .values({ ...input, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Newest first. */
export async function listEnquiries(db: DB, options: { limit?: number } = {}): Promise<ContactEnquiry[]> {
  let query = db.selectFrom("contact_enquiries").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}
