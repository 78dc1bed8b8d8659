import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { adminPaths } from "~/utils/admin-paths";

/** How often the page asks for fresh progress while messages are queued (with JavaScript). */
const PROGRESS_POLL_MS = 5_000;

/** A sent newsletter's progress: queued, sent and failed messages, fresh while any are queued. */
export function Progress({
  id,
  progress,
  recipientCount,
  perMinute,
}: {
  id: number;
  progress: { queued: number; sent: number; failed: number };
  recipientCount: number | null;
  /** The outbox's sending limit (MAIL_MAX_PER_MINUTE). */
  perMinute: number;
}) {
  const revalidator = useRevalidator();
  const sending = progress.queued > 0;
  // With JavaScript, fresh figures every few seconds while messages wait; without it, the link.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const items: [string, number][] = [
    ["Queued", progress.queued],
    ["Sent", progress.sent],
    ["Failed", progress.failed],
  ];
  return (
    <>
      <p className="mt-2">
        {sending ? "Sending" : "Done"}: queued for {recipientCount ?? 0}{" "}
        {recipientCount === 1 ? "subscriber" : "subscribers"}, at most {perMinute} messages a minute (the sending limit
        set for the mail server).
      </p>
      <dl className="mt-3 flex flex-wrap gap-4" aria-live="polite">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-300 px-4 py-2 dark:border-slate-600">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex flex-wrap gap-4">
        <a href={adminPaths.newsletter(id)} className="link">
          Reload the figures
        </a>
        {progress.failed > 0 ? (
          <Link to={`${adminPaths.mail}?status=failed`} className="link">
            Failed messages in the mail log (retry there)
          </Link>
        ) : null}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        A message refused for good (the address does not exist) is not retried; an address refused for two newsletters
        in a row gets no more until it subscribes again. The mail log keeps messages for 30 days.
      </p>
    </>
  );
}
