import { volunteerStatusLabels, type VolunteerStatus } from "~/content/volunteers";

const tones: Record<VolunteerStatus, string> = {
  new: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  contacted: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  interviewed: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  active: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  inactive: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  declined: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

export function VolunteerStatusBadge({ status }: { status: VolunteerStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status]}`}>
      {volunteerStatusLabels[status]}
    </span>
  );
}
