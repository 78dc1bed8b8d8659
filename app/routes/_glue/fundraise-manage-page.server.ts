// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/fundraise.manage.$token.tsx needs of the server.
export { json } from "@remix-run/node";
export { TOKEN_PAGE_HEADERS } from "./token-page.server";
export { fundraisePath, pageOfManageToken } from "~/services/fundraising.server";
