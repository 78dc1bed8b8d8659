import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { EventDetailsFields } from "~/components/admin/event-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { eventFormOf, eventIdOf, requireStaffEvent, saveEventForm } from "~/routes/_glue/staff-event.server";
import { editEventSchema } from "~/events/schemas/events";
import { changeEvent } from "~/events/index.server";
import { ARTICLE_FORM_LIMITS } from "~/publishing/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonLocal } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// An event's details changed (title, address, description, time, venue, donation, photo); its
// ticket types are added on the event's page.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Change an event", description: `Change an event of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await requireStaffEvent(request, params);
  return json({
    id: event.id,
    defaults: {
      title: event.title,
      slug: event.slug,
      description: event.description,
      venue: event.venue,
      starts_at: toLondonLocal(event.startsAt),
      suggested_donation: event.suggestedDonationPence ? (event.suggestedDonationPence / 100).toFixed(2) : "",
      image_alt: event.imageAlt ?? "",
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "events", { limits: ARTICLE_FORM_LIMITS });
  const id = eventIdOf(params);
  const submission = parseWithZod(form, { schema: editEventSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  return saveEventForm(submission, async () => {
    await changeEvent(id, eventFormOf(value), user);
    return id;
  });
}

export default function EditEvent() {
  const { id, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { ...defaults, image: undefined },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editEventSchema }),
  });
  return (
    <>
      <BackLink to={adminPaths.event(id)}>Back to the event</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Change the event</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-4">
        <ErrorSummary form={form} />
        <EventDetailsFields fields={fields} editing={true} />
        <button type="submit" className="btn-primary">
          Save the event
        </button>
      </Form>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
