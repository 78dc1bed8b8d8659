import { useLoaderData } from "@remix-run/react";
import { BankDetailsList } from "~/components/bank-details";
import { useCharity } from "~/components/charity";
import { PageBanner } from "~/components/page-banner";
import { CardGrid, CardItem, PageSection } from "~/components/ui/card-grid";
import { Panel } from "~/components/ui/panel";
import { ValueExampleList } from "~/components/value-examples";
import type { DonatePageWords } from "~/content/donate-page-words";
import { charityRegister } from "~/utils/charity-text";
import type { GiftCause } from "~/causes/index.server";

// What the donate page says around its form: the banner, what the gift goes to (an appeal or a
// supporter's page: its hidden field and its own plain fields), the side boxes and the sections below.
// They only inform, so the browser keeps the server's markup of them (components/static-parts.tsx):
// this module loads only when the page is drawn in the browser (a client-side navigation).

const useWords = () => useLoaderData<{ words: DonatePageWords }>().words;

function Banner() {
  const words = useWords();
  return (
    <PageBanner title={words.hero.title} lead={words.hero.lead}>
      <p className="mt-6 flex flex-wrap gap-x-8 gap-y-2 font-semibold">
        <span>100% of donations go to projects</span>
        <span>{words.yearsOfImpact} years of impact</span>
      </p>
    </PageBanner>
  );
}

/** What the gift goes to (an appeal or a supporter's page): the hidden field and the line saying so. */
function Cause() {
  const { cause } = useLoaderData<{ cause: GiftCause }>();
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

/** Beside the form: what a gift can do, and Gift Aid. */
function Aside() {
  const { valueExamples, giftAid } = useWords();
  return (
    <div className="space-y-6">
      <Panel title="What your gift can do">
        <ValueExampleList examples={valueExamples} />
      </Panel>
      <Panel title={giftAid.title}>
        <p>{giftAid.text}</p>
        <p className="mt-2">{giftAid.example}</p>
        <p className="mt-2 text-sm">{giftAid.howTo}</p>
      </Panel>
    </div>
  );
}

/** Below the form: why donate, the bank details and the charity's registration. */
function More() {
  const words = useWords();
  const charity = useCharity();
  // A transfer straight to the bank names no page: through a supporter's page, it is not offered.
  const { cause } = useLoaderData<{ cause: GiftCause | null }>();
  const throughPage = cause?.kind === "page";
  return (
    <>
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
        {throughPage ? null : (
          <Panel title="Bank transfer">
            <p className="mb-4">You can also give directly by bank transfer or standing order to:</p>
            <BankDetailsList />
            <p className="mt-4 text-sm">{words.monthlyNote}</p>
          </Panel>
        )}
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

/** The parts by name, for staticParts. */
export const donateInformation = { Banner, Cause, Aside, More };
