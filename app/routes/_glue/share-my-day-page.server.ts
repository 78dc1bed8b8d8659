// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/get-involved.share-my-day.tsx
// needs of the server, in one module of its own (a stub shared with another route would be a
// chunk of its own in the browser).
export { getInvolvedAction, loadGetInvolvedPage } from "./get-involved.server";
export { pageHeaders } from "./page-headers.server";
