// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/donate_.thank-you.$reference.tsx
// needs of the server, in one module, so its browser stand-in stays in the page's own script
// (three stand-ins shared with other pages were a chunk each). The loader's helpers that are not
// server modules (the type label, the amount's format) come through here too: a module a page
// imports only for its loader still loads in the browser.
export { json } from "@remix-run/node";
export { findPledgeByReference } from "~/giving/index.server";
export { getDeclarationForPledge } from "~/gift-aid/index.server";
export { stripeEnabled } from "~/infra/stripe.server";
export { donationTypeLabel } from "~/content/donate";
export { formatPence } from "~/utils/money";
export { pageBackLink } from "~/causes/index.server";
