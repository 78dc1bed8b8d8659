import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { SubscriberStatus } from "~/components/admin/subscriber-status";
import { listCell, listRow, StaffTable } from "~/components/admin/table";
import { site } from "~/content/site";
import { subscribersPage } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { assertPageExists, requirePage } from "~/routes/_glue/page-param.server";
import { PAGE_SIZE, pageCount } from "~/utils/pagination";
import { StaffPageTitle } from "~/components/admin/page-title";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Subscribers", description: `Newsletter subscribers of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "subscribers");
  const page = requirePage(request);
  const { rows, total } = await subscribersPage(page, PAGE_SIZE);
  assertPageExists(page, total);
  return json({ subscribers: rows, page, pages: pageCount(total), total });
}

export default function Subscribers() {
  const { subscribers, page, pages, total } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title={`Subscribers (${total})`}>
        <a href={adminPaths.subscribersExport} className="btn-secondary" download>
          Export confirmed addresses (CSV)
        </a>
      </StaffPageTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        A sign-up is pending until its address confirms it by the link we mail; unconfirmed sign-ups are deleted after 7
        days. Only confirmed addresses may be sent the newsletter.
      </p>
      <StaffTable
        className="mt-6"
        empty="No subscribers yet."
        caption="Subscribers"
        columns={["Address", "Status", "Signed up", "Confirmed", "Consent wording"]}
      >
        {subscribers.map((s) => (
          <tr key={s.id} className={listRow}>
            <td className={`${listCell} break-words`}>
              <Link to={adminPaths.subscriber(s.id)} className="link">
                {s.email}
              </Link>
            </td>
            <td className={listCell}>
              <SubscriberStatus status={s.status} bouncingSince={s.bouncingSince} />
            </td>
            <td className={`${listCell} whitespace-nowrap`}>{formatDateTime(s.consentedAt)}</td>
            <td className={`${listCell} whitespace-nowrap`}>{s.confirmedAt ? formatDateTime(s.confirmedAt) : "—"}</td>
            <td className={listCell}>{s.wording ?? "Before double opt-in (no wording recorded)"}</td>
          </tr>
        ))}
      </StaffTable>
      <Pagination
        page={page}
        lastPage={pages}
        href={(n) => (n === 1 ? adminPaths.subscribers : `${adminPaths.subscribers}?page=${n}`)}
        label="Subscriber pages"
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
