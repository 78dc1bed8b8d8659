// Long because it is the signed-in donor's whole page: gifts, pledges with the bank details,
// declarations with what each covers, their name and address, statements, the newsletter and their data.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ScrollTable } from "~/components/admin/table";
import { BankDetailsList } from "~/components/bank-details";
import { PageBanner } from "~/components/page-banner";
import { newsletterConsent } from "~/content/newsletter-consent";
import { donorMethodLabels, donorPledgeStatus, givingWords as words } from "~/content/giving";
import {
  getDonorDetails,
  getDonorPortal,
  GIVING_HEADERS,
  json,
  requireDonor,
  takeFlash,
} from "~/routes/_glue/giving-page.server";
import { formatLongDate } from "~/utils/date-format";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// Your giving, signed in (a donor session from an e-mailed link): the donor's gifts and
// payments, pledges and Gift Aid declarations, and what they can do about them. Without a live
// session: back to /giving, which offers a link. Never cached nor indexed (docs/decisions/0028-your-giving.md).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.title, description: words.description, noindex: true }, matches);

export const headers: HeadersFunction = () => GIVING_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const flash = await takeFlash(request, "giving");
  return json(
    { portal: await getDonorPortal(supporterId), details: await getDonorDetails(supporterId), notice: flash.message },
    { headers: { ...GIVING_HEADERS, ...flash.headers } },
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A table that scrolls itself on a narrow screen (a named, focusable region), never the page; on a
 * phone each row stacks, each cell led by its column's name (the staff tables' `stacked` pattern:
 * ScrollTable and `.stacked-rows` in app/tailwind.css), so no column or action sits off screen.
 */
function StackedTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <ScrollTable label={caption} className="mt-4" stacked>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            {head.map((label) => (
              <th key={label} scope="col" className="py-2 pr-4 font-semibold text-slate-900 dark:text-white">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-200">{children}</tbody>
      </table>
    </ScrollTable>
  );
}

const cell = "py-2 pr-4 align-top";

type Data = ReturnType<typeof useData>;

function Portal({ portal, details, notice }: Pick<Data, "portal" | "details" | "notice">) {
  const columns = words.giftColumns;
  return (
    <div className="container-page py-10">
      {notice ? (
        <p
          role="status"
          className="rounded-md bg-brand-50 p-4 font-medium text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">{words.idleNote}</p>
        <Form method="post" action={givingPaths.signOut}>
          <button type="submit" className="btn-secondary">
            {words.signOut}
          </button>
        </Form>
      </div>

      <Section id="gifts-heading" title={words.giftsHeading}>
        {portal.gifts.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{words.noGifts}</p>
        ) : (
          <StackedTable
            caption={words.giftsCaption}
            head={[columns.date, columns.reference, columns.amount, columns.method, columns.giftAid]}
          >
            {portal.gifts.map((gift) => (
              <tr key={gift.paymentId} className="border-b border-slate-200 dark:border-slate-700">
                <td className={cell} data-label={columns.date}>
                  {formatLongDate(gift.receivedOn)}
                </td>
                <td className={`${cell} font-mono`} data-label={columns.reference}>
                  {gift.reference}
                </td>
                <td className={cell} data-label={columns.amount}>
                  {formatPence(gift.amountPence)}
                  {gift.refundedPence > 0 ? (
                    <span className="block text-xs">{words.refundedNote(formatPence(gift.refundedPence))}</span>
                  ) : null}
                </td>
                <td className={cell} data-label={columns.method}>
                  {donorMethodLabels[gift.method]}
                </td>
                <td className={cell} data-label={columns.giftAid}>
                  {gift.giftAid === "claimed"
                    ? words.giftAidClaimed(formatPence(gift.giftAidPence))
                    : gift.giftAid === "to-claim"
                      ? words.giftAidToClaim(formatPence(gift.giftAidPence))
                      : words.giftAidNone}
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </Section>

      <Section id="pledges-heading" title={words.pledgesHeading}>
        <StackedTable
          caption={words.pledgesHeading}
          head={[
            words.pledgeColumns.reference,
            words.pledgeColumns.made,
            words.pledgeColumns.gift,
            words.pledgeColumns.status,
          ]}
        >
          {portal.pledges.map((pledge) => (
            <tr key={pledge.reference} className="border-b border-slate-200 dark:border-slate-700">
              <td className={`${cell} font-mono`} data-label={words.pledgeColumns.reference}>
                {pledge.reference}
              </td>
              <td className={cell} data-label={words.pledgeColumns.made}>
                {formatLongDate(pledge.createdAt)}
              </td>
              <td className={cell} data-label={words.pledgeColumns.gift}>
                {formatPence(pledge.amountPence)}
                {pledge.type === "monthly" ? " a month" : ", once"}
              </td>
              <td className={cell} data-label={words.pledgeColumns.status}>
                {donorPledgeStatus[pledge.status]}
                {pledge.directDebit ? (
                  <>
                    <span className="mt-1 block">{pledge.directDebit.status}</span>
                    <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                      {pledge.directDebit.notice}
                    </span>
                  </>
                ) : null}
                {pledge.type === "monthly" && pledge.stoppable && pledge.status !== "cancelled" ? (
                  <>
                    {pledge.payBy === "card" ? (
                      <Link to={givingPaths.changeAmount(pledge.reference)} className="link mt-1 block">
                        {words.changeAmount}
                        <span className="sr-only"> ({pledge.reference})</span>
                      </Link>
                    ) : (
                      <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                        {words.standingOrderChange}
                      </span>
                    )}
                    <Link to={givingPaths.stopMonthly(pledge.reference)} className="link mt-1 block">
                      {words.stopMonthly}
                      <span className="sr-only"> ({pledge.reference})</span>
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </StackedTable>
        {portal.pledges
          .filter((pledge) => pledge.status === "pending" && pledge.payBy === "bank")
          .map((pledge) => (
            <div key={pledge.reference} className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                {words.toPayHeading(pledge.reference)}
              </h3>
              <p className="mt-1 mb-3 text-slate-700 dark:text-slate-300">
                {pledge.type === "monthly" ? words.toPayMonthly : words.toPayOnce(formatPence(pledge.outstandingPence))}
              </p>
              <BankDetailsList reference={pledge.reference} />
            </div>
          ))}
      </Section>

      <Section id="declarations-heading" title={words.declarationsHeading}>
        {portal.declarations.every((declaration) => declaration.cancelledOn || declaration.waiting) ? (
          <p className="mt-2">
            <Link to={givingPaths.newDeclaration} className="link">
              {words.declareLink}
            </Link>
          </p>
        ) : null}
        {portal.declarations.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{words.noDeclarations}</p>
        ) : (
          <ul className="mt-4 space-y-6">
            {portal.declarations.map((declaration) => {
              const title = words.declarationTitle(formatLongDate(declaration.declaredOn));
              return (
                <li
                  key={declaration.id}
                  className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
                  aria-label={title}
                >
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    {declaration.cancelledOn
                      ? words.declarationCancelled(formatLongDate(declaration.cancelledOn))
                      : declaration.waiting
                        ? words.declarationWaiting(declaration.waiting.name, declaration.waiting.address)
                        : words.declarationInForce}
                  </p>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {declaration.coversPastFourYears ? words.declarationCoversPast : words.declarationCoversFuture}
                  </p>
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer text-brand-800 underline dark:text-brand-200">
                      {words.declarationWording(declaration.version)}
                    </summary>
                    <p className="mt-2 text-slate-800 dark:text-slate-200">{declaration.text}</p>
                  </details>
                  {declaration.covers.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{words.declarationCoversNone}</p>
                  ) : (
                    <>
                      <h4 className="mt-3 font-semibold text-slate-900 dark:text-white">{words.declarationCovers}</h4>
                      <ul className="mt-1 list-disc pl-5 text-sm text-slate-800 dark:text-slate-200">
                        {declaration.covers.map((gift) => (
                          <li key={gift.paymentId}>
                            {formatLongDate(gift.receivedOn)}: {formatPence(gift.amountPence)} (
                            <span className="font-mono">{gift.reference}</span>)
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  {declaration.waiting ? (
                    <p className="mt-3">
                      <Link to={givingPaths.confirmDeclaration(declaration.id)} className="link">
                        {words.confirmDeclaration}
                        <span className="sr-only"> ({title})</span>
                      </Link>
                    </p>
                  ) : null}
                  {declaration.cancelledOn ? null : (
                    <p className="mt-3">
                      <Link to={givingPaths.cancelDeclaration(declaration.id)} className="link">
                        {words.cancelDeclaration}
                        <span className="sr-only"> ({title})</span>
                      </Link>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="details-heading" title={words.detailsHeading}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{words.detailsLead}</p>
        {details.postcode ? (
          <p className="mt-3 font-medium text-slate-900 dark:text-white">
            {[details.title, details.firstName, details.lastName].filter(Boolean).join(" ")}
            <br />
            {details.house} {details.street}, {details.town}, {details.postcode}
          </p>
        ) : (
          <p className="mt-3 text-slate-700 dark:text-slate-300">{words.detailsNone}</p>
        )}
        <p className="mt-3">
          <Link to={givingPaths.details} className="link">
            {words.detailsLink}
          </Link>
        </p>
      </Section>

      <Section id="statements-heading" title={words.statementsHeading}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{words.statementsLead}</p>
        {portal.statementYears.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{words.noStatements}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {portal.statementYears.map(({ year, label }) => (
              <li key={year}>
                {/* A plain link: the PDF is a download, not a page of the app. */}
                <a href={givingPaths.statement(year)} className="link" download>
                  {words.statementLink(label)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="newsletter-heading" title={words.newsletterHeading}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {portal.newsletter ? words.newsletterIsOn : words.newsletterIsOff}
        </p>
        <Form method="post" action={givingPaths.newsletter} className="mt-3 max-w-2xl">
          <input type="hidden" name="newsletter" value={portal.newsletter ? "off" : "on"} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {portal.newsletter ? newsletterConsent.givingOff : newsletterConsent.givingOn}
          </p>
          <button type="submit" className="btn-secondary mt-3">
            {portal.newsletter ? words.newsletterTurnOff : words.newsletterTurnOn}
          </button>
        </Form>
      </Section>

      <Section id="data-heading" title={words.dataHeading}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{words.dataLead}</p>
        <p className="mt-3">
          {/* A plain link: the file is a download, not a page of the app. */}
          <a href={givingPaths.data} className="link" download>
            {words.dataLink}
          </a>
        </p>
      </Section>
    </div>
  );
}

function useData() {
  return useLoaderData<typeof loader>();
}

export default function GivingAccount() {
  const { portal, details, notice } = useData();
  return (
    <>
      <PageBanner title={words.title} lead={words.signedInAs(portal.name ?? portal.email)} />
      <Portal portal={portal} details={details} notice={notice} />
    </>
  );
}
