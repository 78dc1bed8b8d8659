import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/notice";
import { StackedRow, StaffTable } from "~/components/admin/table";
import { StaffPageTitle } from "~/components/admin/page-title";
import { site } from "~/content/site";
import { staffPublications } from "~/publishing/index.server";
import { formatFileSize, publicationDownloadPath } from "~/publishing/utils/publication-paths";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta } from "~/utils/meta";

// The Publications section: newsletters, annual reports and research papers with their PDFs,
// shown on /publications. Editors and admins (like News).

export const meta: MetaFunction = () =>
  pageMeta({ title: "Publications", description: `The publications of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "publications");
  const flash = await takeFlash(request);
  const publications = await staffPublications();
  return json(
    {
      flash: flash.message,
      publications: publications.map((p) => ({
        id: p.id,
        title: p.title,
        typeName: p.typeName,
        publishedOn: p.publishedOn,
        status: p.status,
        document: p.document ? { name: p.document.name, bytes: p.document.bytes } : null,
        url: publicationDownloadPath(p.slug),
      })),
    },
    { headers: flash.headers },
  );
}

const COLUMNS = ["Publication", "Type", "Date", "Shown", "Document", "Actions"] as const;

export default function Publications() {
  const { publications, flash } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="Publications">
        <div className="flex flex-wrap gap-3">
          <Link to={adminPaths.publicationTypes} className="btn-secondary">
            Manage types
          </Link>
          <Link to={adminPaths.newPublication} className="btn-primary">
            Add publication
          </Link>
        </div>
      </StaffPageTitle>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Each publication is a card on the{" "}
        <a href="/publications" className="link">
          Publications page
        </a>{" "}
        with a Download link to its PDF. The link&apos;s address stays the same when you replace the document.
      </p>
      <StaffTable className="mt-6" caption="Publications" columns={COLUMNS} stacked empty="No publications yet.">
        {publications.map((p) => (
          <StackedRow
            key={p.id}
            columns={COLUMNS}
            cells={[
              <Link key="title" to={adminPaths.publication(p.id)} className="link font-semibold break-words">
                {p.title}
              </Link>,
              p.typeName,
              <time key="date" dateTime={p.publishedOn}>
                {formatLongDate(p.publishedOn)}
              </time>,
              p.status === "published" ? "Published" : "Unpublished",
              p.document ? (
                <a key="doc" href={adminPaths.publicationDocument(p.id)} className="link break-all">
                  {p.document.name}
                  <span className="block text-slate-600 dark:text-slate-400">
                    PDF, {formatFileSize(p.document.bytes)}
                  </span>
                </a>
              ) : (
                "None yet"
              ),
              <span key="actions" className="flex flex-wrap gap-3">
                <Link to={adminPaths.publication(p.id)} className="link">
                  Edit<span className="sr-only"> {p.title}</span>
                </Link>
                <Link to={adminPaths.deletePublication(p.id)} className="link">
                  Delete<span className="sr-only"> {p.title}</span>
                </Link>
              </span>,
            ]}
          />
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
