import { Link } from "@remix-run/react";
import { pledgeTypeLabels } from "~/giving/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";
import type { ProposalWarning, UnmatchedCredit } from "~/giving/utils/bank-statement";
import { formatPence } from "~/utils/money";
import { labelClass } from "./column-selects";
import { day, warningText, type MatchedPledge } from "./pledge-summary";

/** A paid-in line that names no pledge: a search for one, and the pledges it found to choose from. */
export function UnmatchedLine({
  line,
  search,
}: {
  line: UnmatchedCredit;
  search?: {
    q: string;
    chosen: number | null;
    candidates: (MatchedPledge & { name: string; email: string; warning: ProposalWarning | null })[];
  };
}) {
  const findId = `find-${line.line}`;
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p>
        <span className="font-semibold">
          Line {line.line}: {formatPence(line.amountPence)} on {day(line.date)}
        </span>
        <span className="block break-words text-sm text-slate-700 dark:text-slate-300">
          {line.description}
          {line.unknownReferences.length ? ` (no pledge ${line.unknownReferences.join(", ")})` : ""}
        </span>
      </p>
      {line.state === "already-imported" ? (
        <p className="mt-2 font-semibold">Already imported</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <div className="min-w-0 grow">
              <label htmlFor={findId} className={labelClass}>
                Find a pledge for line {line.line} (reference, name or e-mail)
              </label>
              <input
                id={findId}
                type="search"
                name={`find:${line.fingerprint}`}
                defaultValue={search?.q ?? ""}
                maxLength={100}
                className="field-input"
              />
            </div>
            <button type="submit" name="intent" value="find" className="btn-secondary">
              Find
            </button>
          </div>
          <p className="mt-2 text-sm">
            Not a pledge&apos;s payment?{" "}
            <Link to={adminPaths.recordGiftFromLine(line)} className="link font-semibold">
              Record line {line.line} as a new gift
            </Link>{" "}
            (for an existing or a new supporter, with Gift Aid if they declared it).
          </p>
          {search ? (
            search.candidates.length > 0 ? (
              <fieldset className="mt-3">
                <legend className="text-sm font-semibold">Record line {line.line} on</legend>
                <div className="mt-1 space-y-2">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name={`assign:${line.fingerprint}`}
                      value=""
                      defaultChecked={search.chosen === null}
                      className="mt-0.5 h-4 w-4 accent-brand-700"
                    />
                    <span>No pledge (leave this line out)</span>
                  </label>
                  {search.candidates.map((c) => (
                    <label key={c.id} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name={`assign:${line.fingerprint}`}
                        value={c.id}
                        defaultChecked={search.chosen === c.id}
                        className="mt-0.5 h-4 w-4 accent-brand-700"
                      />
                      <span>
                        <span className="font-mono">{c.reference}</span> · {c.name} · {c.email} ·{" "}
                        {formatPence(c.amountPence)} {pledgeTypeLabels[c.type].toLowerCase()}, received{" "}
                        {formatPence(c.paidPence)}
                        {c.warning ? (
                          <span className="block font-semibold text-amber-900 dark:text-amber-200">
                            {warningText(c.warning, c)}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <p className="mt-2 text-sm" role="status">
                No pledge matches “{search.q}”.
              </p>
            )
          ) : null}
        </>
      )}
    </li>
  );
}
