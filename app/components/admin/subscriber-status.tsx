type Status = "pending" | "confirmed" | "unsubscribed" | "bouncing";

const classes: Record<Status, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  confirmed: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  unsubscribed: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  bouncing: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

/**
 * A subscriber's state. `bouncing` (their mail server refused two newsletters in a row) is a
 * flag on a confirmed subscription: they get no newsletter until they subscribe again.
 */
export function SubscriberStatus({
  status,
  bouncingSince,
}: {
  status: Exclude<Status, "bouncing">;
  bouncingSince?: string | null;
}) {
  const shown: Status = status === "confirmed" && bouncingSince ? "bouncing" : status;
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${classes[shown]}`}>{shown}</span>;
}
