import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { dangerButtonClass } from "~/components/admin/styles";
import { SubscriberStatus } from "~/components/admin/subscriber-status";
import { StaffSection } from "~/components/admin/table";
import { site } from "~/content/site";
import { historyOf } from "~/site/index.server";
import { consentHistory, requireSubscriber } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { BackLink } from "~/components/admin/back-link";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Subscriber", description: `A newsletter subscriber of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "subscribers");
  const subscriber = await requireSubscriber(params.id);
  return json({
    subscriber,
    events: await consentHistory(subscriber.id),
    audit: await historyOf("subscriber", subscriber.id),
  });
}

const kindLabels = { "signed-up": "Signed up", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } as const;

export default function Subscriber() {
  const { subscriber, events, audit } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.subscribers}>Back to subscribers</BackLink>
      <h2 className="mt-4 flex flex-wrap items-center gap-3 text-2xl font-semibold break-all">
        {subscriber.email} <SubscriberStatus status={subscriber.status} bouncingSince={subscriber.bouncingSince} />
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Signed up</dt>
        <dd>{formatDateTime(subscriber.consentedAt)}</dd>
        <dt className="font-medium">Confirmed</dt>
        <dd>{subscriber.confirmedAt ? formatDateTime(subscriber.confirmedAt) : "—"}</dd>
        <dt className="font-medium">Unsubscribed</dt>
        <dd>{subscriber.unsubscribedAt ? formatDateTime(subscriber.unsubscribedAt) : "—"}</dd>
      </dl>
      <StaffSection id="consent" title="Consent history">
        {events.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Signed up before double opt-in: no wording was recorded.
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {events.map((event) => (
              <li key={event.id} className="text-sm">
                <p className="font-medium">
                  {kindLabels[event.kind]} · <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                </p>
                <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-slate-800 dark:border-slate-600 dark:text-slate-200">
                  {event.wording}
                </blockquote>
              </li>
            ))}
          </ol>
        )}
      </StaffSection>
      <AuditTrail events={audit} />
      <p className="mt-8">
        <Link to={adminPaths.removeSubscriber(subscriber.id)} className={dangerButtonClass}>
          Remove subscriber
        </Link>
      </p>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
