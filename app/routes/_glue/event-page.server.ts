// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/events.$slug._index.tsx needs of the server.
export { json, redirect } from "@remix-run/node";
export { publicEvent } from "~/services/events.server";
export { BookingRefused, joinWaitlist, startBooking, orderPath } from "~/services/tickets.server";
export { eventFormSchema, guestsOf } from "~/schemas/event-booking";
export { giftAidDetails } from "~/schemas/donation";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
// The page's words travel in its data, so the page's script does not carry the content module.
export { eventsPage as eventPageWords } from "~/content/events";
