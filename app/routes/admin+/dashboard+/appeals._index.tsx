import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/notice";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { site } from "~/content/site";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { appealsWithTotals, mayManageAppeals } from "~/causes/index.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { StaffPageTitle } from "~/components/admin/page-title";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Appeals", description: `The appeals of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "appeals");
  const flash = await takeFlash(request);
  const appeals = await appealsWithTotals();
  return json(
    {
      flash: flash.message,
      manage: mayManageAppeals(user.role),
      appeals: appeals.map((a) => ({
        id: a.id,
        title: a.title,
        slug: a.slug,
        open: a.open,
        goalPence: a.goalPence,
        givenPence: a.totals.givenPence,
        promisedPence: a.totals.promisedPence,
        donors: a.totals.donors,
      })),
    },
    { headers: flash.headers },
  );
}

export default function Appeals() {
  const { appeals, manage, flash } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="Appeals">
        {manage ? (
          <Link to={adminPaths.newAppeal} className="btn-primary">
            New appeal
          </Link>
        ) : null}
      </StaffPageTitle>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Each appeal has its own public page with its goal and what has been given: paid gifts net of refunds only.
        Pledges not yet paid are shown here, to staff, as promised: anyone can pledge any amount, so a promise is not
        verified until the money arrives, and the public page never shows it. Donors give to it from its page.
      </p>
      {appeals.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">No appeals yet.</p>
      ) : (
        <StaffTable
          className="mt-6"
          caption="Appeals"
          columns={[
            "Appeal",
            "State",
            { label: "Goal", key: "goal", align: "right" },
            { label: "Given", key: "given", align: "right" },
            { label: "Promised (unverified)", key: "promised", align: "right" },
            { label: "Donors", key: "donors", align: "right" },
          ]}
        >
          {appeals.map((appeal) => (
            <tr key={appeal.id} className={listRow}>
              <td className={listCell}>
                <Link to={adminPaths.appeal(appeal.id)} className="link">
                  {appeal.title}
                </Link>
                <span className="block text-sm text-slate-600 dark:text-slate-400">/appeals/{appeal.slug}</span>
              </td>
              <td className={listCell}>{appeal.open ? "Open" : "Closed"}</td>
              <td className={`${listCell} text-right`}>{formatPence(appeal.goalPence)}</td>
              <td className={`${listCell} text-right`}>{formatPence(appeal.givenPence)}</td>
              <td className={`${listCell} text-right`}>{formatPence(appeal.promisedPence)}</td>
              <td className={`${listCell} text-right`}>{appeal.donors}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
