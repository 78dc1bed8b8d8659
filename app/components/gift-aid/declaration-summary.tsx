import { CharityText } from "~/components/charity";
import { DECLARATION_NOTES, HOW_TO_CANCEL } from "~/content/gift-aid-notes";
import { formatLongDate } from "~/utils/date-format";
import type { DeclarationSummary } from "~/gift-aid/utils/gift-aid";

/**
 * A Gift Aid declaration as the donor made it: the exact wording, when, what it covers, and
 * whether it was cancelled. With `declaration.donor` (staff pages only) the name and address too.
 */
export function GiftAidDeclarationSummary({
  declaration,
  headingLevel = 2,
  heading = "Gift Aid declaration",
  showNotes = false,
}: {
  declaration: DeclarationSummary;
  headingLevel?: 2 | 3;
  heading?: string;
  /** The donor's notes (what to tell us, how to cancel): on the donor's own pages. */
  showNotes?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `gift-aid-declaration-${declaration.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {heading}
      </Heading>
      {declaration.cancelledAt ? (
        <p className="mt-2 font-semibold text-red-700 dark:text-red-300">
          Cancelled on {formatLongDate(declaration.cancelledAt)}
          {declaration.cancelReason ? `: ${declaration.cancelReason}` : ""}
        </p>
      ) : null}
      <blockquote className="mt-3 border-l-4 border-brand-600 pl-4 text-slate-800 italic dark:border-brand-300 dark:text-slate-200">
        {declaration.text}
      </blockquote>
      <dl className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <div>
          <dt className="inline font-semibold">Made on: </dt>
          <dd className="inline">
            <time dateTime={declaration.declaredAt}>{formatLongDate(declaration.declaredAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">What it covers: </dt>
          <dd className="inline">{declaration.covers}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Wording version: </dt>
          <dd className="inline">{declaration.version}</dd>
        </div>
        {declaration.donor ? (
          <>
            <div>
              <dt className="inline font-semibold">Donor: </dt>
              <dd className="inline">{declaration.donor.name}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Home address: </dt>
              <dd className="inline">{declaration.donor.address.join(", ")}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {showNotes ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {DECLARATION_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
          <li>
            <CharityText text={HOW_TO_CANCEL} />
          </li>
        </ul>
      ) : null}
    </section>
  );
}
