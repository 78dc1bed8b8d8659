// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/donate_.card.$reference_.wait.tsx
// needs of the server, in one module (see donate-page.server.ts for why).
export { json, redirect } from "@remix-run/node";
export { cardWaitStatus } from "~/giving/index.server";
export { cardReturnPath } from "~/giving/index.server";
