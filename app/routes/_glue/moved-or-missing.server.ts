// Route glue: where a public address that matches nothing ends (the splat route, a project page
// with no such project). An address that moved answers 301 with its new one (the redirects
// table: a renamed project, or one staff added), read from the database on every instance, so
// it holds with or without the page cache; any other address is a 404.
import { redirect } from "@remix-run/node";
import { redirectFor } from "~/publishing/index.server";
import { notFound } from "~/utils/http";

/** Throws the 301 to where the address moved, or the 404. */
export async function movedOrMissing(request: Request, message = "Not Found"): Promise<never> {
  const url = new URL(request.url);
  const to = await redirectFor(url.pathname);
  if (to) throw redirect(to + url.search, 301);
  throw notFound(message);
}
