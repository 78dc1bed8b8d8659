// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/get-involved.$page.tsx
// needs of the server, in one module (the browser build swaps it for an empty stub, so neither
// zod nor the services reach the page's JavaScript).
export { json, redirect } from "@remix-run/node";
export { getCharitySettings } from "~/services/charity-settings.server";
export { FundraisingRefusal, startFundraisingPage } from "~/services/fundraising.server";
export { submitVolunteerApplication, VolunteerError, volunteerInterestsOf } from "~/services/volunteers.server";
export { startPageSchema } from "~/schemas/fundraising-page";
export { volunteerApplicationSchema } from "~/schemas/volunteer";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
