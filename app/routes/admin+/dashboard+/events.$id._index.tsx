import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { TicketTypeFields } from "~/components/admin/event-fields";
import { ActionNotice } from "~/components/admin/notice";
import { StackedRow, StaffSection, StaffTable } from "~/components/admin/table";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { eventIdOf, requireStaffEvent, ticketTypeOf } from "~/routes/_glue/staff-event.server";
import { ticketTypeSchema } from "~/events/schemas/events";
import { addTicketTypeToEvent } from "~/events/index.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// One event for staff: its details, ticket types with places sold and held, the waiting list's
// length, links to the check-in page and the attendee CSV, and a form to add a ticket type.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Event", description: `An event of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await requireStaffEvent(request, params);
  const flash = await takeFlash(request);
  return json({ event, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "events");
  const id = eventIdOf(params);
  const submission = parseWithZod(form, { schema: ticketTypeSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  await addTicketTypeToEvent(id, ticketTypeOf(submission.value), user);
  return savedRedirect(adminPaths.event(id), "ticket-type-added");
}

const ticketColumns = ["Ticket type", "Price", "Places", "Sold", "Held", "Left", "On sale (UK)"];

export default function EventPage() {
  const { event, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ticketTypeSchema }),
  });
  return (
    <>
      <BackLink to={adminPaths.events}>Back to events</BackLink>
      <h2 className="mt-4 text-2xl font-bold">{event.title}</h2>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">When (UK)</dt>
        <dd>{formatDateTime(event.startsAt)}</dd>
        <dt className="font-semibold">Venue</dt>
        <dd>{event.venue}</dd>
        <dt className="font-semibold">Public page</dt>
        <dd>
          <Link to={`/events/${event.slug}`} className="link break-all">
            /events/{event.slug}
          </Link>
        </dd>
        <dt className="font-semibold">Waiting list</dt>
        <dd>{event.waiting === 1 ? "1 person waiting" : `${event.waiting} people waiting`}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={adminPaths.eventCheckIn(event.id)} className="btn-primary">
          Check-in
        </Link>
        <Link to={adminPaths.editEvent(event.id)} className="btn-secondary">
          Change the event
        </Link>
        <a href={adminPaths.eventAttendeesCsv(event.id)} className="btn-secondary" download>
          Attendee list (CSV)
        </a>
      </div>
      <StaffTable columns={ticketColumns} caption="Ticket types" stacked className="mt-6">
        {event.ticketTypes.map((type) => (
          <StackedRow
            key={type.id}
            columns={ticketColumns}
            cells={[
              type.name,
              type.price,
              type.places,
              type.sold,
              type.held,
              type.left,
              `${type.saleStartsAt ? formatDateTime(type.saleStartsAt) : "now"} – ${type.saleEndsAt ? formatDateTime(type.saleEndsAt) : "the event"}`,
            ]}
          />
        ))}
      </StaffTable>
      <StaffSection id="add-type" title="Add a ticket type" className="mt-8 max-w-2xl">
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <ErrorSummary form={form} />
          <TicketTypeFields fields={fields} />
          <button type="submit" className="btn-primary">
            Add the ticket type
          </button>
        </Form>
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
