// Route glue (app/routes/_glue/, never a route): what the pages of Your giving
// (app/routes/_public+/giving.*) need of the server, in one module. The browser build swaps each
// `.server` import, and @remix-run/node, for an empty stub.
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FlashCode } from "~/site/index.server";
import { DonorLinkError, DonorPortalError, getDonorSupporterId } from "~/supporters/index.server";
import { givingPaths } from "~/utils/giving-paths";
import { donorAction } from "./action-guard.server";
import { savedRedirect } from "./saved.server";
export { json, redirect };
export { londonToday } from "~/infra/clock.server";
export {
  cancelDeclarationByDonor,
  changeMonthlyCardAmountByDonor,
  checkDonorLink,
  confirmDeclarationByDonor,
  detailsComplete,
  donorDataExport,
  DonorLinkError,
  DonorPortalError,
  endDonorSession,
  getDonorDeclaration,
  getDonorDetails,
  getDonorPortal,
  getDonorSupporterId,
  getStoppableMonthlyGift,
  makeDeclarationByDonor,
  openDonorLink,
  requestDonorLink,
  setDonorNewsletter,
  statementFileName,
  stopMonthlyGiftByDonor,
  supporterStatementPdf,
  updateDonorDetails,
} from "~/supporters/index.server";
export { donorDetailsSchema, monthlyAmountSchema } from "~/supporters/schemas/donor-details";
export { setFlash, takeFlash } from "~/site/index.server";
export { donorAction, refuseCrossSite } from "./action-guard.server";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
export { savedRedirect } from "./saved.server";
export { givingLinkSchema } from "~/publishing/schemas/subscription";

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

/**
 * A confirmation page's loader: the signed-in donor's data from `load` (a refusal of theirs as
 * its 4xx), never cached; `null` (nothing left to confirm) goes back to their account.
 */
export async function donorPage<T>(request: Request, load: (supporterId: number) => Promise<T | null>) {
  const supporterId = await requireDonor(request);
  const data = await load(supporterId).catch(refusalResponse);
  if (data === null) throw redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
  return json(data, { headers: GIVING_HEADERS });
}

/**
 * A confirmation page's action: the donor's change (a refusal of theirs as its 4xx), then their
 * account with `notice` (or the notice for what the change answered).
 */
export async function donorChange<R>(
  request: Request,
  change: (supporterId: number, form: FormData) => Promise<R>,
  notice: FlashCode | ((result: R) => FlashCode),
) {
  const { supporterId, form } = await donorAction(request);
  const result = await change(supporterId, form).catch(refusalResponse);
  return savedRedirect(givingPaths.account, typeof notice === "function" ? notice(result) : notice, "giving");
}

/**
 * A form of Your giving checked by `schema`: valid, `change` runs and the donor's account shows
 * `notice`; refused (by the schema or by the service), the form again with the reply and 400.
 */
export async function donorForm<S extends z.ZodType<unknown, unknown>>(
  request: Request,
  schema: S,
  change: (supporterId: number, value: z.output<S>) => Promise<unknown>,
  notice: FlashCode,
) {
  const { supporterId, form } = await donorAction(request);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400, headers: GIVING_HEADERS });
  }
  try {
    await change(supporterId, submission.value);
  } catch (error) {
    if (!(error instanceof DonorPortalError) || error.status === 404) return refusalResponse(error);
    return json(
      { result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status, headers: GIVING_HEADERS },
    );
  }
  return savedRedirect(givingPaths.account, notice, "giving");
}
export { giftAidForm } from "~/content/gift-aid";
export { givingWords } from "~/content/giving";
