import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { newsCopy } from "~/content/news";
import { cachedLoader } from "~/infra/page-cache.server";
import { parsePageNumber } from "~/utils/pagination";
import { loadNewsPage } from "./news._index";

// /news/page/2, /news/page/3…: the same list a page further on, at an address without a
// query string so the page cache and a CDN keep each page.
export { default, handle, links, meta } from "./news._index";

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, () => loadListPage(args));
}

async function loadListPage({ request, params }: LoaderFunctionArgs) {
  const page = parsePageNumber(params.page);
  if (page === null) throw new Response(newsCopy.pageNotFound, { status: 404, statusText: "Not Found" });
  // One address per page: the first is /news.
  if (page === 1) throw redirect("/news", 301);
  return loadNewsPage(request, page);
}
