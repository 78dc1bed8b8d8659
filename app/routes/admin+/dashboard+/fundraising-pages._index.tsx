import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { site } from "~/content/site";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { pagesForStaff, type FundraisingPageStatus } from "~/causes/index.server";
import { pageStatusLabels } from "~/content/appeals";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Fundraising pages", description: `Supporters' pages for ${site.name}.`, noindex: true });

const isStatus = (value: string | null): value is FundraisingPageStatus | "review" | "messages" =>
  value !== null && (value === "review" || value === "messages" || Object.keys(pageStatusLabels).includes(value));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "fundraising-pages");
  const raw = new URL(request.url).searchParams.get("status");
  const status = isStatus(raw) ? raw : undefined;
  const pages = await pagesForStaff(status);
  return json({
    status: status ?? "",
    pages: pages.map((p) => ({
      id: p.id,
      title: p.title,
      kind: p.kind,
      ownerName: p.ownerName,
      status: p.status,
      targetPence: p.targetPence,
      editWaiting: p.pendingAt !== null,
      createdAt: p.createdAt,
    })),
  });
}

export default function FundraisingPages() {
  const { pages, status } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="text-2xl font-semibold">Fundraising pages</h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Supporters' own Share My Day and In Memoriam pages. A page is public only once approved here; each decision is
        recorded and e-mailed to its owner.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium">
          State
          <select name="status" defaultValue={status} className="field-input mt-1">
            <option value="">All</option>
            <option value="review">To review (new pages and owners' changes)</option>
            <option value="messages">Tribute messages waiting</option>
            {Object.entries(pageStatusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {pages.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">No pages.</p>
      ) : (
        <StaffTable
          className="mt-6"
          caption="Fundraising pages"
          columns={["Page", "Kind", "Owner", "State", { label: "Target", key: "target", align: "right" }, "Started"]}
        >
          {pages.map((p) => (
            <tr key={p.id} className={listRow}>
              <td className={listCell}>
                <Link to={adminPaths.fundraisingPage(p.id)} className="link">
                  {p.title}
                </Link>
              </td>
              <td className={listCell}>{p.kind === "memoriam" ? "In Memoriam" : "Share My Day"}</td>
              <td className={listCell}>{p.ownerName}</td>
              <td className={listCell}>
                {pageStatusLabels[p.status]}
                {p.editWaiting ? ", a change to review" : ""}
              </td>
              <td className={`${listCell} text-right`}>
                {p.targetPence === null ? "None" : formatPence(p.targetPence)}
              </td>
              <td className={`${listCell} whitespace-nowrap`}>{formatDateTime(p.createdAt)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
