// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/get-involved.memoriam.tsx
// needs of the server, in one module of its own (a stub shared with another route would be a
// chunk of its own in the browser).
export { getInvolvedAction, loadGetInvolvedPage } from "../_glue/get-involved.server";
export { pageHeaders } from "../_glue/page-headers.server";
