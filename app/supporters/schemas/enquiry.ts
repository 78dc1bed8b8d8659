import { z } from "~/schemas/zod";
import { contactSubjectValues } from "~/content/contact";
import {
  blankAsUndefined,
  listPageField,
  listQueryString,
  listSearchField,
  parseListQuery,
} from "~/schemas/staff-list-query";

// The staff inbox's filters (a GET form, so they live in the URL) and its actions.

export const enquiryStatuses = ["new", "handled"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const ENQUIRY_PAGE_SIZE = 25;
/** Search terms shorter than this would match most of the inbox; longer ones are refused. */
export const ENQUIRY_SEARCH_MIN = 2;
export const ENQUIRY_SEARCH_MAX = 100;
/**
 * A search matches names and addresses of every enquiry by prefix, and any text in the newest
 * MESSAGE_SEARCH_WINDOW enquiries (see app/supporters/models/enquiry.server.ts for why).
 */
export const MESSAGE_SEARCH_WINDOW = 1_000;
/** A search's count stops here ("1,000+"): counting every match of a loose term is slow. */
export const SEARCH_COUNT_CAP = 1_000;
export const enquiryFilterSchema = z.object({
  status: z.preprocess(blankAsUndefined, z.enum(enquiryStatuses, { error: "Unknown status" }).optional()),
  subject: z.preprocess(blankAsUndefined, z.enum(contactSubjectValues, { error: "Unknown subject" }).optional()),
  q: listSearchField(ENQUIRY_SEARCH_MIN, ENQUIRY_SEARCH_MAX),
  page: listPageField,
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
