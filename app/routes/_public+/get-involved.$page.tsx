import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getGetInvolvedPage, getInvolvedMailto } from "~/content/get-involved";
import { site } from "~/content/site";
import { isVolunteerKind } from "~/content/volunteer-form";
import { VolunteerForm } from "~/components/volunteer-form";
import {
  getCharitySettings,
  handlePublicForm,
  json,
  pageHeaders,
  redirect,
  submitVolunteerApplication,
  volunteerApplicationSchema,
  VolunteerError,
  volunteerInterestsOf,
} from "~/routes/_glue/get-involved-page.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

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
    interests: isVolunteerKind(page.slug) ? volunteerInterestsOf(charity.volunteerInterests) : null,
  });
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request, params }: ActionFunctionArgs) {
  // Read first (a post from another site is refused with the form, as on every public form);
  // only the application pages take one.
  return handlePublicForm(request, {
    schema: volunteerApplicationSchema,
    async onValid(input, submission) {
      const kind = params.page;
      if (!isVolunteerKind(kind)) throw notFound("Not Found");
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.page.summary }, matches)
    : pageMeta(
        { title: "Page not found", description: `There is no such way to get involved with ${site.name}.` },
        matches,
      );

export default function GetInvolvedPage() {
  const { page, mailto, email, interests } = useLoaderData<typeof loader>();
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
