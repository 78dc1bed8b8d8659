import { enquiryStatusLabels } from "~/content/enquiries";
import type { EnquiryStatus } from "~/supporters/schemas/enquiry";

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        status === "new"
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      }`}
    >
      {enquiryStatusLabels[status]}
    </span>
  );
}
