import type { PageCacheHandle } from "~/infra/page-cache.server";
import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { CharityText } from "~/components/charity";
import { Honeypot, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { newsletterConsent } from "~/content/newsletter-consent";
import { publicationsPage } from "~/content/publications";
import { site } from "~/content/site";
import { browserValidation, newsletterRules } from "~/schemas/field-rules";
import { newsletterSchema } from "~/publishing/schemas/subscription";
import { formatLongDate } from "~/utils/date-format";
import {
  cachedLoader,
  json,
  publicPublications,
  signUpForNewsletter,
  handlePublicForm,
  pageHeaders,
} from "~/routes/_imports/publications-page.server";
import { formatFileSize } from "~/publishing/utils/publication-paths";
import type { PublicationCard } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";
import { StrokeIcon } from "~/components/ui/icon";
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

type Card = PublicationCard;

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

const badgeClasses: Record<string, string> = {
  Newsletter: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  "Annual Report": "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  "Research Paper": "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
};
/** The link's visible words: "Download (PDF, 120 KB)". */
const downloadWords = (bytes: number) => `Download (PDF, ${formatFileSize(bytes)})`;

/** A type staff added. */
const otherBadge = "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";

function PublicationCard({ publication }: { publication: Card }) {
  const titleId = `publication-${publication.slug}`;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${badgeClasses[publication.typeName] ?? otherBadge}`}
        >
          {publication.typeName}
        </span>
        <time dateTime={publication.publishedOn} className="text-sm text-slate-700 dark:text-slate-300">
          {formatLongDate(publication.publishedOn)}
        </time>
      </div>
      <h2 id={titleId} className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
        {publication.title}
      </h2>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{publication.description}</p>
      {publication.download ? (
        // Named by the visible words, then the title: "Download (PDF, 120 KB): Annual Report 2024"
        // (it starts with what is seen, for voice control). An aria-label, since a visually
        // hidden span is positioned, hence a block, and browsers name it with a space before.
        <a
          href={publication.download.url}
          download
          aria-label={`${downloadWords(publication.download.bytes)}: ${publication.title}`}
          className="btn-primary mt-6 self-start"
        >
          <StrokeIcon size={16}>
            <path d="M12 3v12m0 0-5-5m5 5 5-5M4 21h16" />
          </StrokeIcon>
          {downloadWords(publication.download.bytes)}
        </a>
      ) : (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          <CharityText text={publicationsPage.askForCopy} />
        </p>
      )}
    </li>
  );
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
