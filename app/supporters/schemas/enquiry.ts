import { z } from "~/schemas/zod";
import { contactSubjectValues } from "~/content/contact";
import { listChoiceField, listFilters, listQueryString, parseListQuery } from "~/schemas/staff-list-query";

// The staff inbox's filters (a GET form, so they live in the URL) and its actions.

export const enquiryStatuses = ["new", "handled"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/**
 * A search matches names and addresses of every enquiry by prefix, and any text in the newest
 * MESSAGE_SEARCH_WINDOW enquiries (see app/supporters/models/enquiry.server.ts for why).
 */
export const MESSAGE_SEARCH_WINDOW = 1_000;
/** A search's count stops here ("1,000+"): counting every match of a loose term is slow. */
export const SEARCH_COUNT_CAP = 1_000;
export const enquiryFilterSchema = listFilters({
  status: listChoiceField(enquiryStatuses, "Unknown status"),
  subject: listChoiceField(contactSubjectValues, "Unknown subject"),
});

export type EnquiryFilter = Omit<z.infer<typeof enquiryFilterSchema>, "page">;

/** The inbox filters from a URL's query: the filter and page, or the problems to show as a 400. */
export function parseEnquiryQuery(params: URLSearchParams) {
  return parseListQuery(enquiryFilterSchema, ["status", "subject", "q", "page"], params);
}

/** The query string for a filter and page, leaving out what is not set (page 1 included). */
export function enquiryQueryString(filter: EnquiryFilter, page = 1): string {
  return listQueryString({ status: filter.status, subject: filter.subject, q: filter.q }, page);
}

/** The detail page's buttons: mark handled, or reopen. */
export const enquiryIntentSchema = z.object({
  intent: z.enum(["handled", "reopen"], { error: "Unknown action" }),
});
