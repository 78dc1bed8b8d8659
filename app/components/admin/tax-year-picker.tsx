import { Form } from "@remix-run/react";
import { taxYearLabel, type TaxYear } from "~/utils/tax-year";

/** A GET form that picks one of `years` (UK tax years, "2025 to 2026") for the page. */
export function TaxYearPicker({
  years,
  year,
  className = "mt-6",
}: {
  years: readonly TaxYear[];
  year: TaxYear | null;
  className?: string;
}) {
  return (
    <Form method="get" className={`${className} flex flex-wrap items-end gap-3`}>
      <div>
        <label htmlFor="year" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Tax year
        </label>
        <select id="year" name="year" defaultValue={year ?? undefined} className="field-input" key={year}>
          {years.map((choice) => (
            <option key={choice} value={choice}>
              {taxYearLabel(choice)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
  );
}
