import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, withApi } from "~/routes/_glue/api.server";

// Unknown /api paths answer in JSON whatever the method (the loader gets GET, HEAD and
// OPTIONS, the action everything else), instead of the HTML 404 page.
const notFound = ({ request }: LoaderFunctionArgs) => withApi(request, async () => apiError(404, "Not found"));

export const loader = notFound;
export const action = notFound;
