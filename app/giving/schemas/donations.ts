import { z } from "~/schemas/zod";
import { textCharacters } from "~/schemas/email";
import { QUIET_MONTHLY_DAYS } from "~/utils/attention";
import { giftDayProblem, isCalendarDay, parseUkDay } from "~/utils/dates";
import { giftMethodNames, handPaidWith } from "~/giving/utils/payment-method";

export { isCalendarDay };

// The staff Donations screens: list filters (read from the query string), the record-a-payment
// and cancel forms, and the bank statement import's column choice. Shared by page and action.

/**
 * A pledge's status as staff see it today (the rule: pledgeStatusOn in app/giving/models/pledge.server.ts).
 * "pending" is a one-time gift not yet covered or a monthly gift awaiting its first payment;
 * "active" a monthly gift (a bank standing order or a card subscription) paid within QUIET_MONTHLY_DAYS;
 * "lapsed" one with no payment for that long.
 */
export const pledgeStatuses = ["pending", "paid", "active", "lapsed", "cancelled"] as const;
export type PledgeStatusValue = (typeof pledgeStatuses)[number];

/** The list filter's choices. */
export const pledgeStatusLabels: Record<PledgeStatusValue, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  active: "Active monthly gift",
  lapsed: `Lapsed (no payment for ${QUIET_MONTHLY_DAYS} days)`,
  cancelled: "Cancelled",
};

/**
 * One pledge's status in words (badges, exports): a monthly gift awaits its first payment; a
 * "standing order" is a bank's, so an active monthly card gift is called that.
 */
export function pledgeStatusLabel(
  status: PledgeStatusValue,
  type: (typeof pledgeTypes)[number],
  payBy: "bank" | "card" | "direct-debit" = "bank",
): string {
  if (status === "pending" && type === "monthly") return "Awaiting first payment";
  if (status === "active") {
    if (payBy === "direct-debit") return "Active monthly Direct Debit";
    return payBy === "card" ? "Active monthly card gift" : "Active standing order";
  }
  return pledgeStatusLabels[status];
}

/** A one-time pledge whose payments covered it: staff are not offered to record a payment or cancel it. */
export function isPaidInFull(pledge: { type: (typeof pledgeTypes)[number]; status: PledgeStatusValue }): boolean {
  return pledge.type === "one-time" && pledge.status === "paid";
}

/** How a pledge is paid, in words: a standing order is a bank's; a donor who left card checkout pays by bank transfer. */
export function payingByLabel(pledge: {
  type: (typeof pledgeTypes)[number];
  payBy: "bank" | "card";
  switchedFromCardAt: string | null;
  directDebit?: boolean;
}): string {
  if (pledge.payBy === "card" && pledge.directDebit) return "Direct Debit (Bacs), through Stripe";
  if (pledge.payBy === "card") {
    return pledge.type === "monthly" ? "Monthly card gift, through Stripe" : "Card, through Stripe Checkout";
  }
  if (pledge.switchedFromCardAt) return "Bank transfer (switched from card)";
  return pledge.type === "monthly" ? "Bank transfer (standing order)" : "Bank transfer";
}

/** How a pledge is paid, for filters and badges: a Direct Debit is a Stripe gift told apart by its method. */
export function payMethodOf(pledge: {
  payBy: "bank" | "card";
  directDebit?: boolean;
}): "bank" | "card" | "direct-debit" {
  return pledge.payBy === "card" && pledge.directDebit ? "direct-debit" : pledge.payBy;
}

export const pledgeTypes = ["one-time", "monthly"] as const;
export const pledgeTypeLabels: Record<(typeof pledgeTypes)[number], string> = {
  "one-time": "One-time",
  monthly: "Monthly",
};

export const PLEDGES_PER_PAGE = 25;
export const SEARCH_MAX_LENGTH = 100;
/** Far beyond any real list; keeps OFFSET arithmetic and page links sane. */
export const MAX_PAGE = 100_000;

const emptyToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** How a pledge is paid, as the list filters it; "direct-debit-failed": a Direct Debit whose latest collection failed. */
export const pledgeMethods = ["card", "direct-debit", "direct-debit-failed", "bank"] as const;
export type PledgeMethodFilter = (typeof pledgeMethods)[number];
export const pledgeMethodLabels: Record<PledgeMethodFilter, string> = {
  card: "Card (Stripe)",
  "direct-debit": "Direct Debit",
  "direct-debit-failed": "Direct Debit: collection failed",
  bank: "Bank transfer",
};

export const pledgeFiltersSchema = z.object({
  method: z.preprocess(emptyToUndefined, z.enum(pledgeMethods, { error: "Choose a listed method" }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(pledgeStatuses, { error: "Choose a listed status" }).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(pledgeTypes, { error: "Choose One-time or Monthly" }).optional()),
  q: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  ),
  page: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,6}$/, "The page must be a whole number")
      .transform(Number)
      .pipe(z.number().int().min(1, "Pages start at 1").max(MAX_PAGE, "There is no such page"))
      .optional(),
  ),
});

export type PledgeFilters = z.output<typeof pledgeFiltersSchema>;

/** The list's filters from a query string (the first value of each), or the first problem. */
export function parsePledgeFilters(
  params: URLSearchParams,
): { ok: true; filters: PledgeFilters & { page: number } } | { ok: false; error: string } {
  const result = pledgeFiltersSchema.safeParse({
    status: params.get("status") ?? undefined,
    type: params.get("type") ?? undefined,
    method: params.get("method") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "Invalid filter" };
  return { ok: true, filters: { ...result.data, page: result.data.page ?? 1 } };
}

/** The query string for a list view (empty values left out), e.g. for page links and exports. */
export function pledgeFiltersQuery(filters: {
  status?: string;
  type?: string;
  method?: string;
  q?: string;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.type) params.set("type", filters.type);
  if (filters.method) params.set("method", filters.method);
  if (filters.q) params.set("q", filters.q);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Largest single payment staff can record: well above any gift the site takes. */
export const MAX_PAYMENT_PENCE = 100_000_000;
export const NOTE_MAX_LENGTH = 500;
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Pounds as staff type them ("25", "25.5", "£1,250.00") to whole pence, without floating
 * point. Unlike the donate form there is no minimum gift: the bank says what arrived.
 */
export function parsePaymentPounds(raw: string): number | string {
  const text = raw.trim().replace(/^£\s*/, "");
  const match = /^((?:\d{1,3}(?:,\d{3})+)|\d+)?(?:\.(\d{1,2}))?$/.exec(text);
  if (!text || !match || (match[1] === undefined && match[2] === undefined)) {
    return "Enter an amount in pounds, like 25 or 25.50";
  }
  const whole = (match[1] ?? "0").replace(/,/g, "");
  if (whole.replace(/^0+/, "").length > 7) return "That amount is too large";
  const pence = Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (pence <= 0) return "Enter an amount greater than £0";
  if (pence > MAX_PAYMENT_PENCE) return "That amount is too large";
  return pence;
}

/** A day a staff member enters: picked (YYYY-MM-DD) or typed (DD/MM/YYYY), as YYYY-MM-DD. */
export const ukDayField = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((value) => parseUkDay(value) !== null, invalid)
    .transform((value) => parseUkDay(value)!);

/** A day money arrived, given or collected: a real day from the charity's founding to `today`. */
export const giftDayField = (missing: string, invalid: string, today: string) =>
  ukDayField(missing, invalid).superRefine((day, ctx) => {
    const problem = giftDayProblem(day, today);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** An amount of money in pounds, as staff type it (parsePaymentPounds), in pence. */
export const paymentAmountField = (missing: string) =>
  z
    .string({ error: missing })
    .superRefine((value, ctx) => {
      const parsed = parsePaymentPounds(value);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
    })
    .transform((value) => parsePaymentPounds(value) as number);

/** `today` is the UK day by the server's clock: the action's own, the page's from its loader. */
export const recordPaymentSchema = (today: string) =>
  z.object({
    intent: z.literal("record-payment"),
    receivedOn: giftDayField("Enter the date the money arrived", "Enter a date like 05/10/2025", today),
    amount: paymentAmountField("Enter the amount received"),
    note: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(NOTE_MAX_LENGTH, `Note must be at most ${NOTE_MAX_LENGTH} characters`)
        .optional()
        .superRefine(textCharacters("multiline", "Note")),
    ),
    /** A payment by hand: how it was paid (cash, cheque…), which statements and exports name. */
    paidWith: z.preprocess(
      emptyToUndefined,
      z.enum(handPaidWith, { error: "Choose how the money was paid" }).optional(),
    ),
    /** "Send a thank-you e-mail": ticked by default on the form; a post without it sends none. */
    sendThanks: z.boolean().default(false),
  });

/** The "Paid with" choices of a payment recorded by hand (their words are the methods' own). */
export const paidWithOptions = handPaidWith.map((value) => ({ value, label: giftMethodNames[value] }));

/** A reason staff must give (trimmed, not empty, at most `max` characters). */
const requiredReason = (missing: string, max: number) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Reason must be at most ${max} characters`)
    .superRefine(textCharacters("multiline", "Reason"));

export const cancelPledgeSchema = z.object({
  reason: requiredReason("Say why the pledge is cancelled", CANCEL_REASON_MAX_LENGTH),
});

export const REMOVE_REASON_MAX_LENGTH = 300;

/** Undoing a payment recorded by mistake: the reason goes into the pledge's history. */
export const removePaymentSchema = z.object({
  reason: requiredReason("Say why the payment is removed", REMOVE_REASON_MAX_LENGTH),
});

/** An optional day: picked (YYYY-MM-DD) or typed (DD/MM/YYYY), as YYYY-MM-DD. */
const optionalDay = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: message })
      .trim()
      .refine((value) => parseUkDay(value) !== null, message)
      .transform((value) => parseUkDay(value)!)
      .optional(),
  );

/** How a payment reached the books (payments.method), and its words in the Payments list's filter. */
export const paymentMethods = ["manual", "bank-import", "card"] as const;
export type PaymentMethodValue = (typeof paymentMethods)[number];
export const paymentMethodNames: Record<PaymentMethodValue, string> = {
  manual: "By hand",
  "bank-import": "Bank statement",
  card: "Card (Stripe)",
};

/** Received days (both inclusive, either open) and a method: the Payments list's filters and its CSV's. */
export interface PaymentsRange {
  from?: string;
  to?: string;
  method?: PaymentMethodValue;
}

/** The query string of a range (empty values left out), for the list's page links and its CSV. */
export function paymentsRangeQuery(range: PaymentsRange & { page?: number }): string {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  if (range.method) params.set("method", range.method);
  if (range.page && range.page > 1) params.set("page", String(range.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The payments export's received-date range: both days inclusive, either may be left empty.
 * `received_on` is the UK calendar day the bank says the money arrived, so the days compare
 * as they are: no time zone arithmetic.
 */
export const paymentsExportSchema = z
  .object({
    from: optionalDay("Enter the first day like 05/10/2025"),
    to: optionalDay("Enter the last day like 31/10/2025"),
    /** How the money reached the books (the Payments list's filter, carried to its CSV). */
    method: z.preprocess(emptyToUndefined, z.enum(paymentMethods, { error: "Choose a listed method" }).optional()),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && from > to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must be on or after the first day" });
    }
  });

/** The export's range from a query string (the first value of each), or the first problem. */
export function parsePaymentsRange(
  params: URLSearchParams,
): { ok: true; range: PaymentsRange } | { ok: false; error: string } {
  const result = paymentsExportSchema.safeParse({
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    method: params.get("method") ?? undefined,
  });
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "Invalid dates" };
  return { ok: true, range: result.data };
}

/**
 * Largest bank statement staff may upload. Shared by the import page (which states it) and
 * the server (which enforces it), so it lives here rather than in a .server module, which the
 * browser bundle would see as undefined.
 */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
