type OutboxStatus = "queued" | "sent" | "failed";

const classes: Record<OutboxStatus, string> = {
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

export function MailStatus({ status }: { status: OutboxStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${classes[status]}`}>{status}</span>;
}
