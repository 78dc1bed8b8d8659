import type { RevisionEntry } from "~/publishing/schemas/site-pages";
import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { FormError, TextField } from "~/components/ui/form";
import type { FieldMeta } from "~/utils/light-form";
import { formatDateTime } from "~/utils/dates";

// The editing cycle's staff parts, shared by pages, projects and publications (docs/site-editor.md):
// the versions as the history and the comparison show them, the restore buttons, the publish buttons.

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
          Restore and publish<span className="sr-only"> version {revision.number}</span>
        </button>
      ) : null}
      <button type="submit" name="publish" value="no" className="btn-secondary">
        Restore as a draft<span className="sr-only"> (version {revision.number})</span>
      </button>
    </Form>
  );
}

/** Every version of a piece of content, newest first: who saved it and when, where it stands, compare and restore. */
export function RevisionHistoryTable({
  revisions,
  comparePath,
  mayPublish,
  empty,
}: {
  revisions: RevisionEntry[];
  comparePath: (revision: number) => string;
  mayPublish: boolean;
  empty: string;
}) {
  return (
    <StaffTable
      className="mt-6"
      caption="Versions"
      stacked
      columns={["Version", "Saved", "Standing", "Compare and restore"]}
      empty={empty}
    >
      {revisions.map((revision) => (
        <tr key={revision.id} className={listRow}>
          <td className={listCell} data-label="Version">
            {revision.number}. {revisionKindWords[revision.kind]}
            {revision.note && revision.note !== revisionKindWords[revision.kind] ? (
              <span className="block text-sm text-slate-600 dark:text-slate-400">{revision.note}</span>
            ) : null}
          </td>
          <td className={listCell} data-label="Saved">
            {formatDateTime(revision.createdAt)} by{" "}
            {revision.createdBy === "site" ? "the site (seed)" : revision.createdBy}
          </td>
          <td className={listCell} data-label="Standing">
            {revisionStanding(revision)}
          </td>
          <td className={listCell} data-label="Compare and restore">
            {revision.live ? (
              "The words visitors see"
            ) : (
              <div className="space-y-2">
                <Link to={comparePath(revision.id)} className="link">
                  Compare with live<span className="sr-only"> (version {revision.number})</span>
                </Link>
                <RestoreButtons revision={revision} mayPublish={mayPublish} />
              </div>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** The words said above a history: what a restore does. */
export function HistoryIntro() {
  return (
    <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
      Every save is kept. Restoring an earlier version adds it again as a new version:{" "}
      <strong>Restore and publish</strong> makes its words public at once; <strong>Restore as a draft</strong> keeps
      them for staff until someone publishes. Nothing is deleted either way.
    </p>
  );
}

const lineLook = {
  same: "text-slate-700 dark:text-slate-300",
  removed: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  added: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
} as const;

const lineMark = { same: " ", removed: "−", added: "+" } as const;

/** One version compared with the live words, line by line, and its restore buttons. */
export function RevisionComparison({
  revision,
  diff,
  same,
  mayPublish,
  live,
}: {
  revision: RevisionEntry;
  diff: { op: "same" | "added" | "removed"; text: string }[];
  same: boolean;
  mayPublish: boolean;
  /** What the live words are called: "the live page", "the live project". */
  live: string;
}) {
  const lineWords = { same: "", removed: `Only in ${live}: `, added: "Only in this version: " } as const;
  return (
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {revisionKindWords[revision.kind]}, saved {formatDateTime(revision.createdAt)} by {revision.createdBy}.{" "}
        {revisionStanding(revision)}.
      </p>
      {same ? (
        <p className="mt-4 font-medium">This version has the same words as {live}.</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            Lines marked − are in {live} and not in this version; lines marked + are in this version only.
          </p>
          <pre className="mt-3 overflow-x-auto rounded-lg border border-slate-200 p-3 text-sm whitespace-pre-wrap dark:border-slate-700">
            {diff.map((line, i) => (
              <span key={i} className={`block ${lineLook[line.op]}`}>
                <span aria-hidden="true">{lineMark[line.op]} </span>
                <span className="sr-only">{lineWords[line.op]}</span>
                {line.text || " "}
              </span>
            ))}
          </pre>
        </>
      )}
      <section aria-labelledby="restore-heading" className="mt-8">
        <h3 id="restore-heading" className="text-xl font-semibold">
          Restore this version
        </h3>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          The restore is a new version with these words. <strong>Restore and publish</strong> shows them to visitors at
          once; <strong>Restore as a draft</strong> keeps them for staff to check and publish later.
        </p>
        <div className="mt-4">
          <RestoreButtons revision={revision} mayPublish={mayPublish} />
        </div>
      </section>
    </>
  );
}

/** Save draft, Publish (or Submit for review), Preview, History and Publish at: the buttons every editor form ends with. */
export function PublishControls({
  mayPublish,
  previewPath,
  unsavedPreviewPath,
  historyPath,
  publishAt,
  publishes,
  note,
  children,
}: {
  mayPublish: boolean;
  previewPath?: string;
  /** Where the form's Preview button posts the words as typed (shown without saving; the link then says "Preview saved draft"). */
  unsavedPreviewPath?: string;
  historyPath?: string;
  /** The form's publish-at field (a UK date and time), and what goes public then. */
  publishAt: FieldMeta;
  publishes: string;
  note?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="draft" className="btn-secondary">
          Save draft
        </button>
        {mayPublish ? (
          <button type="submit" name="intent" value="publish" className="btn-primary">
            Publish
          </button>
        ) : (
          <button type="submit" name="intent" value="submit" className="btn-primary">
            Submit for review
          </button>
        )}
        {unsavedPreviewPath ? (
          <button
            type="submit"
            name="intent"
            value="preview"
            formAction={unsavedPreviewPath}
            formNoValidate
            className="btn-secondary"
          >
            Preview
          </button>
        ) : null}
        {previewPath ? (
          <Link to={previewPath} className="btn-secondary">
            {unsavedPreviewPath ? "Preview saved draft" : "Preview"}
          </Link>
        ) : null}
        {historyPath ? (
          <Link to={historyPath} className="btn-secondary">
            History
          </Link>
        ) : null}
        {children}
      </div>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      {mayPublish ? (
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            meta={publishAt}
            label="Publish at (UK time)"
            type="datetime-local"
            optional
            hint={`A day and time still to come; ${publishes} then.`}
          />
          <button type="submit" name="intent" value="schedule" className="btn-secondary">
            Publish at this time
          </button>
        </div>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Save draft keeps your words for staff only; Preview shows them as visitors will see them
        {unsavedPreviewPath ? ", straight from this form, without saving them" : ""}. Publishing first checks the words:
        every image described, headings in order, links that say where they go.
      </p>
    </div>
  );
}

/** A project's or a publication's history page (its loader: contentHistoryLoader). */
export function ContentHistoryPage({
  data,
  error,
}: {
  data: {
    noun: string;
    title: string;
    editPath: string;
    comparePaths: Record<string, string>;
    revisions: RevisionEntry[];
    mayPublish: boolean;
    flash: string | null;
  };
  error?: string;
}) {
  return (
    <>
      <BackLink to={data.editPath}>Back to editing {data.title}</BackLink>
      <StaffPageTitle title={`History: ${data.title}`} />
      <ActionNotice notice={data.flash ? { ok: true, message: data.flash } : null} />
      {error ? <FormError errors={[error]} /> : null}
      <HistoryIntro />
      <RevisionHistoryTable
        revisions={data.revisions}
        comparePath={(revision) => data.comparePaths[revision]}
        mayPublish={data.mayPublish}
        empty={`This ${data.noun} has not been edited yet.`}
      />
    </>
  );
}

/** A project's or a publication's version compared with its live words (its loader: contentCompareLoader). */
export function ContentComparePage({
  data,
  error,
}: {
  data: {
    noun: string;
    historyPath: string;
    revision: RevisionEntry;
    diff: { op: "same" | "added" | "removed"; text: string }[];
    same: boolean;
    mayPublish: boolean;
  };
  error?: string;
}) {
  return (
    <>
      <BackLink to={data.historyPath}>Back to the {data.noun}&rsquo;s history</BackLink>
      <StaffPageTitle title={`Version ${data.revision.number} compared with the live ${data.noun}`} />
      {error ? <FormError errors={[error]} /> : null}
      <RevisionComparison
        revision={data.revision}
        diff={data.diff}
        same={data.same}
        mayPublish={data.mayPublish}
        live={`the live ${data.noun}`}
      />
    </>
  );
}

const standingWords: Record<string, string> = {
  draft: "A draft is waiting to be published",
  submitted: "A draft is submitted for review",
  scheduled: "New words are scheduled",
  published: "No draft: the form shows the published words",
  original: "No draft: the form shows the published words",
};

/** Where the words being edited stand, said above an edit form. */
export function EditingStanding({ state, scheduledFor }: { state: string; scheduledFor: string | null }) {
  return (
    <p className="mt-1 text-slate-700 dark:text-slate-300">
      {standingWords[state]}
      {scheduledFor ? `: publishes ${formatDateTime(scheduledFor)} (UK time)` : ""}.
    </p>
  );
}
