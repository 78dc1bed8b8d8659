// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/fundraise.manage.$token.tsx needs of the server.
import { json } from "@remix-run/node";
import { ImageRejected } from "~/infra/images.server";
import { pageEditSchema, tributeEditSchema } from "~/causes/schemas/fundraising-page";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { FundraisingRefusal, pageOfManageToken, reviseOwnPage, type OwnerSave } from "~/causes/index.server";
import { handlePublicForm } from "./public-form.server";

export { json };
export { TOKEN_PAGE_HEADERS } from "./token-page.server";
export { pageHeaders } from "./page-headers.server";
export { fundraisePath, ownerGiftList, ownerMayEdit, ownerVersion, pageOfManageToken } from "~/causes/index.server";
export { responsiveImage } from "~/utils/images";

/**
 * The owner's change to their page: a public form (cross-site 403, the per-client throttle, the
 * honeypot, the schema), which may carry a photo; the signed link in the address is the key.
 */
export async function changeOwnPage(request: Request, token: string) {
  // A tribute page's target is optional; a Share My Day page's is required (the link names the page).
  const found = await pageOfManageToken(token);
  const tribute = found.ok && found.page.kind === "memoriam";
  return handlePublicForm(request, {
    schema: tribute ? tributeEditSchema : pageEditSchema,
    errorData: { saved: null, fileNotKept: true },
    uploads: PHOTO_FORM_LIMITS,
    async onValid(value, submission) {
      let saved: OwnerSave | null = null;
      const fileNotKept = Boolean(value.image);
      try {
        saved = (await reviseOwnPage(token, value)).saved;
      } catch (error) {
        if (error instanceof ImageRejected) {
          return json(
            { saved, fileNotKept, result: submission.reply({ fieldErrors: { image: [error.message] } }) },
            { status: 400 },
          );
        }
        if (!(error instanceof FundraisingRefusal)) throw error;
        const reply = error.field
          ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
          : submission.reply({ formErrors: [error.message] });
        return json({ saved, fileNotKept, result: reply }, { status: error.status });
      }
      return json({ saved, fileNotKept: false, result: submission.reply() });
    },
  });
}
