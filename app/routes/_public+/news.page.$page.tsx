import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parsePageNumber } from "~/utils/pagination";
import { loader as newsLoader } from "./news._index";

// /news/page/2, /news/page/3…: the same list a page further on, at an address without a
// query string so the page cache and a CDN keep each page.
export { default, handle, meta } from "./news._index";

export async function loader(args: LoaderFunctionArgs) {
  // One address per page: the first is /news. Malformed numbers get news._index's 404.
  if (parsePageNumber(args.params.page) === 1) throw redirect("/news", 301);
  return newsLoader(args);
}
