import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { site } from "~/content/site";
import { editorsMayPublish, staffPageList } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { pageStateWords } from "~/components/admin/site-page-form";

// The charity's own pages (docs/site-editor.md): each with where it stands (published, a draft,
// submitted for review, scheduled) and who saved it last.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Site pages", description: `The pages of ${site.name}'s website.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "pages");
  const flash = await takeFlash(request);
  const [pages, editorsPublish] = await Promise.all([staffPageList(), editorsMayPublish()]);
  return json({ flash: flash.message, pages, role: user.role, editorsPublish }, { headers: flash.headers });
}

export default function Pages() {
  const { pages, flash, role, editorsPublish } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="Site pages">
        <Link to={adminPaths.brokenLinks} className="btn-secondary">
          Check links
        </Link>
      </StaffPageTitle>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The words of the site&rsquo;s own pages. Saving keeps a draft that only staff see (Preview shows it as visitors
        will); Publish makes it public at once, Publish at on a day and time (UK).{" "}
        {role === "admin"
          ? "Admins publish every page."
          : editorsPublish
            ? "Editors may publish, except the privacy and terms pages, which an admin publishes."
            : "Editors save drafts and submit them for review; an admin publishes them."}
      </p>
      <StaffTable className="mt-6" caption="Site pages" columns={["Page", "State", "Last saved"]}>
        {pages.map((page) => (
          <tr key={page.key} className={listRow}>
            <td className={listCell}>
              <Link to={adminPaths.sitePage(page.key)} className="link">
                {page.label}
              </Link>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {page.path}
                {page.legal ? " · legal: an admin publishes" : ""}
              </span>
            </td>
            <td className={listCell}>
              {pageStateWords[page.state]}
              {page.scheduledFor ? ` (publishes ${formatDateTime(page.scheduledFor)})` : ""}
            </td>
            <td className={listCell}>
              {page.lastSavedAt ? `${formatDateTime(page.lastSavedAt)} by ${page.lastSavedBy}` : "Never edited"}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
