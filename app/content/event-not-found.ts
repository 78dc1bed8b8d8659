// The events pages' "not found", in a module of its own: the event page's error boundary ships
// these words to the browser, and the rest of the events' wording (./events.ts) would cost that
// page its place within the public pages' JavaScript budget.
export const eventNotFound = {
  title: "Not found",
  event: "There is no such event. It may have ended, or the address may have a typing mistake.",
  order: "There is no such booking for this event.",
  allEvents: "See all events",
};
