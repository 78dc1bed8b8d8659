import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getGetInvolvedPage } from "~/content/get-involved";
import { publicSitePage } from "~/publishing/index.server";
import { site } from "~/content/site";
import { isVolunteerKind, volunteerThanks } from "~/content/volunteer-form";
import type { PageCacheHandle } from "~/infra/page-cache.server";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";

/** The same words for everyone (nothing about the applicant), so it may be cached. */
export const handle: PageCacheHandle = { pageCache: true };

// Where an application lands (a 303 from the form's action): a reload or the back button never
// sends it again.
export async function loader({ params }: LoaderFunctionArgs) {
  const page = getGetInvolvedPage(params.page ?? "");
  if (!page || !isVolunteerKind(page.slug)) throw notFound("Not Found");
  return json({ title: (await publicSitePage(page.slug)).fields.title, slug: page.slug });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: volunteerThanks.title, description: `Your application to ${site.name}.`, noindex: true }, matches);

export default function Applied() {
  const { title, slug } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-12">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{volunteerThanks.title}</h1>
        <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">{volunteerThanks.text}</p>
        <p className="mt-6 flex flex-wrap gap-6">
          <Link to={`/get-involved/${slug}`} className="link">
            Back to {title}
          </Link>
          <Link to="/get-involved" className="link">
            {volunteerThanks.back}
          </Link>
        </p>
      </div>
    </div>
  );
}
