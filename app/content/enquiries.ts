// Words of the staff inbox, defined once so pages and tests agree.
import { MESSAGE_SEARCH_WINDOW, type EnquiryStatus } from "~/supporters/schemas/enquiry";

export const enquiryStatusLabels: Record<EnquiryStatus, string> = { new: "New", handled: "Handled" };

export const enquiryMessages = {
  deleteConfirmation: "Are you sure you want to delete this enquiry? This cannot be undone.",
  notFound: "There is no enquiry at this address. It may have been deleted.",
  /** The list's count, its empty states and its page links. */
  list: {
    one: "enquiry",
    many: "enquiries",
    empty: "No enquiries match.",
    emptyPage: "There are no enquiries on this page.",
    pages: "Enquiry pages",
  },
  deleteError: "The enquiry could not be deleted. Please try again.",
  /** Said beside the search box: what a search looks at (see app/supporters/models/enquiry.server.ts). */
  searchHelp: `Finds names and e-mail addresses that start with what you type, in every enquiry, and any text in the name, address or message of the latest ${MESSAGE_SEARCH_WINDOW.toLocaleString("en-GB")} enquiries.`,
} as const;

/** The inbox shows this many characters of each message. */
export const ENQUIRY_PREVIEW_LENGTH = 120;
