// The events domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { type TicketTypeInput } from "./models/events.server";
export {
  EventRefused,
  addTicketTypeToEvent,
  attendeesCsv,
  changeEvent,
  checkIn,
  checkInCount,
  createEventWithTickets,
  eventAttendees,
  publicEvent,
  staffEvent,
  staffEvents,
  upcomingEvents,
  type CheckInOutcome,
  type EventForm,
} from "./services/events.server";
export { BookingRefused, MAX_HELD_PLACES, orderPath } from "./services/ticket-rules.server";
export { cancelHeldOrder, orderStatus, startBooking, takeOffer } from "./services/ticket-booking.server";
export { joinWaitlist, offerDetails, releaseExpiredHolds } from "./services/ticket-holds.server";
export { codeFromTicketToken, ticketQrPng } from "./services/ticket-issue.server";
export { handleTicketEvent } from "./services/ticket-webhooks.server";
