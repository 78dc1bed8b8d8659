import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GivingLinkForm } from "~/components/giving/link-form";
import { PageBanner } from "~/components/page-banner";
import { donorMethodLabels, donorPledgeStatus, givingWords as words } from "~/content/giving";
import {
  DonorPortalError,
  getDonorPortal,
  getDonorSupporterId,
  GIVING_HEADERS,
  givingLinkSchema,
  handlePublicForm,
  json,
  pageHeaders,
  requestDonorLink,
  takeFlash,
} from "~/routes/_glue/giving-page.server";
import { formatLongDate } from "~/utils/date-format";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// Your giving: signed out, the page asks for an e-mail address and always answers the same;
// signed in (a donor session from an e-mailed link), the donor's gifts, pledges and Gift Aid.
// Personal either way: never cached nor indexed (docs/decisions.md §28).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.title, description: words.description, noindex: true }, matches);

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args, GIVING_HEADERS);

export async function loader({ request }: LoaderFunctionArgs) {
  const supporterId = await getDonorSupporterId(request);
  const flash = await takeFlash(request, "giving");
  const headers = { ...GIVING_HEADERS, ...flash.headers };
  if (supporterId === null) return json({ portal: null, notice: flash.message }, { headers });
  return json({ portal: await getDonorPortal(supporterId), notice: flash.message }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: givingLinkSchema,
    errorData: { sent: false },
    async onValid({ email }, submission) {
      try {
        await requestDonorLink(email, request);
      } catch (error) {
        if (!(error instanceof DonorPortalError)) throw error;
        const retry: Record<string, string> =
          error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
        return json(
          { result: submission.reply({ formErrors: [error.message] }), sent: false },
          { status: error.status, headers: { ...GIVING_HEADERS, ...retry } },
        );
      }
      // The same answer whether or not we hold gifts for the address.
      return json({ result: submission.reply({ resetForm: true }), sent: true }, { headers: GIVING_HEADERS });
    },
  });
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

/** A table that scrolls itself on a narrow screen (a named, focusable region), never the page. */
function ScrollingTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div role="region" aria-label={caption} tabIndex={0} className="mt-4 overflow-x-auto">
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
    </div>
  );
}

const cell = "py-2 pr-4 align-top";

function Portal({
  portal,
  notice,
}: {
  portal: NonNullable<ReturnType<typeof useData>["portal"]>;
  notice: string | null;
}) {
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
        <p className="text-slate-700 dark:text-slate-300">
          {words.signedInAs(portal.name ?? portal.email)}
          <span className="block text-sm">{words.idleNote}</span>
        </p>
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
          <ScrollingTable
            caption={words.giftsCaption}
            head={[columns.date, columns.reference, columns.amount, columns.method, columns.giftAid]}
          >
            {portal.gifts.map((gift) => (
              <tr key={gift.paymentId} className="border-b border-slate-200 dark:border-slate-700">
                <td className={cell}>{formatLongDate(gift.receivedOn)}</td>
                <td className={`${cell} font-mono`}>{gift.reference}</td>
                <td className={cell}>
                  {formatPence(gift.amountPence)}
                  {gift.refundedPence > 0 ? (
                    <span className="block text-xs">{words.refundedNote(formatPence(gift.refundedPence))}</span>
                  ) : null}
                </td>
                <td className={cell}>{donorMethodLabels[gift.method]}</td>
                <td className={cell}>
                  {gift.giftAid === "claimed"
                    ? words.giftAidClaimed(formatPence(gift.giftAidPence))
                    : gift.giftAid === "to-claim"
                      ? words.giftAidToClaim(formatPence(gift.giftAidPence))
                      : words.giftAidNone}
                </td>
              </tr>
            ))}
          </ScrollingTable>
        )}
      </Section>

      <Section id="pledges-heading" title={words.pledgesHeading}>
        <ScrollingTable
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
              <td className={`${cell} font-mono`}>{pledge.reference}</td>
              <td className={cell}>{formatLongDate(pledge.createdAt)}</td>
              <td className={cell}>
                {formatPence(pledge.amountPence)}
                {pledge.type === "monthly" ? " a month" : ", once"}
              </td>
              <td className={cell}>{donorPledgeStatus[pledge.status]}</td>
            </tr>
          ))}
        </ScrollingTable>
      </Section>

      <Section id="declarations-heading" title={words.declarationsHeading}>
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
                      : words.declarationInForce}
                  </p>
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
    </div>
  );
}

function useData() {
  return useLoaderData<typeof loader>();
}

export default function Giving() {
  const { portal, notice } = useData();
  return (
    <>
      <PageBanner title={words.title} lead={words.lead} />
      {portal ? (
        <Portal portal={portal} notice={notice} />
      ) : (
        <div className="container-page py-10">
          {notice ? (
            <p role="status" className="mb-6 font-medium text-brand-800 dark:text-brand-200">
              {notice}
            </p>
          ) : null}
          <GivingLinkForm />
        </div>
      )}
    </>
  );
}
