import { z } from "./zod";

// The staff lists' filters (a GET form, so they live in the URL): the inbox and Volunteers read
// their search and page the same way, and turn a query into a filter and back the same way.

/** Pages beyond this are refused (no list holds 25 million rows). */
const MAX_PAGE = 1_000_000;

export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A search term of `min` to `max` characters (shorter ones would match most of the list). */
export function listSearchField(min: number, max: number) {
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

export const listPageField = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "The page must be a whole number from 1")
    .transform(Number)
    .refine((n) => n <= MAX_PAGE, "No such page")
    .default(1),
);

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
