import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import {
  CROSS_SITE_SUBMISSION_MESSAGE,
  REJECTED_SUBMISSION_MESSAGE,
  tooManySubmissionsMessage,
  UNREADABLE_SUBMISSION_MESSAGE,
} from "~/content/forms";
import { BodyError, parseFormBody } from "~/infra/body.server";
import { clientKey } from "~/infra/request-scope.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { isSameOriginRequest } from "~/infra/same-origin.server";
import { admitFormPost } from "~/models/form-post.server";
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
 * Every public form action (donate, contact, newsletter) in one skeleton:
 * 1. read the body with a size cap: not a form, or too large → 400 / 413, the form shown again;
 *    posted from another site's page → 403, the form shown again with what was sent;
 * 2. count the post against the client's per-minute and per-hour limits → 429 with
 *    `Retry-After`, the form shown again with the input kept and when to try again;
 * 3. the honeypot → 400 with a deliberately vague message;
 * 4. the shared zod schema → 400 with field errors and the input kept;
 * 5. `onValid` with the parsed value: the route's own work and its success response.
 * `errorData` is merged into every refusal (e.g. `{ subscribed: false }`).
 */
export async function handlePublicForm<S extends Schema, T, E extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  options: {
    schema: S;
    errorData?: E;
    onValid: (
      value: z.output<S>,
      submission: Submission<z.input<S>, string[], z.output<S>>,
    ) => Promise<TypedResponse<T>>;
  },
): Promise<TypedResponse<(FormReply & E) | T>> {
  const { schema, onValid } = options;
  const errorData = (options.errorData ?? {}) as E;
  const refuse = (result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
    json({ ...errorData, result }, { status, headers });

  let formData: FormData;
  try {
    formData = await parseFormBody(request, MAX_PUBLIC_FORM_BYTES);
  } catch (error) {
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
    return refuse(submission.reply({ formErrors: [tooManySubmissionsMessage(decision.retryAfterSeconds)] }), 429, {
      "Retry-After": String(decision.retryAfterSeconds),
    });
  }
  if (isHoneypotFilled(formData)) {
    return refuse(submission.reply({ formErrors: [REJECTED_SUBMISSION_MESSAGE] }), 400);
  }
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  return onValid(submission.value, submission);
}
