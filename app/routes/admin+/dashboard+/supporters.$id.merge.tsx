import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { dangerButtonClass } from "~/components/admin/styles";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { mergeSupporters, previewMerge, resolveSupporterRef, type MergePreview } from "~/supporters/index.server";
import { assertSupporterExists, SupporterError } from "~/supporters/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";
import { requireRecordId } from "~/utils/record-id";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Merge supporters", description: `Merge two supporters of ${site.name}.`, noindex: true });

const NOT_FOUND = "There is no supporter with this number. They may have been merged into another.";
const UNDERSTOOD = "understood";

type MergeData = { error: string | null; other: string; preview: MergePreview | null };

/** The preview of merging ?other= into this supporter, or why it cannot be (400, the form again). */
async function previewFor(id: number, other: string): Promise<{ data: MergeData; status: number }> {
  try {
    await assertSupporterExists(id);
    const otherId = await resolveSupporterRef(other);
    return { data: { error: null, other, preview: await previewMerge(id, otherId) }, status: 200 };
  } catch (error) {
    if (!(error instanceof SupporterError)) throw error;
    if (error.status === 404) throw notFound(NOT_FOUND);
    return { data: { error: error.message, other, preview: null }, status: error.status };
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "supporters");
  const id = requireRecordId(params.id, NOT_FOUND);
  const { data, status } = await previewFor(id, new URL(request.url).searchParams.get("other") ?? "");
  return json({ id, ...data }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "supporters");
  const id = requireRecordId(params.id, NOT_FOUND);
  const other = String(form.get("other") ?? "");
  const { data, status } = await previewFor(id, other);
  if (!data.preview) return json({ ...data, error: data.error }, { status });
  if (!isConfirmed(form) || form.get(UNDERSTOOD) !== "yes") {
    return json({ ...data, error: "Tick the box to confirm that the merge cannot be undone." }, { status: 400 });
  }
  try {
    await mergeSupporters(id, data.preview.merged.id, user.username);
  } catch (error) {
    if (error instanceof SupporterError)
      return json({ ...data, error: error.message }, { status: error.status === 404 ? 409 : error.status });
    throw error;
  }
  return savedRedirect(adminPaths.supporter(id), "supporters-merged");
}

function nameOf(supporter: MergePreview["survivor"]): string {
  return supporter.displayName ?? supporter.emails[0] ?? `Supporter ${supporter.id}`;
}

export default function MergeSupporters() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { error, other, preview } = acted ?? loaded;
  const id = loaded.id;
  return (
    <>
      <h2 className="text-2xl font-semibold">Merge supporters</h2>
      {error ? (
        <div className="mt-4">
          <FormError id="merge-error" errors={[error]} />
        </div>
      ) : null}
      {preview ? (
        <>
          <p className="mt-4 max-w-3xl">
            <strong className="break-words">
              {nameOf(preview.merged)} (supporter {preview.merged.id}, {preview.merged.emails.join(", ")})
            </strong>{" "}
            will be merged into{" "}
            <strong className="break-words">
              {nameOf(preview.survivor)} (supporter {preview.survivor.id}, {preview.survivor.emails.join(", ")})
            </strong>
            .
          </p>
          <h3 className="mt-6 text-xl font-semibold">What moves</h3>
          <ul className="mt-2 list-disc pl-6">
            {preview.moves.map((move) => (
              <li key={move.label}>
                {move.count} {move.label}
              </li>
            ))}
          </ul>
          <p className="mt-4 max-w-3xl">
            Supporter {preview.merged.id} is then deleted; their addresses stay as second addresses of supporter{" "}
            {preview.survivor.id}. A merge cannot be undone automatically.
          </p>
          <ConfirmedForm hidden={{ other }} className="mt-6">
            <div className="flex items-start gap-2">
              <input
                id="merge-understood"
                type="checkbox"
                name={UNDERSTOOD}
                value="yes"
                required
                className="mt-1 h-4 w-4"
                aria-describedby={error ? "merge-error" : undefined}
              />
              <label htmlFor="merge-understood">I understand that this merge cannot be undone automatically</label>
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" className={dangerButtonClass}>
                Merge supporters
              </button>
              <Link to={adminPaths.supporter(id)} className="btn-secondary">
                Cancel
              </Link>
            </div>
          </ConfirmedForm>
        </>
      ) : (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="merge-other" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Other supporter's number or e-mail address
            </label>
            <input
              id="merge-other"
              type="text"
              name="other"
              required
              maxLength={254}
              defaultValue={other}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "merge-error" : undefined}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-secondary">
            Preview merge
          </button>
          <Link to={adminPaths.supporter(id)} className="btn-secondary">
            Back to the supporter
          </Link>
        </Form>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
