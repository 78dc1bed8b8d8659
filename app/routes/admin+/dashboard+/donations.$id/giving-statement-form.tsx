import { Form, Link } from "@remix-run/react";
import { adminPaths } from "~/utils/admin-paths";
import { taxYearLabel, type TaxYear } from "~/utils/tax-year";

/** The giving statement of a tax year: a GET form to its preview, where staff send it. */
export function GivingStatementForm({ pledgeId, statementYears }: { pledgeId: number; statementYears: TaxYear[] }) {
  return (
    <>
      <h3 id="statement-heading" className="mt-8 text-xl font-semibold">
        Giving statement
      </h3>
      {statementYears.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          No payments yet from this donor: there is nothing to put on a statement.
        </p>
      ) : (
        <Form
          method="get"
          action={adminPaths.donationStatement(pledgeId)}
          aria-labelledby="statement-heading"
          className="mt-2 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="statement-year" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Tax year (6 April to 5 April)
            </label>
            <select id="statement-year" name="year" className="field-input" defaultValue={statementYears[0]}>
              {statementYears.map((year) => (
                <option key={year} value={year}>
                  {taxYearLabel(year)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Preview and send
          </button>
        </Form>
      )}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Every gift made with this e-mail address in the year, as a PDF the donor downloads from a link in the e-mail.{" "}
        <Link to={adminPaths.donationsStatements} className="link">
          Send every donor their statement
        </Link>
      </p>
    </>
  );
}
