// The donate page, the site's most important form: its loader and action, and the page around
// the form (donation-form.tsx, beside this file) with the side boxes.
import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BankDetailsList } from "~/components/bank-details";
import { useCharity } from "~/components/charity";
import { site } from "~/content/site";
import { donationSchema } from "~/schemas/donation";
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
  donatePageWords,
  withCharityDetails,
  applySoftOptIn,
  donateFormOptOutLine,
} from "~/routes/_glue/donate-page.server";
import { pageMeta } from "~/utils/meta";
import { charityRegister } from "~/utils/charity-text";
import { CardGrid, CardItem, PageSection, Panel } from "~/components/ui/panel";
import { PageBanner } from "~/components/page-banner";
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
 * The page's words come as data too (app/content/donate-page-words.ts), with the charity's saved
 * details in place of the defaults they are written with.
 */
export async function loader(args?: Pick<LoaderFunctionArgs, "request">) {
  const cause = args ? await giftCauseOf(new URL(args.request.url).searchParams) : null;
  return json({
    cardPayments: stripeEnabled(),
    cause,
    words: await withCharityDetails(donatePageWords()),
    optOutLine: await donateFormOptOutLine(),
  });
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
        const next = await submitCardGift(pledgeOfDonation(donation, "card", cause.cause));
        await applySoftOptIn(donation.email, donation.newsletterOptOut);
        return next.document ? redirectDocument(next.location, 303) : redirect(next.location, 303);
      }
      const pledge = await submitPledge(pledgeOfDonation(donation, "bank", cause.cause));
      await applySoftOptIn(donation.email, donation.newsletterOptOut);
      return redirect(`/donate/thank-you/${pledge.reference}`, 303);
    },
  });
}

/** What the gift goes to (an appeal or a supporter's page): the hidden field and the line saying so. */
function GiftCauseFields({ cause }: { cause: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["cause"]> }) {
  if (cause.kind === "appeal" && !cause.open) {
    return (
      <p className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">{`The ${cause.title} has closed: your gift goes to our general fund.`}</p>
    );
  }
  const field = "mt-1 w-full rounded-md border border-slate-400 p-2 dark:border-slate-500 dark:bg-slate-900";
  return (
    <div className="space-y-4 rounded-md border border-brand-700 p-4 dark:border-brand-300">
      <input type="hidden" name={cause.kind === "appeal" ? "appeal" : "fundraisingPage"} value={cause.slug} />
      <p className="font-semibold text-slate-900 dark:text-white">
        Your gift goes to: {cause.title}
        {cause.kind === "page" ? ` (${cause.ownerName}'s page)` : ""}
      </p>
      {cause.kind === "page" ? (
        <>
          <label className="block text-sm font-medium">
            A message for the page (optional)
            <textarea name="supporterMessage" maxLength={500} rows={3} className={field} />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="anonymous" className="h-4 w-4" /> Give anonymously: do not show my name
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="hideAmount" className="h-4 w-4" /> Do not show the amount
          </label>
        </>
      ) : null}
    </div>
  );
}

export default function Donate() {
  const charity = useCharity();
  const { cardPayments, cause, words, optOutLine } = useLoaderData<typeof loader>();
  const { giftAid } = words;
  const actionData = useActionData<typeof action>();
  const donation = useDonationForm(actionData?.result);
  return (
    <>
      {/* First on the page, above the banner: a phone shows it without scrolling. */}
      <div className="container-page">
        <ErrorSummary form={donation[0]} className="mt-6" />
      </div>
      <PageBanner title={words.hero.title} lead={words.hero.lead}>
        <p className="mt-6 flex flex-wrap gap-x-8 gap-y-2 font-semibold">
          <span>100% of donations go to projects</span>
          <span>{words.yearsOfImpact} years of impact</span>
        </p>
      </PageBanner>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <Panel title="Your donation" large className="lg:col-span-2">
          <DonationForm cardPayments={cardPayments} state={donation} words={words}>
            {cause ? <GiftCauseFields cause={cause} /> : null}
            {optOutLine ? (
              <label className="flex gap-2 text-sm">
                <input type="checkbox" name="newsletterOptOut" />
                {optOutLine}
              </label>
            ) : null}
          </DonationForm>
        </Panel>

        <div className="space-y-6">
          <Panel title="What your gift can do">
            <ul className="space-y-4">
              {words.valueExamples.map((example) => (
                <li key={example.title} className="flex gap-4">
                  <span className="w-16 shrink-0 text-2xl font-bold text-brand-700 dark:text-brand-300">
                    £{example.amount}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900 dark:text-white">{example.title}</span>
                    {example.description}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title={giftAid.title}>
            <p>{giftAid.text}</p>
            <p className="mt-2">{giftAid.example}</p>
            <p className="mt-2 text-sm">{giftAid.howTo}</p>
          </Panel>
        </div>
      </div>

      <PageSection
        id="why-donate"
        title="Why donate?"
        className="bg-slate-50 py-12 dark:bg-slate-900"
        headingClassName="text-2xl font-bold text-slate-900 dark:text-white"
      >
        <CardGrid className="mt-6">
          {words.reasonsToDonate.map((reason) => (
            <CardItem
              key={reason.title}
              title={reason.title}
              text={reason.description}
              surface="bg-white dark:bg-slate-950"
            />
          ))}
        </CardGrid>
      </PageSection>

      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        <Panel title="Bank transfer">
          <p className="mb-4">You can also give directly by bank transfer or standing order to:</p>
          <BankDetailsList />
          <p className="mt-4 text-sm">{words.monthlyNote}</p>
        </Panel>
        <Panel title="About the charity">
          <p>
            {charity.name} is a registered charity in {charityRegister(charity.charityNumber)}. Registered charity
            number <strong className="text-slate-900 dark:text-white">{charity.charityNumber}</strong>.
          </p>
          <p className="mt-2">
            Questions about giving? Write to{" "}
            <a href={`mailto:${charity.email}`} className="link">
              {charity.email}
            </a>
            .
          </p>
        </Panel>
      </div>
    </>
  );
}
