import { auditActionWords, auditActorWords } from "~/content/audit";
import { formatLongDate, formatLongDateTime } from "./dates";

// One entry of a record's history as a sentence staff read: "Payment recorded by ann: £20.00
// received 5 November 2026, by hand". The audit table keeps codes and ISO dates (exact, and the
// same in every export); this is where they become words. Client-safe.

// Not inside an address or a reference ("/news/2026-11-02-report", "CHA-2026-11-02").
const ISO_INSTANT = /(?<![/\w-])\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})\b/g;
const ISO_DAY = /(?<![/\w-])\d{4}-\d{2}-\d{2}(?![\w-])/g;

/** An entry's detail with every ISO date and time in it written the UK way ("5 November 2026, 14:05"). */
export function auditDetailInWords(detail: string): string {
  return detail
    .replace(ISO_INSTANT, (instant) => formatLongDateTime(instant) || instant)
    .replace(ISO_DAY, (day) => formatLongDate(`${day}T12:00:00Z`) || day);
}

/** What happened: the words for its kind, or the code with its dots, dashes and underscores as spaces. */
export function auditActionInWords(action: string): string {
  const words = auditActionWords[action];
  if (words) return words;
  const spaced = action.replace(/[._-]+/g, " ").trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const auditActorInWords = (actor: string): string => auditActorWords[actor] ?? actor;

/** "Payment recorded by ann: £20.00 received 5 November 2026, by hand". */
export function auditSentence(event: { action: string; actor: string; detail: string | null }): string {
  const what = `${auditActionInWords(event.action)} by ${auditActorInWords(event.actor)}`;
  return event.detail ? `${what}: ${auditDetailInWords(event.detail)}` : what;
}
