// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the one way a staff action says "saved"
// (docs/decisions/0025-one-door-one-no-one-saved.md): a 303 to the page to show, carrying the notice's code in a one-time
// cookie; that page's loader takes it with `takeFlash` and shows the words once. The URL stays
// clean, so a reload, a bookmark or a shared link never repeats the notice.
import { redirect, type TypedResponse } from "@remix-run/node";
import type { SavedNoticeValues } from "~/content/saved-notices";
import { setFlash, type FlashArea, type FlashCode } from "~/site/index.server";

/** `area` "giving": a donor's page at /giving (its own cookie, sent to /giving only). */
export async function savedRedirect(
  to: string,
  code: FlashCode,
  area: FlashArea = "admin",
): Promise<TypedResponse<never>> {
  return redirect(to, { status: 303, headers: { "Set-Cookie": await setFlash(code, area) } });
}

/** A staff notice with counts ("3 payments recorded."): the numbers ride in the one-time cookie, not the URL. */
export async function savedCountsRedirect<Code extends FlashCode>(
  to: string,
  code: Code,
  ...values: SavedNoticeValues<Code>
): Promise<TypedResponse<never>> {
  return redirect(to, { status: 303, headers: { "Set-Cookie": await setFlash(code, "admin", ...values) } });
}
