// Route glue (app/routes/_glue/, never a route): what the ticket order's return page and the
// waiting list's offer page (app/routes/_public+/events.$slug.order.$reference.tsx, .offer.$token.tsx) need.
export { json, redirect } from "@remix-run/node";
export {
  BookingRefused,
  cancelHeldOrder,
  offerDetails,
  orderPath,
  orderStatus,
  takeOffer,
} from "~/events/index.server";
export { refuseCrossSite } from "./action-guard.server";
