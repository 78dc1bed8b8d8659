// Numbers of the donor receipts (client-safe: pages show them, services act on them).

/** A bank-transfer pledge with no payment this many days after it was made gets its one reminder. */
export const REMINDER_AFTER_DAYS = 7;
/**
 * Pledges older than this are never reminded (made before reminders existed, or while they were
 * turned off): a reminder weeks late would confuse more than help.
 */
export const REMINDER_WINDOW_DAYS = 30;
/** How long the link in a giving statement e-mail works. */
export const STATEMENT_LINK_DAYS = 30;
