// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/fundraise.manage.$token.tsx needs of the server.
import { json } from "@remix-run/node";
import { ImageRejected } from "~/infra/images.server";
import { pageEditSchema } from "~/causes/schemas/fundraising-page";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { FundraisingRefusal, reviseOwnPage, type FundraisingPageStatus } from "~/causes/index.server";
import { handlePublicForm } from "./public-form.server";

export { json };
export { TOKEN_PAGE_HEADERS } from "./token-page.server";
export { pageHeaders } from "./page-headers.server";
export { fundraisePath, ownerMayEdit, pageOfManageToken } from "~/causes/index.server";
export { responsiveImage } from "~/utils/images";

/**
 * The owner's change to their page: a public form (cross-site 403, the per-client throttle, the
 * honeypot, the schema), which may carry a photo; the signed link in the address is the key.
 */
export function changeOwnPage(request: Request, token: string) {
  return handlePublicForm(request, {
    schema: pageEditSchema,
    errorData: { saved: null },
    uploads: PHOTO_FORM_LIMITS,
    async onValid(value, submission) {
      let saved: FundraisingPageStatus | null = null;
      try {
        saved = (await reviseOwnPage(token, value)).status;
      } catch (error) {
        if (error instanceof ImageRejected) {
          return json(
            { saved, result: submission.reply({ fieldErrors: { image: [error.message] } }) },
            { status: 400 },
          );
        }
        if (!(error instanceof FundraisingRefusal)) throw error;
        return json({ saved, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
      }
      return json({ saved, result: submission.reply() });
    },
  });
}
