// The events domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export type { TicketTypeInput } from "./models/events.server";
export {
  EventRefused,
  addTicketTypeToEvent,
  attendeesCsv,
  changeEvent,
  checkIn,
  createEventWithTickets,
  eventAttendees,
  publicEvent,
  staffEvent,
  staffEvents,
  upcomingEvents,
} from "./services/events.server";
export type { CheckInOutcome, EventForm } from "./services/events.server";
export {
  BookingRefused,
  cancelHeldOrder,
  codeFromTicketToken,
  handleTicketEvent,
  joinWaitlist,
  offerDetails,
  orderPath,
  orderStatus,
  releaseExpiredHolds,
  startBooking,
  takeOffer,
  ticketQrPng,
} from "./services/tickets.server";
