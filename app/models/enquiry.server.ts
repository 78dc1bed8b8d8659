import type { Selectable } from "kysely";
import type { ContactEnquiriesTable } from "../../db/schema";
import type { DB } from "~/infra/db.server";
import { nowIso } from "~/utils/dates";

export type ContactEnquiry = Selectable<ContactEnquiriesTable>;

export interface EnquiryInput {
  name: string;
  email: string;
  /** One of the contact page's subjects (checked by app/schemas/contact.ts). */
  subject: string;
  message: string;
  channel: ContactEnquiriesTable["channel"];
}

/** Keeps the enquiry before the visitor is handed to a mail app or WhatsApp that may not open. */
export async function createEnquiry(db: DB, input: EnquiryInput): Promise<ContactEnquiry> {
  return db
    .insertInto("contact_enquiries")
    .values({ ...input, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
