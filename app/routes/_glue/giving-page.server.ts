// Route glue (app/routes/_glue/, never a route): what the pages of Your giving
// (app/routes/_public+/giving.*) need of the server, in one module. The browser build swaps each
// `.server` import, and @remix-run/node, for an empty stub.
import { json, redirect } from "@remix-run/node";
import { DonorLinkError, DonorPortalError, getDonorSupporterId } from "~/services/donor-portal.server";
import { givingPaths } from "~/utils/giving-paths";
export { json, redirect };
export { londonToday } from "~/infra/clock.server";
export {
  cancelDeclarationByDonor,
  changeMonthlyCardAmountByDonor,
  donorDataExport,
  getStoppableMonthlyGift,
  stopMonthlyGiftByDonor,
  DonorLinkError,
  DonorPortalError,
  endDonorSession,
  getDonorDeclaration,
  getDonorPortal,
  getDonorSupporterId,
  openDonorLink,
  requestDonorLink,
  setDonorNewsletter,
} from "~/services/donor-portal.server";
export { setFlash, takeFlash } from "~/services/flash.server";
export { statementFileName, supporterStatementPdf } from "~/services/giving-statements.server";
export { donorAction, refuseCrossSite } from "./action-guard.server";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
export { savedRedirect } from "./saved.server";
export { givingLinkSchema } from "~/schemas/subscription";

/** Every page of Your giving is personal: never kept by a cache, never indexed. */
export const GIVING_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** The signed-in donor's supporter id, or a redirect to /giving (which offers a link) when their session has ended. */
export async function requireDonor(request: Request): Promise<number> {
  const supporterId = await getDonorSupporterId(request);
  if (supporterId === null) throw redirect(givingPaths.home, { status: 303, headers: GIVING_HEADERS });
  return supporterId;
}

/** A refusal of the donor's own kind as the page's 4xx (the error boundary shows its message). */
export function refusalResponse(error: unknown): never {
  if (error instanceof DonorPortalError || error instanceof DonorLinkError) {
    throw new Response(error.message, { status: error.status, headers: GIVING_HEADERS });
  }
  throw error;
}
