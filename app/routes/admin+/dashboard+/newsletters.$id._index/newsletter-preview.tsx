import { adminPaths } from "~/utils/admin-paths";

/** The newsletter as subscribers get it: the HTML version in a sandboxed frame, and the text version. */
export function NewsletterPreview({ id, previewText }: { id: number; previewText: string }) {
  return (
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The message as subscribers get it; each has their own unsubscribe link where this one says “example”.{" "}
        <a href={adminPaths.newsletterPreview(id)} className="link" target="_blank" rel="noreferrer">
          Open the HTML version on its own<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <h4 className="mt-4 font-semibold">HTML version</h4>
      <iframe
        title="HTML version of the e-mail"
        src={adminPaths.newsletterPreview(id)}
        sandbox=""
        className="mt-2 h-[36rem] w-full rounded-md border border-slate-300 bg-white dark:border-slate-600"
      />
      <h4 className="mt-4 font-semibold">Text version</h4>
      <pre className="mt-2 overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap dark:border-slate-600 dark:bg-slate-900">
        {previewText}
      </pre>
    </>
  );
}
