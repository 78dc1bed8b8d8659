// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/admin+/invitation.$token.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { json } from "@remix-run/node";
export { visitorForm } from "../_glue/action-guard.server";
export { TOKEN_PAGE_HEADERS } from "../_glue/token-page.server";
export { createUserSession } from "../_glue/sign-in.server";
export { parseAcceptForm } from "~/staff/index.server";
export { acceptInvitation, openInvitation, TeamError } from "~/staff/index.server";
// The loader's only use of the staff area's map: taken from here, since an import the browser's
// script keeps for a shared module (even one only the loader used) would load its whole chunk.
export { roleLabels } from "~/utils/admin-paths";
