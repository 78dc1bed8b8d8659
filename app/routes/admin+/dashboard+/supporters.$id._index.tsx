import { refusal } from "~/utils/http";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { SavedNotice } from "~/components/admin/donations";
import { figuresCell, figuresRow, StaffSection, StaffTable } from "~/components/admin/table";
import { BY_THE_DONOR } from "~/content/giving";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { publicFormLabels, type PublicFormSource } from "~/supporters/index.server";
import {
  acceptDeclarationByStaff,
  listSupporterPendingDetails,
  resolveSupporterPendingDetails,
} from "~/supporters/index.server";
import { requireSupporterPage, type TimelineEntry } from "~/supporters/index.server";
import { Refusal } from "~/utils/refusal";
import { requireRecordId } from "~/utils/record-id";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Supporter", description: `A supporter of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "supporters");
  const page = await requireSupporterPage(params.id);
  const pending = (await listSupporterPendingDetails(page.supporter.id)).map((p) => ({
    id: p.id,
    createdAt: p.createdAt,
    source: publicFormLabels[p.source as PublicFormSource] ?? "a public form",
    name: [p.title, p.firstName, p.lastName].filter(Boolean).join(" "),
    address: p.houseNameOrNumber
      ? [`${p.houseNameOrNumber} ${p.addressLine ?? ""}`.trim(), p.town, p.postcode].filter(Boolean).join(", ")
      : null,
  }));
  const flash = await takeFlash(request);
  return json({ ...page, pending, saved: flash.message }, { headers: flash.headers });
}

/**
 * Staff review what public forms said about this supporter's address: accept a declaration
 * waiting for confirmation, merge pending details into the record or reject them. A refusal is
 * its status with the reason (the page's error boundary shows it).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "supporters");
  const supporterId = requireRecordId(params.id, "There is no supporter with this number.");
  const intent = String(form.get("intent") ?? "");
  const target = requireRecordId(String(form.get("id") ?? ""), "There is nothing by that number to review.");
  try {
    if (intent === "accept-declaration") {
      await acceptDeclarationByStaff(target, user.username, supporterId);
      return savedRedirect(adminPaths.supporter(supporterId), "declaration-accepted");
    }
    if (intent === "merge-details" || intent === "reject-details") {
      const resolution = intent === "merge-details" ? "merged" : "rejected";
      await resolveSupporterPendingDetails(supporterId, target, resolution, user.username);
      return savedRedirect(adminPaths.supporter(supporterId), `supporter-details-${resolution}`);
    }
  } catch (error) {
    if (error instanceof Refusal) throw refusal(error.status, error.message);
    throw error;
  }
  throw refusal(400, "Choose what to do.");
}

const kindLabels: Record<TimelineEntry["kind"], string> = {
  pledge: "Pledge",
  payment: "Payment",
  declaration: "Gift Aid",
  claim: "Claim",
  mail: "E-mail",
  consent: "Consent",
  enquiry: "Enquiry",
  volunteer: "Volunteering",
  merge: "Merge",
  donor: "By the donor",
};

/** A day (YYYY-MM-DD) or an instant, as staff read it. */
function when(at: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(at) ? formatLongDate(at) : formatDateTime(at);
}

export default function SupporterPage() {
  const { supporter, emails, lifetimePence, giftAidClaimedPence, timeline, declarations, uncovered, pending, saved } =
    useLoaderData<typeof loader>();
  const name = supporter.displayName ?? emails[0]?.address ?? `Supporter ${supporter.id}`;
  return (
    <>
      <BackLink to={adminPaths.supporters}>Back to supporters</BackLink>
      {saved ? <SavedNotice>{saved}</SavedNotice> : null}
      <h2 className="mt-4 text-2xl font-semibold break-words">{name}</h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Supporter number</dt>
        <dd>{supporter.id}</dd>
        <dt className="font-medium">{emails.length === 1 ? "E-mail address" : "E-mail addresses"}</dt>
        <dd>
          <ul>
            {emails.map((email) => (
              <li key={email.address} className="break-all">
                {email.address}
                {email.primary ? "" : " (merged in)"}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium">Lifetime giving</dt>
        <dd>{formatPence(lifetimePence)}</dd>
        <dt className="font-medium">Gift Aid claimed</dt>
        <dd>{formatPence(giftAidClaimedPence)}</dd>
        <dt className="font-medium">On file since</dt>
        <dd>{formatDateTime(supporter.createdAt)}</dd>
      </dl>
      <p className="mt-4 flex flex-wrap gap-3">
        <a
          href={`${adminPaths.privacy}?${new URLSearchParams({ email: emails[0]?.address ?? "" })}`}
          className="btn-secondary"
        >
          Privacy request for this supporter
        </a>
        <Link to={`${adminPaths.recordGift}?supporter=${supporter.id}`} className="btn-secondary">
          Record a gift from this supporter
        </Link>
      </p>

      {pending.length > 0 ? (
        <StaffSection id="pending-details" title="Details given on public forms">
          <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
            Someone typed this supporter's e-mail address into a public form with a name or home address that differs
            from their record. Anyone can type any address, so nothing was changed: merge what is right into the record,
            or reject it.
          </p>
          <ul className="mt-3 space-y-4">
            {pending.map((details) => (
              <li key={details.id} className="text-sm" aria-label={`Details of ${formatDateTime(details.createdAt)}`}>
                <p>
                  <span className="font-semibold">{details.name}</span>
                  {details.address ? `, ${details.address}` : ""}
                </p>
                <p className="text-slate-700 dark:text-slate-300">
                  Given on {details.source}, {formatDateTime(details.createdAt)}
                </p>
                <div className="mt-2 flex flex-wrap gap-3">
                  <Form method="post">
                    <input type="hidden" name="id" value={details.id} />
                    <button type="submit" name="intent" value="merge-details" className="btn-secondary">
                      Merge into the record<span className="sr-only"> ({details.name})</span>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={details.id} />
                    <button type="submit" name="intent" value="reject-details" className="btn-secondary">
                      Reject<span className="sr-only"> ({details.name})</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </StaffSection>
      ) : null}

      <StaffSection id="gift-aid" title="Gift Aid">
        {declarations.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No Gift Aid declaration.</p>
        ) : (
          <>
            <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
              A declaration covers every gift of this supporter, on any pledge, received on or after the day it was
              made, up to 4 years before it when it covers past gifts, and none received on or after the day it was
              cancelled.
            </p>
            {declarations.map((declaration) => (
              <div key={declaration.id} className="mt-4">
                <h4 className="font-semibold">
                  <Link to={adminPaths.giftAidDeclaration(declaration.id)} className="link">
                    Declaration of {formatLongDate(declaration.declaredOn)}
                  </Link>
                  {declaration.cancelledOn
                    ? ` (cancelled ${formatLongDate(declaration.cancelledOn)}${declaration.cancelledByDonor ? ` ${BY_THE_DONOR}` : ""})`
                    : ""}
                  {declaration.waitingConfirmation ? " (waiting for confirmation: covers its own gift only)" : ""}
                </h4>
                {declaration.waitingConfirmation ? (
                  <div className="mt-1 text-sm">
                    <p className="text-slate-700 dark:text-slate-300">
                      Made on a public form with this supporter's address, after their first gift, as{" "}
                      {declaration.madeAs}. It covers other gifts once the donor confirms it at Your giving, or once you
                      accept it (check with the donor first).
                    </p>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="id" value={declaration.id} />
                      <button type="submit" name="intent" value="accept-declaration" className="btn-secondary">
                        Accept the declaration of {formatLongDate(declaration.declaredOn)}
                      </button>
                    </Form>
                  </div>
                ) : null}
                {declaration.covers.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">It covers no gift yet.</p>
                ) : (
                  <StaffTable
                    look="figures"
                    className="mt-2"
                    caption={`Gifts the declaration of ${formatLongDate(declaration.declaredOn)} covers`}
                    columns={["Received", "Pledge", { label: "Amount", key: "amount", align: "right" }, "Claim"]}
                  >
                    {declaration.covers.map((gift) => (
                      <tr key={gift.paymentId} className={figuresRow}>
                        <td className={figuresCell}>{formatLongDate(gift.receivedOn)}</td>
                        <td className={`${figuresCell} font-mono`}>{gift.reference}</td>
                        <td className={`${figuresCell} text-right`}>{formatPence(gift.amountPence)}</td>
                        <td className={figuresCell}>
                          {gift.claimId ? (
                            <Link to={adminPaths.giftAidClaim(gift.claimId)} className="link">
                              Claimed in batch {gift.claimId}
                            </Link>
                          ) : (
                            "Claimable"
                          )}
                        </td>
                      </tr>
                    ))}
                  </StaffTable>
                )}
              </div>
            ))}
          </>
        )}
        {uncovered.length > 0 ? (
          <>
            <h4 className="mt-6 font-semibold">Gifts no declaration covers</h4>
            <StaffTable
              look="figures"
              className="mt-2"
              caption="Gifts no declaration covers, and why"
              columns={["Received", "Pledge", { label: "Amount", key: "amount", align: "right" }, "Why not"]}
            >
              {uncovered.map((gift) => (
                <tr key={gift.paymentId} className={figuresRow}>
                  <td className={figuresCell}>{formatLongDate(gift.receivedOn)}</td>
                  <td className={`${figuresCell} font-mono`}>{gift.reference}</td>
                  <td className={`${figuresCell} text-right`}>{formatPence(gift.amountPence)}</td>
                  <td className={figuresCell}>{gift.reason}</td>
                </tr>
              ))}
            </StaffTable>
          </>
        ) : null}
      </StaffSection>

      <StaffSection id="timeline" title="Timeline">
        {timeline.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">Nothing on file yet.</p>
        ) : (
          <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
            {timeline.map((entry, index) => (
              <li key={`${entry.kind}-${index}`} className="text-sm">
                <p className="text-slate-700 dark:text-slate-300">
                  <span className="font-semibold">{kindLabels[entry.kind]}</span> ·{" "}
                  <time dateTime={entry.at}>{when(entry.at)}</time>
                </p>
                <p className="break-words">
                  {entry.href ? (
                    <Link to={entry.href} className="link">
                      {entry.title}
                    </Link>
                  ) : (
                    entry.title
                  )}
                </p>
                {entry.detail ? <p className="break-words text-slate-700 dark:text-slate-300">{entry.detail}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </StaffSection>

      <StaffSection id="merge" title="Merge a duplicate into this supporter">
        <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
          When the same person is on file twice (two e-mail addresses), merge the other record into this one: its
          pledges, payments, declarations, subscriptions and enquiries move here and its address becomes a second
          address of this supporter. You will see what moves before anything changes.
        </p>
        <Form
          method="get"
          action={adminPaths.mergeSupporter(supporter.id)}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="merge-other" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Other supporter's number or e-mail address
            </label>
            <input id="merge-other" type="text" name="other" required maxLength={254} className="field-input" />
          </div>
          <button type="submit" className="btn-secondary">
            Preview merge
          </button>
        </Form>
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
