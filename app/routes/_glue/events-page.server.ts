// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/events._index.tsx needs of the server.
export { json } from "@remix-run/node";
export { upcomingEvents } from "~/events/index.server";
