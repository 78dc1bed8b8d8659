// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the public form actions' skeleton
// (donate, contact, publications) over app/site/services/public-form.server.ts.
import type { Submission } from "@conform-to/react";
import { json, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import type { UploadLimits } from "~/infra/body.server";
import { readPublicForm, type FormReply } from "~/site/index.server";

type Schema = z.ZodType<unknown, unknown>;

/**
 * Every public form action in one skeleton: `readPublicForm` checks the post (size cap, same
 * origin, throttle, honeypot, schema); a refusal is answered here with its status (and
 * `Retry-After` for the throttle) and the form's reply, so the form is shown again;
 * `onValid` gets the parsed value and returns the route's own success response.
 * `errorData` is merged into every refusal (e.g. `{ subscribed: false }`).
 */
export async function handlePublicForm<S extends Schema, T, E extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  options: {
    schema: S;
    errorData?: E;
    /** The form may carry a photo (multipart), read with these limits. */
    uploads?: UploadLimits;
    onValid: (
      value: z.output<S>,
      submission: Submission<z.input<S>, string[], z.output<S>>,
    ) => Promise<TypedResponse<T>>;
  },
): Promise<TypedResponse<(FormReply & E) | T>> {
  const outcome = await readPublicForm(request, options.schema, options.uploads);
  if (outcome.ok) return options.onValid(outcome.value, outcome.submission);
  const headers: HeadersInit =
    outcome.retryAfterSeconds === undefined ? {} : { "Retry-After": String(outcome.retryAfterSeconds) };
  return json({ ...((options.errorData ?? {}) as E), result: outcome.result }, { status: outcome.status, headers });
}
