import type { ActionFunctionArgs } from "@remix-run/node";
import {
  endDonorSession,
  GIVING_HEADERS,
  redirect,
  refuseCrossSite,
  setFlash,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";

// Signing out of Your giving: a POST only (a link or a prefetch never signs anyone out); the
// donor session's row is deleted and its cookie cleared. GET has nothing to show: back to /giving.

export async function loader() {
  return redirect(givingPaths.home, { status: 303, headers: GIVING_HEADERS });
}

export async function action({ request }: ActionFunctionArgs) {
  refuseCrossSite(request);
  const headers = new Headers(GIVING_HEADERS);
  headers.append("Set-Cookie", await endDonorSession(request));
  headers.append("Set-Cookie", await setFlash("giving-signed-out", "giving"));
  return redirect(givingPaths.home, { status: 303, headers });
}
