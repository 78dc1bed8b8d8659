// Route glue: the staff project form's action, shared by new and edit (Projects section). A
// refused form comes back with its words and field errors (Conform), and says plainly which
// chosen files must be chosen again (a browser never sends a file input's choice back).
import { json } from "@remix-run/node";
import type { Problem } from "~/components/ui/error-summary";
import {
  ContentRefusal,
  ProjectContentRefusal,
  ProjectPictureRejected,
  ProjectRefusal,
  RedirectRefusal,
  projectChangeWarning,
  saveProject,
} from "~/publishing/index.server";
import { CONFIRM_LINKS_FIELD } from "~/publishing/schemas/redirects";
import {
  PROJECT_FORM_ID,
  chooseAgainMessage,
  chosenFileLabels,
  PROJECT_FORM_LIMITS,
  projectFormSchema,
} from "~/publishing/schemas/projects";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { adminPaths } from "~/utils/admin-paths";
import { fromLondonLocal } from "~/utils/dates";

const SAVED_NOTICE = {
  draft: "content-draft-saved",
  submit: "content-submitted",
  publish: "project-published",
  schedule: "content-scheduled",
  unpublish: "project-unpublished",
} as const;

export async function projectFormAction(request: Request, id?: number) {
  const { user, form, submission } = await staffAction(request, "projects", {
    schema: projectFormSchema,
    limits: PROJECT_FORM_LIMITS,
  });
  const chooseAgain = chooseAgainMessage(chosenFileLabels(form));
  const refuse = (result: ReturnType<typeof submission.reply>, status: number, problems: Problem[] = []) =>
    json({ result, problems: chooseAgain ? [...problems, { message: chooseAgain }] : problems }, { status });

  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const { intent, publish_at } = submission.value;
  const publishAt = intent === "schedule" && publish_at ? fromLondonLocal(publish_at) : null;
  if (intent === "schedule" && !publishAt) {
    const message = "Enter the day and time to publish at (UK time)";
    return refuse(submission.reply({ fieldErrors: { publish_at: [message] } }), 400);
  }
  // Unpublishing or renaming a published project that published pages link to: they are listed, to confirm first.
  const linkWarning =
    id === undefined ? null : await projectChangeWarning(id, submission.value, form.get(CONFIRM_LINKS_FIELD));
  if (linkWarning)
    return json(
      {
        result: submission.reply(),
        problems: chooseAgain ? [{ message: chooseAgain }] : [],
        linkWarning,
        intent,
      },
      { status: 409 },
    );
  try {
    const { record } = await saveProject(submission.value, user, { id, publishAt });
    return savedRedirect(adminPaths.project(record.id), SAVED_NOTICE[intent]);
  } catch (error) {
    if (error instanceof ContentRefusal) {
      // A publish time already past belongs to its field; a publish this person may not make, to the form.
      return error.status === 409
        ? refuse(submission.reply({ fieldErrors: { publish_at: [error.message] } }), 400)
        : refuse(submission.reply({ formErrors: [error.message] }), error.status);
    }
    if (error instanceof ProjectContentRefusal) {
      // Each content-check problem in the error summary, linked to the body.
      const problems = error.problems.map((message) => ({ message, fieldId: `${PROJECT_FORM_ID}-body` }));
      return refuse(submission.reply(), 400, problems);
    }
    if (error instanceof ProjectPictureRejected) {
      return refuse(submission.reply({ fieldErrors: { [error.field]: [error.message] } }), 400);
    }
    if (error instanceof ProjectRefusal || error instanceof RedirectRefusal) {
      const field = error.status === 404 ? "title" : "slug";
      return refuse(submission.reply({ fieldErrors: { [field]: [error.message] } }), error.status);
    }
    throw error;
  }
}
