import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { PublicationForm } from "~/components/admin/publication-form";
import { site } from "~/content/site";
import { createPublication, publicationTypes } from "~/publishing/index.server";
import { publicationFormAction } from "~/routes/_glue/publication-form.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { requestLogger } from "~/infra/logger.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Add publication", description: `Add a publication to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "publications");
  const types = await publicationTypes();
  return json({ types: types.map((t) => ({ id: t.id, name: t.name })) });
}

export async function action({ request }: ActionFunctionArgs) {
  const outcome = await publicationFormAction(request, {
    isNew: true,
    save: (fields, upload, user) =>
      createPublication(fields, upload!, {
        actor: user,
        log: requestLogger(request, "routes/admin+/dashboard+/publications.new", { user_id: user.id }),
      }),
  });
  if (outcome.response) return outcome.response;
  return savedRedirect(adminPaths.publications, "publication-saved");
}

export default function NewPublication() {
  const { types } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.publications}>Back to publications</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Add publication</h2>
      <PublicationForm
        lastResult={actionData?.result}
        fileDropped={actionData?.fileDropped}
        types={types}
        submitLabel="Add publication"
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
