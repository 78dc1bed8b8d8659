// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/admin+/confirm-email.$token.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { json } from "@remix-run/node";
export { refuseCrossSite } from "../_glue/action-guard.server";
export { TOKEN_PAGE_HEADERS } from "../_glue/token-page.server";
export { confirmEmailChange, emailChangeLinkWorks } from "~/staff/index.server";
