import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmedForm } from "./confirm-form";
import { dangerButtonClass } from "./styles";

/**
 * The question a staff page shows in place when a delete was posted without JavaScript (nobody
 * was asked yet, see app/utils/confirmation.ts): the delete button, whose post carries the
 * confirmation, and Cancel. With JavaScript the browser asked before the post (ConfirmForm).
 */
export function ConfirmDeletePanel({
  questionId,
  question,
  hidden,
  deleteLabel,
  cancelTo,
}: {
  /** The id of the question, which names the dialog. */
  questionId: string;
  question: ReactNode;
  /** The hidden fields of the delete post, e.g. its intent and the record's id. */
  hidden: Record<string, string>;
  deleteLabel: string;
  cancelTo: string;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className="mt-6 rounded-md border border-red-300 p-4 dark:border-red-700"
    >
      <p id={questionId} className="font-semibold">
        {question}
      </p>
      <ConfirmedForm className="mt-3 flex flex-wrap gap-3" hidden={hidden}>
        <button type="submit" className={dangerButtonClass}>
          {deleteLabel}
        </button>
        <Link to={cancelTo} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </div>
  );
}
