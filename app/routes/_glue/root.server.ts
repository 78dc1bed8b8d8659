// Route glue (app/routes/_glue/, never a route): what app/root.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { json, redirect } from "@remix-run/node";
import { pageFrame as framePage } from "~/site/index.server";
import { projectFrameLinks } from "~/publishing/index.server";

/** Every page's frame (the root loader's data): the site's, with the menu's and footer's project links. */
export async function pageFrame(request: Request) {
  return framePage(request, await projectFrameLinks());
}
