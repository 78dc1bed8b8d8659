import type { LoaderFunctionArgs } from "@remix-run/node";
import { movedOrMissing } from "~/routes/_glue/moved-or-missing.server";

// Any URL no other route claims. Throwing here (rather than letting Remix fall through)
// lets the root loader run first, so the 404 page keeps the visitor's theme. An address that
// moved (the redirects table) answers 301 instead.
export async function loader({ request }: LoaderFunctionArgs) {
  return movedOrMissing(request);
}

export default function NotFound() {
  return null;
}
