// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the door of every cookie-authenticated
// action. Staff actions call `staffAction`; the signed-out pages (sign-in, its code step, the
// password reset and invitation links) call `visitorForm`; a post that reads no form
// (signing out, the card gift's "Try again") calls `refuseCrossSite`. The public forms
// (donate, contact, newsletter) have their own skeleton, `handlePublicForm`, which answers a
// cross-site post with the form again. Every refusal here is a thrown plain-text Response
// (403 from another site or for a role, 400/413 for a body that is not a form of our size),
// shown by the page's error boundary: docs/decisions/0016-cross-site-posts-refused.md and 0025-one-door-one-no-one-saved.md.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { User } from "~/staff/index.server";
import { MAX_FORM_BYTES, readFormData, type UploadLimits } from "~/infra/body.server";
import { isSameOriginRequest } from "~/infra/same-origin.server";
import type { Access } from "~/staff/index.server";
import { CROSS_SITE_ACTION_MESSAGE } from "~/content/forms";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { redirect } from "@remix-run/node";
import { getDonorSupporterId } from "~/supporters/index.server";
import { givingPaths } from "~/utils/giving-paths";

/** Throws a 403 for a post made from another site's page (on top of SameSite=Lax). */
export function refuseCrossSite(request: Request): void {
  if (!isSameOriginRequest(request)) {
    throw new Response(CROSS_SITE_ACTION_MESSAGE, { status: 403, statusText: "Forbidden" });
  }
}

interface BodyOptions {
  /** The body's size cap, or the limits of a form that carries a file (`readFormData`). */
  limits?: number | UploadLimits;
}

type Schema = z.ZodType<unknown, unknown>;
type StaffSubmission<S extends Schema> = Submission<z.input<S>, string[], z.output<S>>;

/**
 * Every staff action's first line: a post from another site → 403; not signed in → the
 * sign-in page; a role that may not open `access` → 403; then the form fields (400/413 for a
 * body that is not a form of our size), and with `schema` the form parsed by it (the route
 * answers a failed `submission` with `submission.reply()` and 400). `{ body: false }` when the
 * action reads its own body (an upload parsed part by part) or none.
 */
export async function staffAction(
  request: Request,
  access: Access,
  options: { body: false },
): Promise<{ user: User; form?: never }>;
export async function staffAction<S extends Schema>(
  request: Request,
  access: Access,
  options: BodyOptions & { schema: S },
): Promise<{ user: User; form: FormData; submission: StaffSubmission<S> }>;
export async function staffAction(
  request: Request,
  access: Access,
  options?: BodyOptions,
): Promise<{ user: User; form: FormData }>;
export async function staffAction(
  request: Request,
  access: Access,
  options: (BodyOptions & { schema?: Schema }) | { body: false } = {},
): Promise<{ user: User; form?: FormData; submission?: StaffSubmission<Schema> }> {
  refuseCrossSite(request);
  const user = await requireRole(request, access);
  if ("body" in options) return { user };
  const form = await readFormData(request, options.limits ?? MAX_FORM_BYTES);
  if (!options.schema) return { user, form };
  return { user, form, submission: parseWithZod(form, { schema: options.schema }) as StaffSubmission<Schema> };
}

/**
 * The signed-out staff pages' actions (sign-in, the code step, reset and invitation links):
 * a post from another site → 403, then the form fields. `clone` leaves the request's own body
 * unread, for a reader that reads it again (the sign-in strategy).
 */
export async function visitorForm(
  request: Request,
  options: BodyOptions & { clone?: boolean } = {},
): Promise<FormData> {
  refuseCrossSite(request);
  return readFormData(options.clone ? request.clone() : request, options.limits ?? MAX_FORM_BYTES);
}

/**
 * Every action of a signed-in donor at Your giving (/giving): a post from another site → 403;
 * no live donor session (never signed in, idle 30 minutes, signed out) → back to /giving, which
 * offers a new link; then the form fields (400/413 for a body that is not a form of our size).
 */
export async function donorAction(
  request: Request,
  options: BodyOptions = {},
): Promise<{ supporterId: number; form: FormData }> {
  refuseCrossSite(request);
  const supporterId = await getDonorSupporterId(request);
  if (supporterId === null) throw redirect(givingPaths.home, 303);
  const form = await readFormData(request, options.limits ?? MAX_FORM_BYTES);
  return { supporterId, form };
}
