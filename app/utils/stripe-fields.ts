// Reading a Stripe event's object: a signed event is Stripe's, but its contents are read as
// untrusted JSON, each field taken only when it has the expected type.

export type StripeFields = Record<string, unknown>;

export function isStripeFields(value: unknown): value is StripeFields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string field, else null. */
export function stripeText(fields: StripeFields | undefined, key: string): string | null {
  const value = fields?.[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** A nested object field, else undefined. */
export function stripeChild(fields: StripeFields | undefined, key: string): StripeFields | undefined {
  const value = fields?.[key];
  return isStripeFields(value) ? value : undefined;
}

/** An id given as a string or as an expanded object with an id. */
export function stripeIdOf(fields: StripeFields | undefined, key: string): string | null {
  return stripeText(fields, key) ?? stripeText(stripeChild(fields, key), "id");
}
