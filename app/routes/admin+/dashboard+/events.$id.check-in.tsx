import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BackLink } from "~/components/admin/back-link";
import { CameraScan } from "~/components/admin/camera-scan";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { eventIdOf, requireStaffEvent } from "~/routes/_glue/staff-event.server";
import { checkIn, checkInCount, eventAttendees, type CheckInOutcome } from "~/events/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// The door, on a phone: type (or paste what a scanner app read) a ticket's code, scan it with the
// camera where the browser can read QR codes (JavaScript only), or search by
// the buyer's or a guest's name and check a ticket in from the list. Works without JavaScript; a second
// check-in of the same ticket says "Already checked in" with when.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Check-in", description: `Event check-in at ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await requireStaffEvent(request, params);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const attendees = q ? await eventAttendees(event.id, q) : [];
  return json({ event: { id: event.id, title: event.title }, q, attendees, count: await checkInCount(event.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "events");
  const id = eventIdOf(params);
  const code = form.get("code");
  const ticket = Number(form.get("ticket"));
  let outcome: CheckInOutcome;
  if (typeof code === "string" && code.trim()) {
    outcome = await checkIn(id, { token: code.slice(0, 400) }, user);
  } else if (Number.isSafeInteger(ticket) && ticket > 0) {
    outcome = await checkIn(id, { ticketId: ticket }, user);
  } else {
    return json({ outcome: null, error: "Enter or scan the ticket's code." }, { status: 400 });
  }
  return json({ outcome, error: null }, { status: outcome.kind === "unknown" ? 404 : 200 });
}

function Outcome({ outcome }: { outcome: CheckInOutcome }) {
  const box = "mt-4 rounded-lg border-2 p-4 text-lg";
  switch (outcome.kind) {
    case "checked-in":
      return (
        <div role="status" className={`${box} border-green-700 bg-green-50 dark:bg-green-950`}>
          <p className="font-bold">Checked in</p>
          <p>
            {outcome.name} ({outcome.ticketType})
          </p>
        </div>
      );
    case "already":
      return (
        <div role="alert" className={`${box} border-amber-600 bg-amber-50 dark:bg-amber-950`}>
          <p className="font-bold">Already checked in</p>
          <p>
            {outcome.name} ({outcome.ticketType}), at {formatDateTime(outcome.at)}
          </p>
        </div>
      );
    case "cancelled":
      return (
        <div role="alert" className={`${box} border-red-700 bg-red-50 dark:bg-red-950`}>
          <p className="font-bold">This ticket was cancelled (refunded)</p>
          <p>{outcome.name}</p>
        </div>
      );
    case "unknown":
      return (
        <div role="alert" className={`${box} border-red-700 bg-red-50 dark:bg-red-950`}>
          <p className="font-bold">Not a ticket for this event</p>
        </div>
      );
  }
}

export default function CheckIn() {
  const { event, q, attendees, count } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const codeForm = useRef<HTMLFormElement>(null);
  // After each check-in the code box is empty and ready for the next ticket (without JavaScript
  // the page comes back with an empty box anyway).
  useEffect(() => {
    if (navigation.state !== "idle" || !actionData) return;
    codeForm.current?.reset();
    codeForm.current?.querySelector<HTMLInputElement>("#code")?.focus();
  }, [actionData, navigation.state]);
  return (
    <>
      <BackLink to={adminPaths.event(event.id)}>Back to {event.title}</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Check-in: {event.title}</h2>
      <p className="mt-1 text-lg font-semibold" aria-live="polite">
        {count.checkedIn} of {count.tickets} in
      </p>
      {actionData?.outcome ? <Outcome outcome={actionData.outcome} /> : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" ref={codeForm} className="mt-6 max-w-xl space-y-3">
        <label htmlFor="code" className="block font-semibold">
          Ticket code
        </label>
        <p id="code-hint" className="text-sm text-slate-700 dark:text-slate-300">
          The 8-character code under the QR code (like 7KQ4-X9MT), in any case, with or without the dash.
        </p>
        <input
          id="code"
          name="code"
          className="field-input"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={400}
          aria-describedby="code-hint"
        />
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Check in
        </button>
        <CameraScan inputId="code" />
      </Form>
      <Form method="get" className="mt-8 max-w-xl space-y-3" role="search">
        <label htmlFor="q" className="block font-semibold">
          Search by name
        </label>
        <input id="q" name="q" type="search" defaultValue={q} className="field-input" maxLength={100} />
        <button type="submit" className="btn-secondary w-full sm:w-auto">
          Search
        </button>
      </Form>
      {q ? (
        attendees.length === 0 ? (
          <p className="mt-4">No tickets for “{q}”.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Tickets found">
            {attendees.map((a) => (
              <li key={a.ticketId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span>
                  <span className="font-medium">{a.name}</span>
                  {a.guestName ? ` (guest of ${a.buyerName})` : null} · {a.ticketType} · {a.reference}
                  {a.checkedInAt ? (
                    <span className="block text-sm text-slate-700 dark:text-slate-300">
                      Checked in {formatDateTime(a.checkedInAt)}
                    </span>
                  ) : null}
                </span>
                {a.checkedInAt ? null : (
                  <Form method="post">
                    <input type="hidden" name="ticket" value={a.ticketId} />
                    <button
                      type="submit"
                      className="btn-primary"
                      aria-label={`Check in ${a.name}, ticket ${a.code.slice(0, 4)}`}
                    >
                      Check in
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
