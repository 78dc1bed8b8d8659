import { previewImport, searchPledgesForLine, type PledgeCandidate } from "~/giving/index.server";
import type { ColumnChoice } from "~/giving/utils/bank-statement";

// What the import page's multipart posts carry, read for its action: the column choice, what
// staff did on the shown preview, and the preview to show again.

/**
 * The columns to use. "Preview with these columns" sends the lists (pick-*); every other post
 * carries the choice the shown preview was made with (hidden *Column fields), so confirming
 * reads the statement exactly as it was previewed. Empty means "detect".
 */
export function readChoice(form: FormData): ColumnChoice | null {
  const picked =
    form.get("intent") === "preview" && ["date", "description", "amount"].some((k) => form.get(`pick-${k}`));
  const choice: ColumnChoice = {};
  for (const key of ["date", "description", "amount"] as const) {
    const value = form.get(picked ? `pick-${key}` : `${key}Column`);
    if (value === null || value === "") continue;
    if (typeof value !== "string" || !/^\d{1,3}$/.test(value)) return null;
    choice[key] = Number(value);
  }
  if (picked && Object.keys(choice).length < 3) return null;
  return choice;
}

const FINGERPRINT = /^v1:[0-9a-f]{64}$/;

/** What staff did on the shown preview: ticked lines, and per unmatched line a search and a chosen pledge. */
export function readLineChoices(form: FormData) {
  const accepted = form.getAll("accept").filter((v): v is string => typeof v === "string" && FINGERPRINT.test(v));
  const searches = new Map<string, string>();
  const assignments = new Map<string, number>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const find = /^find:(v1:[0-9a-f]{64})$/.exec(key);
    if (find && value.trim()) searches.set(find[1], value.trim().slice(0, 100));
    const assign = /^assign:(v1:[0-9a-f]{64})$/.exec(key);
    if (assign && /^\d{1,9}$/.test(value)) assignments.set(assign[1], Number(value));
  }
  // "Send a thank-you e-mail to each donor": one checkbox for the whole import.
  const sendThanks = form.get("sendThanks") === "on";
  return { accepted, searches, assignments, sendThanks };
}

/**
 * The preview to show: the matching, which lines are ticked (as first proposed, or as staff left
 * them), and for each unmatched line its search, the pledges it found and the one chosen.
 * Throws `BankImportError` when the statement cannot be read with this choice of columns.
 */
export async function previewData(
  text: string,
  choice: ColumnChoice,
  state: ReturnType<typeof readLineChoices> | null,
  error: string | null,
) {
  const result = await previewImport(text, choice);
  const searches: Record<string, { q: string; chosen: number | null; candidates: PledgeCandidate[] }> = {};
  for (const line of result.unmatched) {
    const q = state?.searches.get(line.fingerprint) ?? "";
    const chosen = state?.assignments.get(line.fingerprint);
    if (!q && chosen === undefined) continue;
    const candidates = await searchPledgesForLine(q, line.amountPence, chosen);
    searches[line.fingerprint] = {
      q,
      chosen: chosen !== undefined && candidates.some((c) => c.id === chosen) ? chosen : null,
      candidates,
    };
  }
  const ticked = state ? state.accepted : result.proposals.filter((p) => p.preselected).map((p) => p.fingerprint);
  const sendThanks = state ? state.sendThanks : true;
  return { stage: "preview" as const, csv: text, choice, ...result, ticked, searches, sendThanks, error };
}

/** The preview as the page receives it. */
export type PreviewData = Awaited<ReturnType<typeof previewData>>;
