export const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";

/** The three column lists: shown when the columns could not be told, and under every preview. */
export function ColumnSelects({
  headers,
  selected,
}: {
  headers: string[];
  selected: { date?: number; description?: number; amount?: number };
}) {
  const fields = [
    { key: "date", label: "Date column" },
    { key: "description", label: "Description or reference column" },
    { key: "amount", label: "Amount paid in column" },
  ] as const;
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Columns</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {fields.map(({ key, label }) => (
          <div key={key}>
            <label htmlFor={`column-${key}`} className={labelClass}>
              {label}
            </label>
            <select
              id={`column-${key}`}
              name={`pick-${key}`}
              defaultValue={selected[key] === undefined ? "" : String(selected[key])}
              className="field-input"
            >
              <option value="">Choose…</option>
              {headers.map((header, index) => (
                <option key={index} value={index}>
                  {header || `Column ${index + 1}`}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <button type="submit" name="intent" value="preview" className="btn-secondary mt-4">
        Preview with these columns
      </button>
    </fieldset>
  );
}
