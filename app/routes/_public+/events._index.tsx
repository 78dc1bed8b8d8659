import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { ResponsivePicture } from "~/components/responsive-picture";
import { eventsPage } from "~/content/events";
import { site } from "~/content/site";
import { json, upcomingEvents } from "~/routes/_imports/events-page.server";
import { pageMeta } from "~/utils/meta";

// /events: what is coming up, when and where, and the places left of each ticket type. Not in
// the page cache: the places left change with every booking.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    { title: eventsPage.title, description: `Events in aid of ${site.name}: book your tickets online.` },
    matches,
  );

export async function loader() {
  return json({ events: await upcomingEvents() });
}

export default function Events() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={eventsPage.title} lead={eventsPage.lead} />
      <div className="container-page py-12">
        {events.length === 0 ? (
          <p className="text-lg">{eventsPage.none}</p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-2">
            {events.map((event) => (
              <li
                key={event.id}
                className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
              >
                {event.image ? (
                  <ResponsivePicture
                    image={event.image}
                    sizes="(min-width: 48rem) 50vw, 100vw"
                    width={960}
                    className="w-full"
                  />
                ) : null}
                <div className="p-6">
                  <h2 className="text-2xl font-bold text-slate-900 dark:text-white">
                    <Link to={`/events/${event.slug}`} className="link">
                      {event.title}
                    </Link>
                  </h2>
                  <p className="mt-2 font-medium text-slate-800 dark:text-slate-200">
                    <time dateTime={event.startsAt}>{event.when}</time> · {event.venue}
                  </p>
                  <p className="mt-3 text-slate-700 dark:text-slate-300">{event.summary}</p>
                  <ul className="mt-4 space-y-1">
                    {event.ticketTypes.map((type) => (
                      <li key={type.id} className="text-slate-800 dark:text-slate-200">
                        {type.name}: {type.price} · <strong>{type.note}</strong>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
