// The donate page, the site's most important form: its loader and action, and the page around
// the form (donation-form.tsx, beside this file); the banner and side boxes (information.tsx)
// are server markup the browser keeps.
import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { staticParts } from "~/components/static-parts";
import { site } from "~/content/site";
import {
  json,
  redirect,
  redirectDocument,
  pledgeOfDonation,
  submitPledge,
  submitCardGift,
  stripeEnabled,
  handlePublicForm,
  pageHeaders,
  giftCauseOf,
  giftCauseOfPost,
  donateEditedWords,
  donatePageWords,
  withCharityDetails,
  applySoftOptIn,
  donateFormOptOutLine,
  donateInformation,
  cachedLoader,
  donationSchema,
} from "~/routes/_imports/donate-page.server";
import { pageMeta } from "~/utils/meta";
import { Panel } from "~/components/ui/panel";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DonationForm, useDonationForm } from "./donation-form";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true, query: ["appeal", "page"] };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Donate",
      description: `Make a difference today: give once or monthly to ${site.name}. 100% of donations go to our projects.`,
    },
    matches,
  );

/**
 * Whether the form offers "Pay now by card" (Stripe configured); the same for every visitor, so
 * cacheable. `?appeal=slug` or `?page=slug` names what the gift goes to (rendered afresh, not cached).
 * The page's words come as data too (app/content/donate-page-words.ts; the heading, value examples
 * and reasons are the page's live revision, docs/site-editor.md), with the charity's saved
 * details in place of the defaults they are written with.
 */
export async function loader(args?: Pick<LoaderFunctionArgs, "request" | "context">) {
  const load = async () =>
    json({
      cardPayments: stripeEnabled(),
      cause: args ? await giftCauseOf(new URL(args.request.url).searchParams) : null,
      words: await withCharityDetails({ ...donatePageWords(), ...(await donateEditedWords()) }),
      optOutLine: await donateFormOptOutLine(),
    });
  // A cached copy's hit skips the work (the settings' reads), as on the other cached pages.
  return args ? cachedLoader(args, load, handle.query) : load();
}

/**
 * The banner and the boxes around the form only inform: the browser keeps the server's markup of
 * them, and loads their module only for a page it draws itself, before drawing it.
 */
const { StaticPart, preload } = staticParts(
  // eslint-disable-next-line local/no-server-value-in-client -- undefined in the browser on purpose: there the server's markup is kept
  donateInformation,
  () => import("./information").then((module) => module.donateInformation),
);

export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), preload()]);
  return data;
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: donationSchema,
    async onValid(donation, submission) {
      const cause = await giftCauseOfPost(submission.payload);
      if (!cause.ok)
        return json({ result: submission.reply({ fieldErrors: { [cause.field]: [cause.message] } }) }, 400);
      // Card is the default when offered; without Stripe the choice does not exist.
      const card = stripeEnabled() && donation.payBy !== "bank";
      if (card) {
        // A 303 to Stripe's hosted page (with JavaScript, Remix follows it as a document
        // navigation, since it is on another origin; the amount comes from the pledge), or,
        // when Stripe's rate limit holds the session back, to the wait page as a full page
        // load, since it refreshes itself.
        const payBy = donation.payBy === "direct-debit" ? "direct-debit" : "card";
        const next = await submitCardGift(pledgeOfDonation(donation, payBy, cause.cause));
        await applySoftOptIn(donation.email, donation.newsletterOptOut);
        return next.document ? redirectDocument(next.location, 303) : redirect(next.location, 303);
      }
      const pledge = await submitPledge(pledgeOfDonation(donation, "bank", cause.cause));
      await applySoftOptIn(donation.email, donation.newsletterOptOut);
      return redirect(`/donate/thank-you/${pledge.reference}`, 303);
    },
  });
}

export default function Donate() {
  const { cardPayments, cause, words, optOutLine } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const donation = useDonationForm(actionData?.result);
  return (
    <>
      {/* First on the page, above the banner: a phone shows it without scrolling. */}
      <div className="container-page">
        <ErrorSummary form={donation[0]} className="mt-6" />
      </div>
      <StaticPart name="Banner" />

      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <Panel title="Your donation" large className="lg:col-span-2">
          <DonationForm cardPayments={cardPayments} state={donation} words={words} singleGift={cause?.kind === "page"}>
            {cause ? <StaticPart key={`${cause.kind}:${cause.slug}`} name="Cause" /> : null}
            {optOutLine ? (
              <label className="flex gap-2 text-sm">
                <input type="checkbox" name="newsletterOptOut" />
                {optOutLine}
              </label>
            ) : null}
          </DonationForm>
        </Panel>

        <StaticPart name="Aside" />
      </div>

      <StaticPart name="More" />
    </>
  );
}
