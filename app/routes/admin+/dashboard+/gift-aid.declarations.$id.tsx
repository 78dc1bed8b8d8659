import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { dangerButtonClass } from "~/components/admin/styles";
import { GiftAidDeclarationSummary } from "~/components/gift-aid/declaration-summary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextareaField } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { historyOf } from "~/site/index.server";
import { cancelDeclarationSchema } from "~/gift-aid/schemas/gift-aid";
import { cancelDeclaration, getDeclarationForStaff, GiftAidError } from "~/gift-aid/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { pageMeta } from "~/utils/meta";
import { BackLink } from "~/components/admin/back-link";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Gift Aid declaration",
    description: `A Gift Aid declaration made to ${site.name}.`,
    noindex: true,
  });

const NOT_FOUND = "There is no such declaration.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const declaration = await findRecordOr404(params.id, getDeclarationForStaff, NOT_FOUND);
  return json({ declaration, history: await historyOf("declaration", declaration.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "gift-aid", { schema: cancelDeclarationSchema });
  const id = requireRecordId(params.id, NOT_FOUND);
  if (submission.status !== "success") return json({ result: submission.reply(), error: null }, { status: 400 });
  try {
    await cancelDeclaration(id, submission.value.reason, user.username);
  } catch (error) {
    if (error instanceof GiftAidError) return json({ result: null, error: error.message }, { status: error.status });
    throw error;
  }
  return redirect(adminPaths.giftAidDeclaration(id), 303);
}

function CancelForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "cancel-declaration",
    lastResult: actionData?.result ?? null,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelDeclarationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4">
      <ErrorSummary form={form} problems={actionData?.error ? [{ message: actionData.error }] : undefined} />
      <TextareaField meta={fields.reason} label="Reason (e.g. the donor asked by e-mail on 3 May)" rows={3} />
      <button type="submit" className={dangerButtonClass}>
        Cancel the declaration
      </button>
    </Form>
  );
}

export default function DeclarationPage() {
  const { declaration, history } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.giftAid}>Back to Gift Aid</BackLink>
      <div className="mt-4">
        <GiftAidDeclarationSummary declaration={declaration} />
      </div>
      {declaration.supporterId ? (
        <p className="mt-4 max-w-3xl">
          It covers every gift of this supporter in its window, on any of their pledges:{" "}
          <Link to={adminPaths.supporter(declaration.supporterId)} className="link">
            the gifts it covers, on the supporter's page
          </Link>
          .
        </p>
      ) : null}
      {declaration.cancelledAt ? null : (
        <section aria-labelledby="cancel-heading" className="mt-8">
          <h2 id="cancel-heading" className="text-xl font-semibold">
            Cancel this declaration
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
            When the donor asks. Payments received after today will not be claimed; batches already made keep what they
            claimed.
          </p>
          <CancelForm />
        </section>
      )}
      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
