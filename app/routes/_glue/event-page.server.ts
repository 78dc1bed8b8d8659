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
import { guestEmailField, guestNameField } from "~/events/schemas/event-booking-rules";

/** The Gift Aid declaration and its form's words, as the donate page's loader sends them (GiftAidFields). */
export const giftAidWords = () => withCharityDetails(giftAidDeclarationWords());

/** The ticket form's guest rows (tickets 2 onwards): each field's name and label, sent in the page's data. */
export const guestRows = Array.from({ length: MAX_TICKETS - 1 }, (_, i) => [
  { field: guestNameField(i + 2), label: `Guest ${i + 1}: name` },
  { field: guestEmailField(i + 2), label: `Guest ${i + 1}: email address` },
]);
export { clientKey } from "~/infra/request-scope.server";
