// Reading a Stripe event's contents. A signed event is Stripe's, but its contents are read as
// untrusted JSON: each field is taken only when it has the expected type. The card gifts' and the
// tickets' webhook handlers read events through these.

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string, or null. */
export function text(fields: Fields | undefined, key: string): string | null {
  const value = fields?.[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** A nested object, or undefined. */
export function child(fields: Fields | undefined, key: string): Fields | undefined {
  const value = fields?.[key];
  return isFields(value) ? value : undefined;
}

/** An id given as a string or as an expanded object with an id. */
export function idOf(fields: Fields | undefined, key: string): string | null {
  return text(fields, key) ?? text(child(fields, key), "id");
}

/** A whole number of pence, or null for anything else (true, [1], {}, 20.5, 1e300). */
export function pence(fields: Fields | undefined, key: string): number | null {
  const value = fields?.[key];
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}
