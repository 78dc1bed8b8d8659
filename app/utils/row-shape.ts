// The one mapping between a table's snake_case columns and the camelCase fields the rest of the
// app reads. A model whose domain type is its row, renamed, reads with `camelRow` and writes
// with `snakeRow`; one that changes a value (0/1 to a boolean, a derived status) overrides those
// fields, so each table still has one mapping, in its model. The JSON API's article, documented
// in snake_case, is the news model's fields through `snakeRow` too.

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

/** "houseNameOrNumber" → "house_name_or_number", as a type. */
export type SnakeCase<S extends string> = S extends `${infer Letter}${infer Rest}`
  ? `${Letter extends Lowercase<Letter> ? Letter : `_${Lowercase<Letter>}`}${SnakeCase<Rest>}`
  : S;

/** Fields renamed to the columns they are stored in. */
export type SnakeRow<Fields> = {
  [Key in keyof Fields as Key extends string ? SnakeCase<Key> : Key]: Fields[Key];
};

/** The fields with snake_case keys, for an insert or update (the runtime twin of `SnakeRow`). */
export function snakeRow<Fields extends object>(fields: Fields): SnakeRow<Fields> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    columns[field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
  }
  return columns as SnakeRow<Fields>;
}
