import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/notice";
import { StackedRow, StaffTable } from "~/components/admin/table";
import { site } from "~/content/site";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { staffEvents } from "~/events/index.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { StaffPageTitle } from "~/components/admin/page-title";

// Staff Events: every event with its places sold, a link to each and to add one (docs/events.md).

export const meta: MetaFunction = () =>
  pageMeta({ title: "Events", description: `Events and tickets of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "events");
  const flash = await takeFlash(request);
  return json({ events: await staffEvents(), flash: flash.message }, { headers: flash.headers });
}

const eventColumns = ["Event", "When (UK)", "Venue", "Sold"];

export default function Events() {
  const { events, flash } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="events-heading">
      <StaffPageTitle id="events-heading" title="Events">
        <Link to={adminPaths.newEvent} className="btn-primary">
          Add an event
        </Link>
      </StaffPageTitle>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      {events.length === 0 ? (
        <p className="mt-6">No events yet.</p>
      ) : (
        <StaffTable columns={eventColumns} caption="Events" stacked className="mt-6">
          {events.map((event) => (
            <StackedRow
              key={event.id}
              columns={eventColumns}
              cells={[
                <Link key="event" to={adminPaths.event(event.id)} className="link font-medium">
                  {event.title}
                </Link>,
                formatDateTime(event.startsAt),
                event.venue,
                `${event.sold} of ${event.places}`,
              ]}
            />
          ))}
        </StaffTable>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
