import type { RevisionEntry } from "~/publishing/schemas/site-pages";
import { Form } from "@remix-run/react";
import { formatDateTime } from "~/utils/dates";

// A page's revisions as the history and the comparison show them (docs/site-editor.md).

export const revisionKindWords: Record<RevisionEntry["kind"], string> = {
  original: "Original words",
  draft: "Draft",
  submitted: "Submitted for review",
  published: "Published",
  restored: "Restored",
};

/** Where a revision stands now. */
export function revisionStanding(revision: RevisionEntry): string {
  if (revision.live) return "Live now";
  if (revision.kind === "original") return "Was live until the first publish";
  if (revision.scheduled && revision.publishAt) return `Publishes ${formatDateTime(revision.publishAt)}`;
  if (revision.publishAt) return `Was live from ${formatDateTime(revision.publishAt)}`;
  return "Never published";
}

/** The two ways to restore, said plainly on the button. */
export function RestoreButtons({ revision, mayPublish }: { revision: RevisionEntry; mayPublish: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="revision" value={revision.id} />
      {mayPublish ? (
        <button type="submit" name="publish" value="yes" className="btn-primary">
          Restore and publish<span className="sr-only"> revision {revision.id}</span>
        </button>
      ) : null}
      <button type="submit" name="publish" value="no" className="btn-secondary">
        Restore as a draft<span className="sr-only"> (revision {revision.id})</span>
      </button>
    </Form>
  );
}
