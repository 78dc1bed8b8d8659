import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { dangerButtonClass } from "~/components/admin/styles";
import { FormError } from "~/components/ui/form";
import { contactSubjectLabel, isContactSubject } from "~/content/contact";
import { enquiryMessages } from "~/content/enquiries";
import { site } from "~/content/site";
import { logger } from "~/infra/logger.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { findEnquiry } from "~/supporters/index.server";
import { removeEnquiry } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { isConfirmed } from "~/utils/confirmation";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Delete Enquiry", description: `Delete a contact enquiry to ${site.name}.`, noindex: true });

// The confirmation step for browsers without JavaScript (with it, confirm() asks instead).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "enquiries");
  const enquiry = await findRecordOr404(params.id, findEnquiry, enquiryMessages.notFound);
  return json({
    enquiry: {
      id: enquiry.id,
      name: enquiry.name,
      createdAt: enquiry.createdAt,
      subject: isContactSubject(enquiry.subject) ? contactSubjectLabel(enquiry.subject) : enquiry.subject,
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "enquiries");
  const id = requireRecordId(params.id, enquiryMessages.notFound);
  // Nothing is deleted without an explicit confirmation: ask on the confirmation page.
  if (!isConfirmed(form)) return redirect(adminPaths.deleteEnquiry(id), 303);
  let removed: boolean;
  try {
    removed = await removeEnquiry(id, user.username);
  } catch (error) {
    logger.error({ event: "enquiry.delete-failed", enquiryId: id, err: error }, "Deleting an enquiry failed");
    return json({ error: enquiryMessages.deleteError }, { status: 500 });
  }
  if (!removed) throw notFound(enquiryMessages.notFound);
  return redirect(adminPaths.enquiries, 303);
}

export default function DeleteEnquiry() {
  const { enquiry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (actionData?.error) {
    return (
      <>
        <h2 className="text-2xl font-semibold">Delete Enquiry</h2>
        <div className="mt-4">
          <FormError errors={[actionData.error]} />
        </div>
        <Link to={adminPaths.enquiries} className="btn-primary mt-6">
          Back to Enquiries
        </Link>
      </>
    );
  }

  return (
    <>
      <h2 className="text-2xl font-semibold">Delete Enquiry</h2>
      <p className="mt-4 text-slate-800 dark:text-slate-200">{enquiryMessages.deleteConfirmation}</p>
      <p className="mt-2 font-semibold break-words">
        {enquiry.subject} from {enquiry.name},{" "}
        <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
      </p>
      <ConfirmedForm className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={dangerButtonClass}>
          Delete
        </button>
        <Link to={adminPaths.enquiry(enquiry.id)} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
