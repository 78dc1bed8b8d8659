import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentResponse, staffDocument } from "~/routes/_glue/publication-document.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseRecordId } from "~/utils/record-id";

// A publication's document as stored, for staff: an unpublished one's too. Never kept by a
// shared cache (it may not be public).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "publications");
  const id = parseRecordId(params.id);
  return documentResponse(request, id === null ? null : await staffDocument(id), "private, no-cache");
}
