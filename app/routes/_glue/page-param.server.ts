// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): a staff list's `?page=`, refused with a
// thrown 400 or 404. The pure page arithmetic stays in app/utils/pagination.ts.
import { notFound, refusal } from "~/utils/http";
import { PAGE_SIZE, pageCount, parsePage } from "~/utils/pagination";

/**
 * The page a staff list asks for, or a thrown 400/404 Response for a page that is not a
 * number or lies past the last one (never a 500, never an empty page posing as data).
 */
export function requirePage(request: Request): number {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw refusal(400, "The page must be a whole number from 1.");
  return page;
}

export function assertPageExists(page: number, total: number, pageSize: number = PAGE_SIZE): void {
  if (page > pageCount(total, pageSize)) throw notFound("There is no such page.");
}
