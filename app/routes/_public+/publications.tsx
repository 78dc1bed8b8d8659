import type { PageCacheHandle } from "~/infra/page-cache.server";
import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Honeypot, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { newsletterConsent } from "~/content/newsletter-consent";
import { publicationsPage } from "~/content/publications";
import { site } from "~/content/site";
import { browserValidation, newsletterRules } from "~/schemas/field-rules";
import { newsletterSchema } from "~/publishing/schemas/subscription";
import {
  cachedLoader,
  json,
  publicPublications,
  signUpForNewsletter,
  handlePublicForm,
  pageHeaders,
} from "~/routes/_imports/publications-page.server";
import { PublicationCard } from "~/components/publication-card";
import { pageMeta } from "~/utils/meta";
import { PageBanner } from "~/components/page-banner";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Publications",
      description: `Newsletters, annual reports and research from ${site.name}, and a newsletter you can subscribe to.`,
    },
    matches,
  );

/** The publications visitors see, from the database (staff edit them in the Publications section). */
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ publications: await publicPublications() }));
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: newsletterSchema,
    errorData: { subscribed: false },
    async onValid({ email }, submission) {
      await signUpForNewsletter(email);
      // The same answer for a new, pending, confirmed or unsubscribed address.
      return json({ result: submission.reply({ resetForm: true }), subscribed: true });
    },
  });
}

/** The browser checks the address without zod (kept out of the page's JavaScript). */
const checks = browserValidation(newsletterRules);

function NewsletterForm() {
  const fetcher = useFetcher<typeof action>({ key: "newsletter" });
  // Without JavaScript the form posts as a document and the answer arrives as action data.
  const actionData = useActionData<typeof action>();
  const data = fetcher.data ?? actionData;
  const [form, fields] = useForm({
    id: "newsletter",
    lastResult: data?.result,
    ...checks,
  });
  const busy = fetcher.state !== "idle";

  return (
    <section
      aria-labelledby="newsletter-heading"
      className="rounded-lg bg-brand-50 p-6 sm:p-8 dark:bg-slate-900 dark:ring-1 dark:ring-slate-700"
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {publicationsPage.newsletterTitle}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{newsletterConsent.signUp}</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-6 max-w-xl">
        <ErrorSummary form={form} />
        <Honeypot />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" className="flex-1" />
          <button type="submit" className="btn-primary sm:mt-7" disabled={busy}>
            {busy ? "Subscribing..." : "Subscribe"}
          </button>
        </div>
        <p role="status" className="mt-4 font-medium text-brand-800 dark:text-brand-200">
          {!busy && data?.subscribed ? publicationsPage.subscribedMessage : null}
        </p>
      </fetcher.Form>
    </section>
  );
}

export default function Publications() {
  const { publications } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={publicationsPage.title} lead={publicationsPage.intro} headingId="publications-heading" />
      <div className="container-page space-y-14 py-12">
        {/* A region named by the page's heading: a list may not carry a name of its own (html-validate). */}
        <section aria-labelledby="publications-heading">
          {publications.length ? (
            <ul className="grid gap-6 md:grid-cols-3">
              {publications.map((publication) => (
                <PublicationCard key={publication.slug} publication={publication} />
              ))}
            </ul>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">{publicationsPage.none}</p>
          )}
        </section>
        <NewsletterForm />
      </div>
    </>
  );
}
