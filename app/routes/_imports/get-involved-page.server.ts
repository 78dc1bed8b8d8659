// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/get-involved.$page.tsx
// needs of the server, in one module (the browser build swaps it for an empty stub, so neither
// zod, the services nor the pages' texts reach the page's JavaScript).
export { getInvolvedAction, loadGetInvolvedPage } from "../_glue/get-involved.server";
export { pageHeaders } from "../_glue/page-headers.server";
