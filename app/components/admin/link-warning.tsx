import { Link } from "@remix-run/react";
import { CONFIRM_LINKS_FIELD } from "~/publishing/schemas/redirects";

// The confirmation step before a published address goes (unpublished) or moves (renamed): the
// published pages that link to it, from the link checker (docs/site-editor.md), and a Confirm
// button. It sits outside the edit form and belongs to it by the `form` attribute, so the form's
// words are posted again with the confirmation, without JavaScript.

const warningBox =
  "mt-4 max-w-3xl rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";

const EXPLAIN: Record<LinkWarningData["kind"], (to: string | null) => string> = {
  unpublish: () => "Once this is a draft, the address leads nowhere: these links will be broken.",
  rename: (to) => `The address will redirect to ${to}: these links still work, but say the old address.`,
  remove: () => "Once the redirect is removed, the address leads nowhere: these links will be broken.",
};

const CONFIRM: Record<LinkWarningData["kind"], string> = {
  unpublish: "Confirm: unpublish anyway",
  rename: "Confirm the new address",
  remove: "Confirm: remove the redirect",
};

export interface LinkWarningData {
  kind: "unpublish" | "rename" | "remove";
  path: string;
  to: string | null;
  links: readonly { source: string; editPath: string; sourcePath: string; text: string }[];
  confirm: string;
}

/** What an action answers for the confirmation step. */
export interface LinkWarningStep {
  linkWarning: LinkWarningData;
  /** The button's intent, as the first post asked (Save draft, Publish). */
  intent: string;
}

export function LinkWarning({
  linkWarning: warning,
  formId,
  intent,
}: LinkWarningStep & {
  /** The edit form's id: the Confirm button submits it. */
  formId: string;
}) {
  const headingId = `${formId}-link-warning`;
  const count = warning.links.length;
  const heading = `${count === 1 ? "A published page links" : `${count} published pages link`} to ${warning.path}`;
  return (
    <section role="alert" aria-labelledby={headingId} className={warningBox}>
      <h3 id={headingId} className="font-semibold">
        {heading}
      </h3>
      <p className="mt-1">{EXPLAIN[warning.kind](warning.to)} Nothing changes until you confirm.</p>
      <ul className="mt-2 list-disc pl-5">
        {warning.links.map((link, i) => (
          <li key={i}>
            <Link to={link.editPath} className="link">
              {link.source}
            </Link>{" "}
            ({link.sourcePath}): &ldquo;{link.text || "(no words)"}&rdquo;
          </li>
        ))}
      </ul>
      <input type="hidden" form={formId} name={CONFIRM_LINKS_FIELD} value={warning.confirm} />
      <button type="submit" form={formId} name="intent" value={intent} className="btn-primary mt-3">
        {CONFIRM[warning.kind]}
      </button>
    </section>
  );
}
