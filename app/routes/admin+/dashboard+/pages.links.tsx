import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffPageTitle } from "~/components/admin/page-title";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { site } from "~/content/site";
import { brokenLinks } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

// The link checker (docs/site-editor.md): published pages and news articles whose links lead to
// an address of this site that does not exist.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Link check", description: `Broken links on ${site.name}'s website.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "pages");
  return json({ links: await brokenLinks() });
}

export default function LinkCheck() {
  const { links } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.sitePages}>All pages</BackLink>
      <StaffPageTitle title="Link check" />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Links on published pages and news articles that lead to an address of this site that does not exist (a page
        removed or renamed, a mistyped address). Links to other sites are not checked.
      </p>
      <StaffTable
        className="mt-6"
        caption="Broken links"
        stacked
        columns={["On", "Link", "Leads to"]}
        empty="No broken links: every internal link of the published pages and articles leads to a page that exists."
      >
        {links.map((link, i) => (
          <tr key={i} className={listRow}>
            <td className={listCell} data-label="On">
              <Link to={link.editPath} className="link">
                {link.source}
              </Link>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{link.sourcePath}</span>
            </td>
            <td className={listCell} data-label="Link">
              {link.text || "(no words)"}
            </td>
            <td className={`${listCell} break-all`} data-label="Leads to">
              {link.href}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
