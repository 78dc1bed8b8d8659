import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, Honeypot, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { startPageCopy } from "~/content/start-page";
import { getGetInvolvedPage, getInvolvedMailto } from "~/content/get-involved";
import { site } from "~/content/site";
import { isVolunteerKind } from "~/content/volunteer-form";
import { VolunteerForm } from "~/components/volunteer-form";
import {
  FundraisingRefusal,
  getCharitySettings,
  handlePublicForm,
  json,
  pageHeaders,
  redirect,
  startFundraisingPage,
  startPageSchema,
  submitVolunteerApplication,
  volunteerApplicationSchema,
  VolunteerError,
  volunteerInterestsOf,
} from "~/routes/_glue/get-involved-page.server";
import { startPageRules } from "~/schemas/fundraising-rules";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm } from "~/utils/light-form";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

/** The Get Involved pages where a supporter can start their own page, and its kind. */
const PAGE_KINDS: Record<string, "share-my-day" | "memoriam"> = {
  "share-my-day": "share-my-day",
  memoriam: "memoriam",
};

// One module for every Get Involved page: the texts live in app/content/get-involved.ts. The
// Volunteers, Internships and Advisory Board pages end in an application form (docs/volunteers.md);
// the others in an e-mail link.
export async function loader({ params }: LoaderFunctionArgs) {
  const page = getGetInvolvedPage(params.page ?? "");
  if (!page) throw notFound("Not Found");
  const charity = await getCharitySettings();
  return json({
    page,
    mailto: getInvolvedMailto(page, charity.email),
    email: charity.email,
    startKind: PAGE_KINDS[page.slug] ?? null,
    interests: isVolunteerKind(page.slug) ? volunteerInterestsOf(charity.volunteerInterests) : null,
  });
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request, params }: ActionFunctionArgs) {
  const kind = params.page ?? "";
  return isVolunteerKind(kind) ? applyToVolunteer(request, kind) : startPage(request, PAGE_KINDS[kind]);
}

/** An application (Volunteers, Internships, Advisory Board): docs/volunteers.md. */
function applyToVolunteer(request: Request, kind: Parameters<typeof submitVolunteerApplication>[0]) {
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
function startPage(request: Request, kind: "share-my-day" | "memoriam" | undefined) {
  // The door first (a cross-site post is a 403 wherever it goes); a page without the form is a 404.
  return handlePublicForm(request, {
    schema: startPageSchema,
    errorData: { started: false },
    async onValid(value, submission) {
      if (!kind) throw notFound("Not Found");
      try {
        await startFundraisingPage({ ...value, kind });
      } catch (error) {
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.page.summary }, matches)
    : pageMeta(
        { title: "Page not found", description: `There is no such way to get involved with ${site.name}.` },
        matches,
      );

const checks = browserValidation(startPageRules);

function StartPageForm({ kind }: { kind: "share-my-day" | "memoriam" }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "start-page", lastResult: actionData?.result, ...checks });
  if (actionData && "started" in actionData && actionData.started) {
    return (
      <div role="status" className="mt-4">
        <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{startPageCopy.sentHeading}</h3>
        <p className="mt-2">{startPageCopy.sentText}</p>
      </div>
    );
  }
  const tribute = kind === "memoriam";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
      <ErrorSummary form={form} />
      <Honeypot />
      <input type="hidden" name="kind" value={kind} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Your name" autoComplete="name" />
        <TextField meta={fields.email} label="Your email address" type="email" autoComplete="email" />
      </div>
      {tribute ? (
        <TextField meta={fields.in_memory_of} label="The name of the person you remember" autoComplete="off" />
      ) : (
        <TextField
          meta={fields.occasion}
          label="The occasion"
          optional
          autoComplete="off"
          hint="A birthday, a wedding, a run…"
        />
      )}
      <TextField meta={fields.title} label="Page title" autoComplete="off" />
      <TextField meta={fields.target} label="Target (£)" inputMode="decimal" autoComplete="off" />
      <TextareaField
        meta={fields.story}
        label="Your story"
        rows={6}
        hint="Why you are raising money: shown on your page."
      />
      {tribute ? null : (
        <CheckboxField meta={fields.sponsored} label="This is a sponsored event (a run, a swim, a challenge)" />
      )}
      <button type="submit" className="btn-primary">
        {startPageCopy.submit}
      </button>
    </Form>
  );
}

export default function GetInvolvedPage() {
  const { page, mailto, email, startKind, interests } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-12">
      <article className="max-w-3xl">
        <Link to="/get-involved" className="link">
          <span aria-hidden="true">← </span>Back to Get Involved
        </Link>
        <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{page.title}</h1>
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-5 text-lg text-slate-700 dark:text-slate-300">
            {paragraph}
          </p>
        ))}
        {startKind ? (
          <section aria-labelledby="start-page-heading" className="mt-10">
            <h2 id="start-page-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
              {startPageCopy.heading}
            </h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{startPageCopy.lead}</p>
            <StartPageForm kind={startKind} />
          </section>
        ) : null}
        {interests ? (
          <VolunteerForm key={page.slug} interests={interests} email={email} mailto={mailto} />
        ) : (
          // The look of app/components/ui/panel.tsx, written out: this page's JavaScript is near its budget.
          <section
            aria-labelledby="how-to-take-part-heading"
            className="mt-10 rounded-lg border border-brand-200 bg-brand-50 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <h2 id="how-to-take-part-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
              How to take part
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Please contact us by e-mail at{" "}
              <a href={mailto} className="link">
                {email}
              </a>{" "}
              and tell us a little about yourself. We will reply as soon as we can.
            </p>
          </section>
        )}
      </article>
    </div>
  );
}
