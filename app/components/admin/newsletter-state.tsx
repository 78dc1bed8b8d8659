type Status = "draft" | "scheduled" | "sent";

const classes: Record<Status, string> = {
  draft: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  scheduled: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
};

export function NewsletterState({ status }: { status: Status }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${classes[status]}`}>{status}</span>;
}
