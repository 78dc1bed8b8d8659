// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here): the loader
// and action of the Get Involved pages. Share My Day and In Memoriam have routes of their own
// (get-involved.share-my-day.tsx, get-involved.memoriam.tsx: static segments win over `$page`),
// so that each page ships only its own form; get-involved.$page.tsx takes the others and still
// answers for every slug. Each route reaches this module through its own `*-page.server.ts`.
import { json, redirect } from "@remix-run/node";
import { getGetInvolvedPage, getInvolvedMailto } from "~/content/get-involved";
import { isVolunteerKind, type VolunteerKind } from "~/content/volunteer-form";
import { getCharitySettings } from "~/site/index.server";
import { publicSitePage } from "~/publishing/index.server";
import { ImageRejected } from "~/infra/images.server";
import { FundraisingRefusal, startFundraisingPage } from "~/causes/index.server";
import { submitVolunteerApplication, VolunteerError, volunteerInterestsOf } from "~/supporters/index.server";
import { startPageSchema } from "~/causes/schemas/fundraising-page";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { volunteerApplicationSchema } from "~/supporters/schemas/volunteer";
import { notFound } from "~/utils/http";
import { handlePublicForm } from "./public-form.server";

/** The Get Involved pages where a supporter can start their own page, and its kind. */
const PAGE_KINDS: Record<string, StartKind> = {
  "share-my-day": "share-my-day",
  memoriam: "memoriam",
};
export type StartKind = "share-my-day" | "memoriam";

// The pages' words are their live revisions (staff edit them: docs/site-editor.md); which pages
// exist is app/content/get-involved.ts. The Volunteers, Internships and Advisory Board
// pages end in an application form (docs/volunteers.md), Share My Day and In Memoriam in "Start
// your page", the others in an e-mail link.
export async function loadGetInvolvedPage(slug: string) {
  const known = getGetInvolvedPage(slug);
  if (!known) throw notFound("Not Found");
  const charity = await getCharitySettings();
  const page = await getInvolvedShown(slug);
  return json({
    page,
    mailto: getInvolvedMailto({ emailSubject: page.emailSubject }, charity.email),
    email: charity.email,
    startKind: PAGE_KINDS[page.slug] ?? null,
    interests: isVolunteerKind(page.slug) ? volunteerInterestsOf(charity.volunteerInterests) : null,
  });
}

/** A Get Involved page's live words, as its article shows them. */
export async function getInvolvedShown(slug: string) {
  const { fields } = await publicSitePage(slug);
  return {
    slug,
    title: fields.title,
    summary: fields.summary,
    bodyHtml: fields.bodyHtml,
    emailSubject: fields.emailSubject,
  };
}

/** A post to a Get Involved page: an application, or "Start your page". */
export function getInvolvedAction(request: Request, slug: string) {
  return isVolunteerKind(slug) ? applyToVolunteer(request, slug) : startPage(request, PAGE_KINDS[slug]);
}

/** An application (Volunteers, Internships, Advisory Board): docs/volunteers.md. */
function applyToVolunteer(request: Request, kind: VolunteerKind) {
  return handlePublicForm(request, {
    schema: volunteerApplicationSchema,
    async onValid(input, submission) {
      try {
        await submitVolunteerApplication(kind, input);
      } catch (error) {
        if (!(error instanceof VolunteerError)) throw error;
        return json(
          { result: submission.reply({ fieldErrors: { interests: [error.message] } }) },
          { status: error.status },
        );
      }
      return redirect(`/get-involved/${kind}/applied`, 303);
    },
  });
}

/** "Start your page": throttled per client (the public forms' limit) and per address (the service). */
function startPage(request: Request, kind: StartKind | undefined) {
  // The door first (a cross-site post is a 403 wherever it goes); a page without the form is a 404.
  return handlePublicForm(request, {
    schema: startPageSchema,
    errorData: { started: false },
    uploads: PHOTO_FORM_LIMITS,
    async onValid(value, submission) {
      if (!kind) throw notFound("Not Found");
      try {
        await startFundraisingPage({ ...value, kind });
      } catch (error) {
        if (error instanceof ImageRejected) {
          return json(
            { started: false, result: submission.reply({ fieldErrors: { image: [error.message] } }) },
            { status: 400 },
          );
        }
        if (!(error instanceof FundraisingRefusal)) throw error;
        const retry = error.retryAfterSeconds;
        return json(
          { started: false, result: submission.reply({ formErrors: [error.message] }) },
          { status: error.status, headers: retry ? { "Retry-After": String(retry) } : {} },
        );
      }
      return json({ started: true, result: submission.reply({ resetForm: true }) });
    },
  });
}
