// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/get-involved.$page.tsx needs of the server.
export { json } from "@remix-run/node";
export { getCharitySettings } from "~/services/charity-settings.server";
export { FundraisingRefusal, startFundraisingPage } from "~/services/fundraising.server";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
export { startPageSchema } from "~/schemas/fundraising-page";
