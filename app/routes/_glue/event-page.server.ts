// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/events.$slug._index.tsx needs of the server.
export { json, redirect } from "@remix-run/node";
export { publicEvent } from "~/events/index.server";
export { BookingRefused, joinWaitlist, startBooking, orderPath } from "~/events/index.server";
export { eventFormSchema, guestsOf } from "~/events/schemas/event-booking";
export { giftAidDetails } from "~/giving/schemas/donation";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
// The page's words travel in its data, so the page's script does not carry the content module.
export { eventsPage as eventPageWords } from "~/content/events";

import { giftAidDeclarationWords } from "~/content/donate-page-words";
import { withCharityDetails } from "~/site/index.server";
import { MAX_TICKETS } from "~/events/schemas/event-booking";
import { MAX_HELD_PLACES } from "~/events/index.server";
import { guestEmailField, guestNameField } from "~/events/schemas/event-booking-rules";

/** The Gift Aid declaration and its form's words, as the donate page's loader sends them (GiftAidFields). */
export const giftAidWords = () => withCharityDetails(giftAidDeclarationWords());

/** The ticket form's guest rows (one per ticket, for two or more): each field's name and label, sent in the page's data. */
export const guestRows = Array.from({ length: MAX_TICKETS }, (_, i) => [
  { field: guestNameField(i + 1), label: `Guest ${i + 1}: name` },
  { field: guestEmailField(i + 1), label: `Guest ${i + 1}: email address` },
]);

/** At most this many tickets in one order, and held by one buyer at once. */
export const quantityLimits = [MAX_TICKETS, MAX_HELD_PLACES];
export { clientKey } from "~/infra/request-scope.server";
