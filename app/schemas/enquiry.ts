import { z } from "./zod";
import { contactSubjectValues } from "~/content/contact";

// The staff inbox's filters (a GET form, so they live in the URL) and its actions.

export const enquiryStatuses = ["new", "handled"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const ENQUIRY_PAGE_SIZE = 25;
/** Search terms shorter than this would match most of the inbox; longer ones are refused. */
export const ENQUIRY_SEARCH_MIN = 2;
export const ENQUIRY_SEARCH_MAX = 100;
/**
 * A search matches names and addresses of every enquiry by prefix, and any text in the newest
 * MESSAGE_SEARCH_WINDOW enquiries (see app/models/enquiry.server.ts for why).
 */
export const MESSAGE_SEARCH_WINDOW = 1_000;
/** A search's count stops here ("1,000+"): counting every match of a loose term is slow. */
export const SEARCH_COUNT_CAP = 1_000;
/** Pages beyond this are refused (the inbox never holds 25 million enquiries). */
const MAX_PAGE = 1_000_000;

const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const enquiryFilterSchema = z.object({
  status: z.preprocess(blankAsUndefined, z.enum(enquiryStatuses, { error: "Unknown status" }).optional()),
  subject: z.preprocess(blankAsUndefined, z.enum(contactSubjectValues, { error: "Unknown subject" }).optional()),
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .min(ENQUIRY_SEARCH_MIN, `Search for at least ${ENQUIRY_SEARCH_MIN} characters`)
      .max(ENQUIRY_SEARCH_MAX, `Search for at most ${ENQUIRY_SEARCH_MAX} characters`)
      .optional(),
  ),
  page: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,6}$/, "The page must be a whole number from 1")
      .transform(Number)
      .refine((n) => n <= MAX_PAGE, "No such page")
      .default(1),
  ),
});

export type EnquiryFilter = Omit<z.infer<typeof enquiryFilterSchema>, "page">;

/**
 * The inbox filters from a URL's query. A repeated parameter counts as malformed (a form never
 * sends one twice). Either the filter and page, or the problems to show as a 400.
 */
export function parseEnquiryQuery(
  params: URLSearchParams,
): { ok: true; filter: EnquiryFilter; page: number } | { ok: false; errors: string[] } {
  const raw: Record<string, string> = {};
  for (const key of ["status", "subject", "q", "page"] as const) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, errors: [`The ${key} filter was given more than once`] };
    if (values.length === 1) raw[key] = values[0];
  }
  const parsed = enquiryFilterSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) };
  const { page, ...filter } = parsed.data;
  return { ok: true, filter, page };
}

/** The query string for a filter and page, leaving out what is not set (page 1 included). */
export function enquiryQueryString(filter: EnquiryFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.subject) params.set("subject", filter.subject);
  if (filter.q) params.set("q", filter.q);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The detail page's buttons: mark handled, or reopen. */
export const enquiryIntentSchema = z.object({
  intent: z.enum(["handled", "reopen"], { error: "Unknown action" }),
});
