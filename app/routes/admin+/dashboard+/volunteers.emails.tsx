import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffSection } from "~/components/admin/table";
import { TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { volunteerMailStaff as copy, volunteerStatusLabels, type VolunteerMailStatus } from "~/content/volunteers";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { saveVolunteerMailTemplate, volunteerMailTemplates } from "~/supporters/index.server";
import { volunteerMailTemplateSchema } from "~/supporters/schemas/volunteer";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// Volunteers → E-mails to applicants: the kind e-mail of each status that can send one
// (Contacted, Active, Declined), stored in the database (migration 0048, seeded there) and edited
// here, one form each. A status change sends one only when staff tick "E-mail the applicant".

export const meta: MetaFunction = () =>
  pageMeta({ title: copy.title, description: `E-mails to volunteer applicants of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "volunteers");
  const flash = await takeFlash(request);
  return json({ templates: await volunteerMailTemplates(), notice: flash.message }, { headers: flash.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, submission, form } = await staffAction(request, "volunteers", { schema: volunteerMailTemplateSchema });
  if (submission.status !== "success") {
    return json({ status: String(form.get("status") ?? ""), result: submission.reply() }, { status: 400 });
  }
  const { status, subject, body } = submission.value;
  await saveVolunteerMailTemplate(status, { subject, body }, user.username);
  return savedRedirect(adminPaths.volunteerMails, "volunteer-mail-saved");
}

function TemplateForm({
  template,
}: {
  template: { status: VolunteerMailStatus; subject: string; body: string; updatedAt: string; updatedBy: string };
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const label = volunteerStatusLabels[template.status];
  const [form, fields] = useForm({
    id: `volunteer-mail-${template.status}`,
    lastResult: actionData?.status === template.status ? actionData.result : undefined,
    defaultValue: { status: template.status, subject: template.subject, body: template.body },
    constraint: getZodConstraint(volunteerMailTemplateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: volunteerMailTemplateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("status") === template.status;
  return (
    <StaffSection id={`mail-${template.status}`} title={copy.heading(label)}>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-3xl space-y-4">
        <ErrorSummary form={form} />
        <input type="hidden" name="status" value={template.status} />
        <TextField meta={fields.subject} label={copy.subjectLabel} />
        <TextareaField meta={fields.body} label={copy.bodyLabel} rows={10} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {template.updatedBy.startsWith("migration ")
            ? copy.neverChanged
            : copy.lastChanged(formatLongDateTime(template.updatedAt), template.updatedBy)}
        </p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {copy.save(label)}
        </button>
      </Form>
    </StaffSection>
  );
}

export default function VolunteerMails() {
  const { templates, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.volunteers}>All applications</BackLink>
      <h2 className="mt-4 text-2xl font-semibold">{copy.title}</h2>
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {notice ?? ""}
      </p>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{copy.intro}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{copy.placeholders}</p>
      {templates.map((template) => (
        <TemplateForm key={`${template.status}-${template.updatedAt}`} template={template} />
      ))}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
