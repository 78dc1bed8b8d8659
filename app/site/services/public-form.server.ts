import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import {
  CROSS_SITE_SUBMISSION_MESSAGE,
  REJECTED_SUBMISSION_MESSAGE,
  tooManySubmissionsMessage,
  UNREADABLE_SUBMISSION_MESSAGE,
} from "~/content/forms";
import { BodyError, parseFormBody, readFormData, type UploadLimits } from "~/infra/body.server";
import { clientKey } from "~/infra/request-scope.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { isSameOriginRequest } from "~/infra/same-origin.server";
import { admitFormPost } from "~/site/models/form-post.server";
import { isHoneypotFilled } from "~/utils/honeypot";

/** Public forms are small: a long message fits many times over. */
export const MAX_PUBLIC_FORM_BYTES = 64 * 1024;

export type FormReply = { result: SubmissionResult<string[]> };

type Schema = z.ZodType<unknown, unknown>;

/** A form-level error only: nothing the visitor typed could be read back. */
function unreadable(): SubmissionResult<string[]> {
  return { status: "error", error: { "": [UNREADABLE_SUBMISSION_MESSAGE] } };
}

/**
 * What a public form post came to: the parsed value, or why it is refused (the status, the
 * reply for the form and, for the throttle, when to try again). Data only: the routes' glue
 * (`handlePublicForm` in app/routes/_glue/public-form.server.ts) turns it into a response.
 */
export type PublicFormOutcome<S extends Schema> =
  | { ok: true; value: z.output<S>; submission: Submission<z.input<S>, string[], z.output<S>> }
  | { ok: false; status: number; result: SubmissionResult<string[]>; retryAfterSeconds?: number };

/**
 * Every public form post (donate, contact, newsletter) checked the same way:
 * 1. read the body with a size cap (`uploads`: a multipart form may carry a photo, cut past its
 *    limit for a field error): not a form, or too large → 400 / 413;
 *    posted from another site's page → 403, with what was sent;
 * 2. count the post against the client's per-minute and per-hour limits → 429 with when to
 *    try again, the input kept;
 * 3. the honeypot → 400 with a deliberately vague message;
 * 4. the shared zod schema → 400 with field errors and the input kept;
 * 5. otherwise the parsed value.
 */
export async function readPublicForm<S extends Schema>(
  request: Request,
  schema: S,
  uploads?: UploadLimits,
): Promise<PublicFormOutcome<S>> {
  const refuse = (result: SubmissionResult<string[]>, status: number, retryAfterSeconds?: number) =>
    ({ ok: false, status, result, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) }) as const;

  let formData: FormData;
  try {
    // A form with a photo (multipart) streams its file with the staff uploads' limits; any other stays small.
    const multipart = /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
    formData =
      uploads && multipart ? await readFormData(request, uploads) : await parseFormBody(request, MAX_PUBLIC_FORM_BYTES);
  } catch (error) {
    if (error instanceof Response) return refuse(unreadable(), error.status);
    if (!(error instanceof BodyError)) throw error;
    return refuse(unreadable(), error.status);
  }

  const submission = parseWithZod(formData, { schema }) as Submission<z.input<S>, string[], z.output<S>>;
  if (!isSameOriginRequest(request)) {
    return refuse(submission.reply({ formErrors: [CROSS_SITE_SUBMISSION_MESSAGE] }), 403);
  }
  const { PUBLIC_FORM_LIMIT_PER_MINUTE: perMinute, PUBLIC_FORM_LIMIT_PER_HOUR: perHour } = getEnv();
  const decision = await admitFormPost(getDb(), clientKey(request), { perMinute, perHour });
  if (!decision.allowed) {
    return refuse(
      submission.reply({ formErrors: [tooManySubmissionsMessage(decision.retryAfterSeconds)] }),
      429,
      decision.retryAfterSeconds,
    );
  }
  if (isHoneypotFilled(formData)) {
    return refuse(submission.reply({ formErrors: [REJECTED_SUBMISSION_MESSAGE] }), 400);
  }
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  return { ok: true, value: submission.value, submission };
}
