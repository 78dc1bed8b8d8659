import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { dangerButtonClass } from "~/components/admin/styles";
import { site } from "~/content/site";
import { findPublication, removePublication } from "~/publishing/index.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { notFound } from "~/utils/http";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { pageMeta } from "~/utils/meta";
import { requestLogger } from "~/infra/logger.server";

const NOT_FOUND = "There is no such publication: it may have been deleted already.";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Delete publication", description: `Delete a publication of ${site.name}.`, noindex: true });

// The question, asked on its own page (it works the same with or without JavaScript).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "publications");
  const publication = await findRecordOr404(params.id, findPublication, NOT_FOUND);
  return json({ publication: { id: publication.id, title: publication.title, status: publication.status } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "publications");
  const id = requireRecordId(params.id, NOT_FOUND);
  if (!isConfirmed(form)) return redirect(adminPaths.deletePublication(id), 303);
  const log = requestLogger(request, "routes/admin+/dashboard+/publications.$id.delete", { user_id: user.id });
  if (!(await removePublication(id, { actor: user, log }))) throw notFound(NOT_FOUND);
  return savedRedirect(adminPaths.publications, "publication-deleted");
}

export default function DeletePublication() {
  const { publication } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.publications}>Back to publications</BackLink>
      <h2 className="mt-4 text-2xl font-semibold">Delete publication</h2>
      <p className="mt-4 font-semibold break-words">{publication.title}</p>
      <p className="mt-2 max-w-2xl text-slate-800 dark:text-slate-200">
        Deleting removes the card and its document for good: its download link stops working. To take it off the website
        but keep it, edit it and choose <q>Unpublished</q> instead.
      </p>
      <ConfirmedForm className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={dangerButtonClass}>
          Delete publication
        </button>
        <Link to={adminPaths.publication(publication.id)} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
