import type { ColumnType, Generated } from "kysely";
import type { Role } from "../app/utils/admin-paths";

// Timestamps are ISO-8601 UTC strings and flags are 0/1: better-sqlite3 binds neither
// Dates nor booleans. Repository modules convert at the boundary.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** One of ROLES in app/utils/admin-paths.ts (0016; existing users became admins). */
  role: ColumnType<Role, Role | undefined, Role>;
  status: ColumnType<"active" | "disabled", "active" | "disabled" | undefined, "active" | "disabled">;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  name: ColumnType<string | null, string | null | undefined, string | null>;
  last_sign_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Base32 TOTP secret; set while setting up, in force once totp_enabled_at is set. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the secret token; the token itself is never stored. */
  id: string;
  user_id: number;
  kind: "web" | "api";
  created_at: string;
  expires_at: string;
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a browser whose password was right, its second factor still to come (not yet a session). */
  pending: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** How the browser session was signed in (0037): "password" or "passkey"; null before 0037 and for API tokens. */
  via: ColumnType<SignInVia | null, SignInVia | null | undefined, SignInVia | null>;
}

export type SignInVia = "password" | "passkey";

/** A staff member's passkey (WebAuthn credential, 0037). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id as the browser gives it (base64url); unique across everyone. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (bigint: it may pass 2^31). */
  counter: ColumnType<number, number | undefined, number>;
  /** Comma-separated transports the browser reported ("internal,hybrid"). */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A WebAuthn challenge handed to a browser (0037): used once, within minutes. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: "register" | "sign-in";
  /** The person adding a passkey, or halfway through signing in; null for a sign-in by passkey alone. */
  user_id: number | null;
  expires_at: string;
}

export interface InvitationsTable {
  id: Generated<number>;
  name: string;
  email: string;
  role: Role;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  withdrawn_at: string | null;
  user_id: number | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A person's own change of e-mail address, waiting for its confirmation link (SHA-256 of the token). */
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  /** The address the link was sent to, which becomes the person's once confirmed. */
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  status: ColumnType<NewsStatus, NewsStatus | undefined, NewsStatus>;
  /** When it goes (or went) public; a draft keeps its intended time. */
  publish_at: string;
  /** Folder of an uploaded photo under UPLOADS_DIR, and the widths stored there ("480,960"). */
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
}

export type NewsStatus = "draft" | "published";

export interface LoginFailuresTable {
  id: Generated<number>;
  /** Lower-cased username the attempt was made for. */
  username: string;
  /** Keyed hash of the client's address (0011; "" for rows from before). */
  client: Generated<string>;
  failed_at: string;
  /** The known-device id of the browser (0037), when it carried one. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The supporter (person) it belongs to (0018); set when the row is made. */
  supporter_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  /** When they signed up (the first consent). */
  consented_at: string;
  status: ColumnType<SubscriberStatus, SubscriberStatus | undefined, SubscriberStatus>;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** Newsletters in a row refused for good (SMTP 5xx) for this address. */
  bounce_streak: ColumnType<number, number | undefined, number>;
  last_bounce_newsletter_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set at the second newsletter in a row refused: no newsletter goes to them until they subscribe again. */
  bouncing_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** The supporter (person) it belongs to (0018); set when the row is made. */
  supporter_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why we may send the newsletter (0030): consent, or the charity soft opt-in of a donor; null: consent, before 0030. */
  legal_basis: ColumnType<LegalBasis | null, LegalBasis | null | undefined, LegalBasis | null>;
  /** The version of the form that gave that basis (the consent wording's or the donate form's). */
  basis_form_version: ColumnType<string | null, string | null | undefined, string | null>;
  basis_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The newsletter's legal basis: consent (ticked, confirmed), or PECR 22(3A)'s charity soft opt-in. */
export type LegalBasis = "consent" | "soft-opt-in";

export interface NewsletterTokensTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  subscriber_id: number;
  purpose: "confirm" | "unsubscribe";
  created_at: string;
  expires_at: string | null;
  used_at: string | null;
}

export interface NewsletterConsentEventsTable {
  id: Generated<number>;
  subscriber_id: number;
  kind: "signed-up" | "confirmed" | "unsubscribed";
  /** The exact words shown to the person when they acted. */
  wording: string;
  occurred_at: string;
}

export type OutboxStatus = "queued" | "sent" | "failed";

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers, or null. */
  headers: string | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  tries: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  subscriber_id: number | null;
  pledge_id: number | null;
  enquiry_id: number | null;
  /** The newsletter this message is an issue of (one per subscriber). */
  newsletter_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a sender last claimed it: what MAIL_MAX_PER_MINUTE counts. */
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The volunteer application it is about (0027): erasing the application deletes the message. */
  volunteer_application_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The queue's lane, taken in order: 0 time-limited links, 1 other one-to-one mail, 2 newsletters (0036). */
  priority: ColumnType<number, number | undefined, number>;
  /** JSON array of the message's files ({ filename, contentType, content }), or null (0046). */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NewsletterStatus = "draft" | "scheduled" | "sent";

export interface NewslettersTable {
  id: Generated<number>;
  slug: string | null;
  subject: string;
  preheader: string | null;
  body: string;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
  article_id: number | null;
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  scheduled_at: string | null;
  sent_at: string | null;
  recipient_count: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/**
 * Indexes (besides the primary key and unique reference): (created_at, id), email (0005);
 * (status, created_at, id), (status, type, created_at, id), (type, created_at, id),
 * lower(first_name), lower(last_name) (0006); lower(email) (0009, for search and privacy
 * requests; 0010 dropped 0006's identical one).
 */
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
  /** Whom the gift honours or remembers, when the donor named them (0012). */
  honoree_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** What the pledge's payments add up to, net of refunds; kept with each payment (0006). */
  paid_pence: ColumnType<number, number | undefined, number>;
  /** What has been refunded of its payments (positive pence); kept with each payment (0022). */
  refunded_pence: ColumnType<number, number | undefined, number>;
  /** When the donor left card checkout to pay by bank transfer instead (0022). */
  switched_from_card_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Derived from type, amount, paid_pence and cancelled_at; kept with each change (0006). For a
   * monthly pledge 'active' only means "not cancelled": whether it awaits its first payment, is
   * active or has lapsed depends on today too (app/giving/models/pledge.server.ts, pledgeStatusOn).
   */
  status: ColumnType<PledgeStatus, PledgeStatus | undefined, PledgeStatus>;
  /** How the donor chose to pay: bank transfer, or card through Stripe Checkout (0013). */
  pay_by: ColumnType<"bank" | "card", "bank" | "card" | undefined, "bank" | "card">;
  /** Stripe customer and subscription of a monthly card gift (0013). */
  stripe_customer: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_subscription: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a card payment of the pledge was disputed (a chargeback), and what Stripe said (0013). */
  disputed_at: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** YYYY-MM-DD: the day its latest payment arrived; kept with each payment (0017). */
  last_paid_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the one reminder of an unpaid bank-transfer pledge was queued, or null (0020). */
  reminder_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The supporter (person) it belongs to (0018); set when the row is made. */
  supporter_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The appeal the gift was given to, or null for the general fund (0026). */
  appeal_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The supporter's fundraising or tribute page the gift was given through, or null (0026). */
  fundraising_page_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A gift through a page: the donor's message to show on it, or null (0026). */
  supporter_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** A gift through a page: 0 when the donor gives anonymously / hides the amount (0026). */
  show_name: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  show_amount: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** A tribute page's message is shown once staff approve it: when they did, or null (0026). */
  message_approved_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Staff hid this message on its page (0047): kept, never shown publicly. */
  message_hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A Stripe gift's payment method: 'bacs_debit' (Direct Debit), or null for a card (0041). */
  stripe_method: ColumnType<"bacs_debit" | null, "bacs_debit" | null | undefined, "bacs_debit" | null>;
  /** A Direct Debit gift's mandate: set up, collecting, failed (latest collection), ended (0041). */
  dd_state: ColumnType<DirectDebitState | null, DirectDebitState | null | undefined, DirectDebitState | null>;
  /** YYYY-MM-DD: when the mandate was set up, and when the next collection is due (0041). */
  dd_set_up_on: ColumnType<string | null, string | null | undefined, string | null>;
  dd_next_collection_on: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DirectDebitState = "set-up" | "collecting" | "failed" | "ended";

/** A Direct Debit gift's failed collection or ended mandate, once per Stripe object (0041). */
export interface DirectDebitEventsTable {
  id: Generated<number>;
  pledge_id: number;
  kind: "failed" | "ended";
  /** The invoice and attempt (`in_…/2`), or the subscription or mandate that ended. */
  stripe_id: string;
  occurred_at: string;
  reason: string;
  /** A failed collection: Stripe's attempt count, and when it tries again (YYYY-MM-DD) or null. */
  attempt: number | null;
  next_attempt_on: string | null;
}

export type PledgeStatus = "pending" | "paid" | "active" | "cancelled";

export interface PaymentsTable {
  id: Generated<number>;
  pledge_id: number;
  /** YYYY-MM-DD: the day the money arrived. */
  received_on: string;
  amount_pence: number;
  /** card: through Stripe Checkout, recorded from its webhook (0013). */
  method: "manual" | "bank-import" | "card";
  /** Fingerprint of an imported bank statement line; unique, so a line is never recorded twice. */
  bank_line: string | null;
  note: string | null;
  /** Username of the staff member who recorded it. */
  recorded_by: string;
  created_at: string;
  /** The Stripe payment recorded (payment intent, invoice, or a charge's refund total); unique (0013). */
  stripe_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A refund (negative amount): the payment it gives back (0013). */
  refund_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** A refund of a payment in a submitted Gift Aid claim: the later claim that adjusted for it (0022). */
  adjusted_in_claim: ColumnType<number | null, number | null | undefined, number | null>;
  /** A payment recorded by hand: how it was paid, as staff said (0049); null otherwise, and before. */
  paid_with: ColumnType<
    "bank-transfer" | "cheque" | "cash" | "other" | null,
    "bank-transfer" | "cheque" | "cash" | "other" | null | undefined,
    "bank-transfer" | "cheque" | "cash" | "other" | null
  >;
}

export interface AuditEventsTable {
  id: Generated<number>;
  entity: string;
  entity_id: number | null;
  action: string;
  detail: string | null;
  actor: string;
  /** The user's id (0016); null for rows from before and for the operator's scripts. */
  actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
}

export interface GiftAidDeclarationsTable {
  id: Generated<number>;
  /** The pledge whose form carried it; null for one made at Your giving (0030). */
  pledge_id: number | null;
  title: string | null;
  first_name: string;
  last_name: string;
  house_name_or_number: string;
  /** The street. */
  address_line: string;
  town: string;
  /** Normalised UK postcode. */
  postcode: string;
  email: string;
  declaration_version: string;
  /** The exact wording the donor agreed to. */
  declaration_text: string;
  declared_at: string;
  covers_past_four_years: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** The supporter (person) it belongs to (0018); set when the row is made. */
  supporter_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who cancelled it: the donor themselves at /giving, or staff; null for a cancellation from before 0024 (staff). */
  cancelled_by: ColumnType<"staff" | "donor" | null, "staff" | "donor" | null | undefined, "staff" | "donor" | null>;
  /**
   * 1: made on a public form for an address whose supporter already had a gift (0038): it covers
   * only its own pledge's gifts until confirmed (the donor at Your giving, or staff).
   */
  own_gift_only: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** When the address's owner (Your giving) or staff confirmed it for all the supporter's gifts (0038). */
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** "donor", or the username of the staff member who accepted it (0038). */
  confirmed_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GiftAidClaimsTable {
  id: Generated<number>;
  created_at: string;
  created_by: string;
  total_pence: number;
  gift_aid_pence: number;
  item_count: number;
  /** YYYY-MM-DD; set once, when the batch went to HMRC. */
  submitted_on: string | null;
  submitted_by: string | null;
  /** Set when a payment in the batch was refunded: HMRC must be told (0013). */
  refund_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Gift Aid over-claimed in earlier batches (their payments refunded since), deducted by this one (0022). */
  adjustment_pence: ColumnType<number, number | undefined, number>;
  /** HMRC's correlation id of the submission that was accepted (0025). */
  hmrc_correlation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** HMRC's IRmark receipt (0025). */
  hmrc_receipt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** "tested": a test submission (GatewayTest 1) HMRC's service found no fault with; nothing claimed. */
export type HmrcSubmissionState = "submitted" | "polling" | "accepted" | "tested" | "rejected" | "error";

/** A claim batch sent to HMRC's Charities Online gateway: a durable state machine (0025). */
export interface HmrcSubmissionsTable {
  id: Generated<number>;
  claim_id: number;
  state: HmrcSubmissionState;
  irmark: string;
  /** The submit request as sent, its password masked. */
  request_xml: string;
  line_count: number;
  total_pence: number;
  gift_aid_pence: number;
  /** JSON array of claim item ids, in GAD order. */
  line_items: string;
  /** JSON array of lines held back before sending, with reasons. */
  held_back: string;
  /** JSON { year, amountPence } of the small donations (GASDS) claimed with it, or null. */
  gasds: string | null;
  correlation_id: string | null;
  poll_url: string | null;
  poll_interval_seconds: number | null;
  next_attempt_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: string | null;
  receipt: string | null;
  /** JSON array of HMRC's errors. */
  errors: string | null;
  /** What went wrong on our side (network, an unreadable answer), in words. */
  problem: string | null;
  deleted_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  created_by: string;
  finished_at: string | null;
  /** 1: sent with GatewayTest 1 (HMRC_GATEWAY_TEST=1), a test that claims nothing (0036). */
  gateway_test: ColumnType<number, number | undefined, number>;
}

/** Every message sent to and received from HMRC's gateway for a submission (0025). */
export interface HmrcMessagesTable {
  id: Generated<number>;
  submission_id: number;
  direction: "sent" | "received";
  kind: "submit" | "poll" | "delete";
  xml: string;
  at: string;
}

export interface GiftAidClaimItemsTable {
  id: Generated<number>;
  claim_id: number;
  /** Unique: a payment is claimed at most once. */
  payment_id: number;
  declaration_id: number;
  title: string;
  first_name: string;
  last_name: string;
  house_name_or_number: string;
  postcode: string;
  /** YYYY-MM-DD */
  donation_date: string;
  amount_pence: number;
  /** 1: a gift through a sponsored-event page, "Yes" in HMRC's Sponsored event column (0026). */
  sponsored: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
}

/** Gift Aid Small Donations Scheme: cash and contactless gifts with no declaration (0019). */
/** Where an application came from: the Get Involved page's slug (0027). */
export type VolunteerKind = "volunteers" | "internships" | "advisors";
export type VolunteerStatus = "new" | "contacted" | "interviewed" | "active" | "inactive" | "declined";

/** A volunteer, internship or advisory-board application (0027). */
/** The e-mail a volunteer applicant can be sent on a status change, one per status (0048), edited by staff. */
export interface VolunteerMailTemplatesTable {
  status: "contacted" | "active" | "declined";
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

export interface VolunteerApplicationsTable {
  id: Generated<number>;
  kind: VolunteerKind;
  name: string;
  email: string;
  /** As typed (checked for its shape); "" when not given. */
  phone: string;
  /** The outward code of a UK postcode ("SW1A"): where they live, no closer. */
  district: string;
  availability: string;
  /** "" when not given. */
  experience: string;
  why: string;
  /** The exact words of the consent ticked. */
  consent_text: string;
  status: ColumnType<VolunteerStatus, VolunteerStatus | undefined, VolunteerStatus>;
  created_at: string;
  /** When the status last changed (the application's time at first): the retention period runs from it. */
  status_changed_at: string;
  supporter_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The interests ticked on an application, as their words (the charity edits the list in Settings). */
export interface VolunteerApplicationInterestsTable {
  application_id: number;
  interest: string;
}

/** An application's history: each status change, who made it, when, and an optional note (0027). */
export interface VolunteerStatusChangesTable {
  id: Generated<number>;
  application_id: number;
  from_status: VolunteerStatus;
  to_status: VolunteerStatus;
  note: string | null;
  /** The staff member's username. */
  actor: string;
  created_at: string;
}

export interface SmallDonationsTable {
  id: Generated<number>;
  /** YYYY-MM-DD, UK day collected. */
  collected_on: string;
  amount_pence: number;
  method: "cash" | "contactless";
  /** gift: one donation; collection: many gifts, none over £30 (staff say so when recording). */
  kind: "gift" | "collection";
  /** Where, e.g. "Charity gala". */
  place: string;
  recorded_by: string;
  created_at: string;
}

export interface FormPostsTable {
  id: Generated<number>;
  /** HMAC of the client's address (see app/site/services/public-form.server.ts). */
  client: string;
  posted_at: string;
}

/** One saved setting of the charity's own details (app/utils/charity-settings.ts names the keys). */
export interface CharitySettingsTable {
  key: string;
  value: string;
  updated_at: string;
  /** The admin's username. */
  updated_by: string;
}

/** Stripe webhook events handled, by id: each is handled once (0013). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
  /** Why a signed event was not taken as money, for staff to look at ("needs attention"), or null (0022). */
  attention: ColumnType<string | null, string | null | undefined, string | null>;
  /** The pledge the event was about, when it named one (0022). */
  pledge_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Counters that move with changes other instances must notice (0021); see dataVersionNow. */
export interface ChangeCountersTable {
  name: string;
  value: ColumnType<number, number | undefined, number>;
}

/** When a periodic job last started, across instances (0021). */
export interface JobRunsTable {
  name: string;
  started_at: string;
}

/** Uploaded photos' variants when they live in the database, i.e. on PostgreSQL (0021). */
export interface UploadFilesTable {
  upload_key: string;
  /** <width>.webp or <width>.jpg */
  name: string;
  content_type: string;
  body: Buffer;
}

/** One person, found by any of their e-mail addresses (0018). */
export interface SupportersTable {
  id: Generated<number>;
  display_name: string | null;
  created_at: string;
  /** The name and home address the donor last gave at Your giving (0030); null until then. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  first_name: ColumnType<string | null, string | null | undefined, string | null>;
  last_name: ColumnType<string | null, string | null | undefined, string | null>;
  house_name_or_number: ColumnType<string | null, string | null | undefined, string | null>;
  address_line: ColumnType<string | null, string | null | undefined, string | null>;
  town: ColumnType<string | null, string | null | undefined, string | null>;
  /** Normalised UK postcode. */
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  address_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A name (and home address, given with a Gift Aid declaration) typed on a public form for an
 * address whose supporter already had a gift, differing from the supporter's record (0038): kept
 * beside the record until staff merge it in or reject it; never applied on its own.
 */
export interface SupporterPendingDetailsTable {
  id: Generated<number>;
  supporter_id: number;
  /** The pledge the form made (null once that pledge is gone). */
  pledge_id: number | null;
  /** Which form: "donate", "fundraising", "event". */
  source: string;
  title: string | null;
  first_name: string;
  last_name: string;
  house_name_or_number: string | null;
  address_line: string | null;
  town: string | null;
  postcode: string | null;
  created_at: string;
  resolved_at: string | null;
  /** The staff username who merged or rejected it. */
  resolved_by: string | null;
  resolution: "merged" | "rejected" | null;
}

export interface SupporterEmailsTable {
  id: Generated<number>;
  supporter_id: number;
  /** Trimmed and lower-cased; unique. */
  address: string;
  /** 1: the address the supporter was made with; 0: one merged in. */
  is_primary: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  created_at: string;
}

/** A card gift waiting for its Checkout Session, made by the background queue (0029). */
export interface CheckoutRequestsTable {
  pledge_id: number;
  requested_at: string;
  /** When the queue may try (again): after Stripe's Retry-After, or a back-off. */
  next_try_at: string;
  /** Claimed by one instance until then. */
  lease_until: string | null;
  /** When a queue last asked Stripe for it: what STRIPE_CHECKOUT_PER_SECOND counts. */
  last_tried_at: string | null;
  tries: ColumnType<number, number | undefined, number>;
  /** The session's Checkout page, once made: where the wait page sends the donor. */
  checkout_url: string | null;
  last_error: string | null;
  /** Given up (Stripe refused it for good, or too many tries): the wait page offers the bank transfer. */
  failed_at: string | null;
}

/** A single-use sign-in link of Your giving (/giving), e-mailed to a donor (0024). */
export interface DonorLinksTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  supporter_id: number;
  /** The address the link was sent to. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A donor's session at /giving, apart from staff sessions (0024). */
export interface DonorSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  supporter_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

/** The charity's own appeals, each with a goal (0026). */
export interface AppealsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown, rendered like news. */
  story: string;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
  goal_pence: number;
  goal_donors: number | null;
  /** YYYY-MM-DD, UK days. */
  starts_on: string | null;
  ends_on: string | null;
  is_open: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  created_at: string;
  updated_at: string;
}

/** A kind of publication: the badge on its card (0045). Staff add more. */
export interface PublicationTypesTable {
  id: Generated<number>;
  /** Unique whatever its letter case. */
  name: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export type PublicationStatus = "published" | "hidden";

/** A publication on /publications with its PDF in the upload store (0045). */
export interface PublicationsTable {
  id: Generated<number>;
  /** The download's stable address: /publications/<slug>.pdf. */
  slug: string;
  title: string;
  type_id: number;
  /** YYYY-MM-DD */
  published_on: string;
  description: string;
  status: ColumnType<PublicationStatus, PublicationStatus | undefined, PublicationStatus>;
  /** The upload store's key of the PDF; the document columns are all set or all null. */
  document_key: string | null;
  /** The file's name as it was uploaded (shown to staff). */
  document_name: string | null;
  document_bytes: number | null;
  /** Hex; the download's ETag. */
  document_sha256: string | null;
  /** The words in the PDF, for site search (null when it has none). */
  document_text: string | null;
  document_uploaded_at: string | null;
  created_at: string;
  updated_at: string;
}

export type FundraisingPageKind = "share-my-day" | "memoriam";
export type FundraisingPageStatus = "pending" | "changes-requested" | "approved" | "rejected" | "taken-down";

/** A supporter's own fundraising (Share My Day) or tribute (In Memoriam) page (0026). */
export interface FundraisingPagesTable {
  id: Generated<number>;
  slug: string;
  kind: FundraisingPageKind;
  owner_name: string;
  owner_email: string;
  title: string;
  story: string;
  /** Null: no target (an In Memoriam page may have none; 0047). */
  target_pence: number | null;
  occasion: string | null;
  in_memory_of: string | null;
  /** 1: a sponsored event (a run, a swim): its gifts are marked sponsored for Gift Aid. */
  sponsored: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
  status: ColumnType<FundraisingPageStatus, FundraisingPageStatus | undefined, FundraisingPageStatus>;
  /** What staff last asked the owner to change, or why they rejected or took it down. */
  staff_message: string | null;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  /** The appeal this page raises money for (0047): its pledges count in the appeal's figures. */
  appeal_id: number | null;
  /** An owner's edit of a live page waiting for staff (0047): set while it waits, with the whole new version. */
  pending_at: string | null;
  pending_title: string | null;
  pending_story: string | null;
  pending_image_upload: string | null;
  pending_image_widths: string | null;
  pending_image_alt: string | null;
}

/** An event with tickets (0028): docs/events.md. */
export interface EventsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown. */
  description: string;
  venue: string;
  /** ISO-8601 UTC. */
  starts_at: string;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
  suggested_donation_pence: number | null;
  status: ColumnType<"draft" | "published", "draft" | "published" | undefined, "draft" | "published">;
  created_at: string;
  updated_at: string;
}

/** A kind of ticket of an event; `sold + held` never exceeds `places` (0028). */
export interface TicketTypesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  price_pence: number;
  places: number;
  sold: ColumnType<number, number | undefined, number>;
  held: ColumnType<number, number | undefined, number>;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  created_at: string;
}

export type TicketOrderStatus = "held" | "paid" | "released" | "refunded";

/** A buyer's order: first a hold on places, then paid (tickets made), released or refunded (0028). */
export interface TicketOrdersTable {
  id: Generated<number>;
  reference: string;
  event_id: number;
  ticket_type_id: number;
  quantity: number;
  buyer_name: string;
  buyer_email: string;
  tickets_pence: number;
  donation_pence: ColumnType<number, number | undefined, number>;
  status: TicketOrderStatus;
  hold_expires_at: string | null;
  stripe_session: string | null;
  stripe_payment_intent: string | null;
  waitlist_id: number | null;
  created_at: string;
  paid_at: string | null;
  released_at: string | null;
  /** JSON array of { name, email } for the order's tickets after the buyer's own (0031). */
  guests: string | null;
  /** What Stripe has refunded of the order so far (0031). */
  refunded_pence: ColumnType<number, number | undefined, number>;
  /** JSON of the Gift Aid declaration's details made with the donation, until it is paid (0031). */
  gift_aid: string | null;
}

/** One place at an event, with its check-in (0028); the guest it is for, null for the buyer's own (0031). */
export interface TicketsTable {
  id: Generated<number>;
  order_id: number;
  code: string;
  checked_in_at: string | null;
  checked_in_by: string | null;
  cancelled_at: string | null;
  guest_name: string | null;
  guest_email: string | null;
}

export type WaitlistStatus = "waiting" | "offered" | "booked" | "lapsed";

/** The waiting list of a ticket type (0028). */
export interface EventWaitlistTable {
  id: Generated<number>;
  event_id: number;
  ticket_type_id: number;
  name: string;
  email: string;
  status: WaitlistStatus;
  offer_expires_at: string | null;
  created_at: string;
  /** How many places they ask for (0046). */
  places: ColumnType<number, number | undefined, number>;
}

export type ProjectStatus = "Active" | "Completed" | "Planned";
export type ProjectState = "draft" | "published";

/** A project (0044): staff-edited content; a draft is not on the public site. */
export interface ProjectsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  status: ProjectStatus;
  /** Markdown, rendered like news (raw HTML off). */
  body: string;
  state: ProjectState;
  position: number;
  in_menu: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  in_footer: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** The card picture: one of the site's own files (src) or an upload (key and widths). */
  card_src: string | null;
  card_upload: string | null;
  card_widths: string | null;
  /** Empty only when the picture is marked decorative. */
  card_alt: string;
  card_decorative: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** A picture of a project's gallery (0044), in `position` order. */
export interface ProjectPicturesTable {
  id: Generated<number>;
  project_id: number;
  position: number;
  src: string | null;
  upload: string | null;
  widths: string | null;
  alt: string;
  decorative: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
}

/** A public address that moved (0044): answered 301 to `to_path`. */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  origin: "automatic" | "staff";
  created_by: string | null;
  created_at: string;
}

/** A revision of one of the charity's own pages (0043, docs/site-editor.md). */
export interface SitePageRevisionsTable {
  id: Generated<number>;
  page_key: string;
  document: string;
  created_at: string;
  created_by: string;
  created_by_id: number | null;
  kind: string;
  publish_at: string | null;
  published_by: string | null;
  note: string | null;
  /** 1: a project's or publication's publish at a later time, not yet copied into its row (0050). */
  apply_pending: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  news: NewsTable;
  login_failures: LoginFailuresTable;
  contact_enquiries: ContactEnquiriesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  pledges: PledgesTable;
  form_posts: FormPostsTable;
  payments: PaymentsTable;
  audit_events: AuditEventsTable;
  newsletter_tokens: NewsletterTokensTable;
  newsletter_consent_events: NewsletterConsentEventsTable;
  outbox: OutboxTable;
  newsletters: NewslettersTable;
  gift_aid_declarations: GiftAidDeclarationsTable;
  gift_aid_claims: GiftAidClaimsTable;
  gift_aid_claim_items: GiftAidClaimItemsTable;
  hmrc_submissions: HmrcSubmissionsTable;
  hmrc_messages: HmrcMessagesTable;
  small_donations: SmallDonationsTable;
  charity_settings: CharitySettingsTable;
  stripe_events: StripeEventsTable;
  direct_debit_events: DirectDebitEventsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  recovery_codes: RecoveryCodesTable;
  change_counters: ChangeCountersTable;
  job_runs: JobRunsTable;
  upload_files: UploadFilesTable;
  supporters: SupportersTable;
  supporter_pending_details: SupporterPendingDetailsTable;
  volunteer_applications: VolunteerApplicationsTable;
  volunteer_mail_templates: VolunteerMailTemplatesTable;
  volunteer_application_interests: VolunteerApplicationInterestsTable;
  volunteer_status_changes: VolunteerStatusChangesTable;
  supporter_emails: SupporterEmailsTable;
  checkout_requests: CheckoutRequestsTable;
  donor_links: DonorLinksTable;
  donor_sessions: DonorSessionsTable;
  appeals: AppealsTable;
  fundraising_pages: FundraisingPagesTable;
  events: EventsTable;
  ticket_types: TicketTypesTable;
  ticket_orders: TicketOrdersTable;
  tickets: TicketsTable;
  event_waitlist: EventWaitlistTable;
  publication_types: PublicationTypesTable;
  publications: PublicationsTable;
  projects: ProjectsTable;
  project_pictures: ProjectPicturesTable;
  redirects: RedirectsTable;
  site_page_revisions: SitePageRevisionsTable;
}
