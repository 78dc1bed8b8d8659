// The one mapping from a table's snake_case columns to the camelCase fields the rest of the app
// reads (issue 18, "one row shape"). A model whose domain type is its row, renamed, maps with
// `camelRow`; one that changes a value (0/1 to a boolean, a derived status) spreads `camelRow`
// and overrides those fields, so each table still has one mapper, in its model.

/** "house_name_or_number" → "houseNameOrNumber", as a type. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A row with every column renamed to camelCase; the values and their types unchanged. */
export type CamelRow<Row> = { [Key in keyof Row as Key extends string ? CamelCase<Key> : Key]: Row[Key] };

/** The row with camelCase keys (the runtime twin of `CamelRow`). */
export function camelRow<Row extends object>(row: Row): CamelRow<Row> {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    fields[column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return fields as CamelRow<Row>;
}
