import { AfterGivingLinks, PledgeSummary } from "~/components/pledge-summary";
import { pledgeErrorBoundary } from "~/components/pledge-error";
import { Panel } from "~/components/ui/panel";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BankDetailsList } from "~/components/bank-details";
import { useCharity } from "~/components/charity";
import { GiftAidDeclarationSummary } from "~/components/gift-aid/declaration-summary";
import { monthlyNote } from "~/content/bank-transfer";
import { giftAidInfo } from "~/content/gift-aid";
import { giftAidThankYou } from "~/content/gift-aid-notes";
import { site } from "~/content/site";
import {
  donationTypeLabel,
  findPledgeByReference,
  formatPence,
  getDeclarationForPledge,
  json,
  pageBackLink,
  stripeEnabled,
} from "~/routes/_imports/thank-you-page.server";
import { pageMeta } from "~/utils/meta";
import { PageBanner } from "~/components/page-banner";
import { notFound } from "~/utils/http";

// Reached by the redirect after a pledge. The reference is 40 random bits, so the address is
// not guessable; even so the page shows only what the donor needs to pay, not who they are.

export async function loader({ params }: LoaderFunctionArgs) {
  const pledge = await findPledgeByReference(params.reference ?? "");
  if (!pledge) throw notFound("Pledge not found");
  // The wording and what it covers only: the donor's address is not repeated on a public URL.
  const declaration = await getDeclarationForPledge(pledge.id);
  return json(
    {
      reference: pledge.reference,
      amount: formatPence(pledge.amountPence),
      type: pledge.type,
      typeLabel: donationTypeLabel(pledge.type),
      inHonour: pledge.inHonour,
      // Whether they named the person, not the name: this page is on a URL, however unguessable.
      honoreeNamed: pledge.inHonour && pledge.honoreeName !== null,
      declaration,
      // Everyone who gave without a declaration is asked, whatever the address has on file: who
      // typed it may not be its owner, so the page says nothing about the address (docs/gift-aid.md).
      askForGiftAid: declaration === null,
      cardPayments: stripeEnabled(),
      backToPage: await pageBackLink(pledge.fundraisingPageId),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

export const meta: MetaFunction = ({ error, matches }) =>
  pageMeta(
    {
      title: error ? "Pledge not found" : "Thank you for your pledge",
      description: `Your pledge to ${site.name}: your payment reference and our bank details.`,
      noindex: true,
    },
    matches,
  );

export default function DonateThankYou() {
  const charity = useCharity();
  const pledge = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner
        title="Thank you for your pledge"
        lead="Your pledge has been recorded. Please complete your gift by bank transfer using the reference below."
      />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-2">
        <Panel title="Your pledge">
          <PledgeSummary reference={pledge.reference} amount={pledge.amount} typeLabel={pledge.typeLabel} />
          <p className="mt-6 text-slate-700 dark:text-slate-300">
            {pledge.cardPayments
              ? "No money has been taken yet. Please quote "
              : "We do not take card payments on this website, so no money has been taken. Please quote "}
            <strong className="font-mono text-slate-900 dark:text-white">{pledge.reference}</strong> with your transfer
            so we can match it to your pledge.
          </p>
          {pledge.honoreeNamed ? (
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              Your gift is in honour or in memory of the person you named: we have recorded their name with it.
            </p>
          ) : pledge.inHonour ? (
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              You told us this gift is in honour or in memory of someone. If you would like us to record their name,
              e-mail{" "}
              <a href={`mailto:${charity.email}`} className="link">
                {charity.email}
              </a>{" "}
              quoting your reference.
            </p>
          ) : null}
          {pledge.declaration ? (
            <div className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700">
              <GiftAidDeclarationSummary
                declaration={pledge.declaration}
                heading={giftAidThankYou.heading}
                headingLevel={2}
                showNotes
              />
              <p className="mt-4 text-slate-700 dark:text-slate-300">{giftAidThankYou.lead}</p>
            </div>
          ) : null}
        </Panel>
        <Panel title="Pay by bank transfer">
          <BankDetailsList reference={pledge.reference} />
          {pledge.type === "monthly" ? <p className="mt-4 text-slate-700 dark:text-slate-300">{monthlyNote}</p> : null}
          {pledge.askForGiftAid ? (
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{giftAidInfo.text}</p>
          ) : null}
          <AfterGivingLinks page={pledge.backToPage} />
        </Panel>
      </div>
    </>
  );
}

export const ErrorBoundary = pledgeErrorBoundary("pledge");
