// Route glue (app/routes/_glue/, never a route): the staff-only previews of a project's or a
// publication's newest words (app/routes/_public+/preview.*). Anyone who may not open the section
// gets the same 404 as an unknown address: a visitor learns nothing, not even that it exists.
import { allows, getUser } from "~/staff/index.server";
import { notFound } from "~/utils/http";
import { parseRecordId } from "~/utils/record-id";

/** The record's preview for staff of `section`, else a 404. */
export async function staffPreview<T>(
  request: Request,
  section: "projects" | "publications",
  id: string | undefined,
  load: (id: number) => Promise<T | undefined>,
): Promise<T> {
  const user = await getUser(request);
  const recordId = parseRecordId(id);
  if (!user || !allows(user.role, section) || recordId === null) throw notFound("Not Found");
  const preview = await load(recordId);
  if (!preview) throw notFound("Not Found");
  return preview;
}

export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;
