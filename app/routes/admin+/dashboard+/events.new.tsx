import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { EventDetailsFields, TicketTypeFields } from "~/components/admin/event-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { eventFormOf, saveEventForm, ticketTypeOf } from "~/routes/_glue/staff-event.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { newEventSchema } from "~/events/schemas/events";
import { createEventWithTickets } from "~/events/index.server";
import { ARTICLE_FORM_LIMITS } from "~/publishing/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

// A new event with its first ticket type (more types are added on the event's page).

export const meta: MetaFunction = () =>
  pageMeta({ title: "Add an event", description: `Add an event to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "events");
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "events", { limits: ARTICLE_FORM_LIMITS });
  const submission = parseWithZod(form, { schema: newEventSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  return saveEventForm(submission, () => createEventWithTickets(eventFormOf(value), ticketTypeOf(value), user));
}

export default function NewEvent() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newEventSchema }),
  });
  return (
    <>
      <BackLink to={adminPaths.events}>Back to events</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Add an event</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-4">
        <ErrorSummary form={form} />
        <EventDetailsFields fields={fields} editing={false} />
        <fieldset className="space-y-4 rounded border border-slate-300 p-4 dark:border-slate-600">
          <legend className="px-1 font-semibold">First ticket type</legend>
          <TicketTypeFields fields={fields} />
        </fieldset>
        <button type="submit" className="btn-primary">
          Save the event
        </button>
      </Form>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
