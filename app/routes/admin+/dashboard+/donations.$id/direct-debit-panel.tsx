import { formatDateTime } from "~/utils/dates";

/** A Direct Debit gift's state, failed collections (Stripe's retries shown as such) and end, on the pledge page. */
export function DirectDebitPanel({
  directDebit,
}: {
  directDebit: {
    status: string | null;
    events: { id: number; at: string; what: string; reason: string }[];
  };
}) {
  const failing = directDebit.events.length > 0;
  return (
    <section
      aria-labelledby="dd-heading"
      className={`mt-4 rounded-md border p-4 ${
        failing
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
          : "border-slate-300 dark:border-slate-600"
      }`}
    >
      <h3 id="dd-heading" className="font-semibold">
        Direct Debit
      </h3>
      <p className="mt-1">{directDebit.status}</p>
      {failing ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {directDebit.events.map((event) => (
            <li key={event.id}>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>: {event.what}. {event.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
