// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/events._index.tsx needs of the server.
export { json } from "@remix-run/node";
export { upcomingEvents } from "~/events/index.server";
