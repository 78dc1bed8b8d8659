import { z } from "./zod";

// The staff lists' filters (a GET form, so they live in the URL): the inbox and Volunteers read
// their search and page the same way, and turn a query into a filter and back the same way.

/** Pages beyond this are refused (no list holds 25 million rows). */
const MAX_PAGE = 1_000_000;

export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Rows a staff list shows a page. */
export const LIST_PAGE_SIZE = 25;
/** Search terms shorter than this would match most of a list; longer ones are refused. */
export const LIST_SEARCH_MIN = 2;
export const LIST_SEARCH_MAX = 100;

/** A search term of `min` to `max` characters (shorter ones would match most of the list). */
export function listSearchField(min = LIST_SEARCH_MIN, max = LIST_SEARCH_MAX) {
  return z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .min(min, `Search for at least ${min} characters`)
      .max(max, `Search for at most ${max} characters`)
      .optional(),
  );
}

/** A filter that takes one of `values`; blank or missing is no filter, anything else is refused with `unknown`. */
export function listChoiceField<const T extends readonly [string, ...string[]]>(values: T, unknown: string) {
  return z.preprocess(blankAsUndefined, z.enum(values, { error: unknown }).optional());
}

export const listPageField = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "The page must be a whole number from 1")
    .transform(Number)
    .refine((n) => n <= MAX_PAGE, "No such page")
    .default(1),
);

/** A staff list's filters: its own `fields`, and the search box and page every list has. */
export function listFilters<const F extends z.ZodRawShape>(fields: F) {
  return z.object({ ...fields, q: listSearchField(), page: listPageField });
}

/**
 * A list's filters from a URL's query. A repeated parameter counts as malformed (a form never
 * sends one twice). Either the filter and page, or the problems to show as a 400.
 */
export function parseListQuery<S extends z.ZodType<{ page: number }>>(
  schema: S,
  keys: readonly string[],
  params: URLSearchParams,
): { ok: true; filter: Omit<z.output<S>, "page">; page: number } | { ok: false; errors: string[] } {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, errors: [`The ${key} filter was given more than once`] };
    if (values.length === 1) raw[key] = values[0];
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) };
  const { page, ...filter } = parsed.data;
  return { ok: true, filter, page };
}

/** The query string for a filter and page, leaving out what is not set (page 1 included). */
export function listQueryString(filter: Record<string, string | undefined>, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
