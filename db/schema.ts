import type { ColumnType, Generated } from "kysely";

// Timestamps are ISO-8601 UTC strings and flags are 0/1: better-sqlite3 binds neither
// Dates nor booleans. Repository modules convert at the boundary.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the secret token; the token itself is never stored. */
  id: string;
  user_id: number;
  kind: "web" | "api";
  created_at: string;
  expires_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** Lower-cased username the attempt was made for. */
  username: string;
  failed_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ContactEnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  channel: "email" | "whatsapp";
  created_at: string;
  status: ColumnType<"new" | "handled", "new" | "handled" | undefined, "new" | "handled">;
  handled_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  consented_at: string;
}

export interface PledgesTable {
  id: Generated<number>;
  reference: string;
  type: "one-time" | "monthly";
  amount_pence: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  in_honour: ColumnType<0 | 1, 0 | 1, 0 | 1>;
  created_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** What the pledge's payments add up to; kept with each payment (0006). */
  paid_pence: ColumnType<number, number | undefined, number>;
  /** Derived from type, amount, paid_pence and cancelled_at; kept with each change (0006). */
  status: ColumnType<PledgeStatus, PledgeStatus | undefined, PledgeStatus>;
}

export type PledgeStatus = "pending" | "paid" | "active" | "cancelled";

export interface PaymentsTable {
  id: Generated<number>;
  pledge_id: number;
  /** YYYY-MM-DD: the day the money arrived. */
  received_on: string;
  amount_pence: number;
  method: "manual" | "bank-import";
  /** Fingerprint of an imported bank statement line; unique, so a line is never recorded twice. */
  bank_line: string | null;
  note: string | null;
  /** Username of the staff member who recorded it. */
  recorded_by: string;
  created_at: string;
}

export interface AuditEventsTable {
  id: Generated<number>;
  entity: string;
  entity_id: number | null;
  action: string;
  detail: string | null;
  actor: string;
  created_at: string;
}

export interface FormPostsTable {
  id: Generated<number>;
  /** HMAC of the client's address (see app/services/public-form.server.ts). */
  client: string;
  posted_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  news: NewsTable;
  login_failures: LoginFailuresTable;
  app_meta: AppMetaTable;
  contact_enquiries: ContactEnquiriesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  pledges: PledgesTable;
  form_posts: FormPostsTable;
  payments: PaymentsTable;
  audit_events: AuditEventsTable;
}
