// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/fundraise.$slug.tsx needs of the server.
export { json } from "@remix-run/node";
export { cachedLoader } from "~/infra/page-cache.server";
export { absoluteUrl } from "~/infra/public-url.server";
export { publicFundraisingPage } from "~/causes/index.server";
