import { z } from "zod";
import { parseUkDay } from "~/utils/dates";
import type { SupporterQuery } from "~/utils/supporters";

// The supporters list's filters (a GET form: they live in the address) and the merge form.

export const SUPPORTER_SEARCH_MAX = 100;

export const monthlyFilters = ["monthly", "lapsed"] as const;
export const monthlyFilterLabels: Record<(typeof monthlyFilters)[number], string> = {
  monthly: "Monthly donor (active)",
  lapsed: "Lapsed monthly donor (no payment for 45 days)",
};

const optionalDay = (message: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const day = parseUkDay(value);
      if (!day) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return day;
    });

export const supporterFiltersSchema = z
  .object({
    q: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .pipe(z.string().max(SUPPORTER_SEARCH_MAX, `Search for at most ${SUPPORTER_SEARCH_MAX} characters`).optional()),
    giftAid: z
      .enum(["", "yes"], { error: "Choose a Gift Aid filter from the list" })
      .optional()
      .transform((value) => value === "yes" || undefined),
    monthly: z
      .enum(["", ...monthlyFilters], { error: "Choose a monthly giving filter from the list" })
      .optional()
      .transform((value) => value || undefined),
    from: optionalDay("Enter the first day like 05/10/2025"),
    to: optionalDay("Enter the last day like 31/10/2025"),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && from > to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must be on or after the first day" });
    }
  });

export type SupporterFilterErrors = Partial<Record<"q" | "giftAid" | "monthly" | "from" | "to", string>>;

/** The list's filters from the address, or the field errors (the page shows them, with a 400). */
export function parseSupporterFilters(
  params: URLSearchParams,
): { ok: true; query: SupporterQuery } | { ok: false; errors: SupporterFilterErrors } {
  const result = supporterFiltersSchema.safeParse({
    q: params.get("q") ?? undefined,
    giftAid: params.get("giftAid") ?? undefined,
    monthly: params.get("monthly") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  if (!result.success) {
    const errors: SupporterFilterErrors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "q") as keyof SupporterFilterErrors;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { q, giftAid, monthly, from, to } = result.data;
  return { ok: true, query: { q, giftAid, monthly, gaveFrom: from, gaveTo: to } };
}

/** The query string of a filtered list page ("" when nothing is set). */
export function supporterFiltersQuery(raw: Record<string, string | undefined>, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Merge: the supporter who stays, the one merged into them, and the confirmation. */
export const mergeSupportersSchema = z.object({
  other: z.coerce
    .number({ error: "Enter the other supporter's number" })
    .int("Enter the other supporter's number")
    .positive("Enter the other supporter's number"),
  confirm: z.literal("yes", { error: "Tick the box to confirm the merge" }).optional(),
});
