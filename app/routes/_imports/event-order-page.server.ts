// Server imports (app/routes/_imports/, never a route; names only, no logic): what the ticket order's return page and the
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
export { refuseCrossSite } from "../_glue/action-guard.server";
