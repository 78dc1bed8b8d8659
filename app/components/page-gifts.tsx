import type { ReactNode } from "react";
import { formatPence } from "~/utils/money";

/** A gift through a supporter's page as its lists show it: the amount is null when the giver hid it. */
export interface PageGift {
  id: number;
  name: string | null;
  amountPence: number | null;
  message: string | null;
}

/**
 * The gifts through a supporter's page, one card each: who gave (or the word for anonymous), how
 * much unless they hid it, and their message. The public page lists them as its supporters; the
 * owner's page adds each gift's date (`detail`) and says when a message waits for review (`note`).
 */
export function PageGiftList<Gift extends PageGift>({
  gifts,
  empty,
  anonymous,
  amountHidden = "",
  detail,
  note,
}: {
  gifts: readonly Gift[];
  /** Said instead of the list when there is no gift yet. */
  empty: string;
  anonymous: string;
  /** Said after the name where the giver hid the amount (nothing by default). */
  amountHidden?: string;
  /** After the name and amount, in the same line. */
  detail?: (gift: Gift) => ReactNode;
  /** Under the message. */
  note?: (gift: Gift) => ReactNode;
}) {
  if (gifts.length === 0) return <p className="mt-3 text-slate-700 dark:text-slate-300">{empty}</p>;
  return (
    <ul className="mt-3 space-y-3">
      {gifts.map((gift) => (
        <li key={gift.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p className="font-semibold text-slate-900 dark:text-white">
            {gift.name ?? anonymous}
            {gift.amountPence === null ? amountHidden : `: ${formatPence(gift.amountPence)}`}
            {detail?.(gift)}
          </p>
          {gift.message ? (
            <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
              {gift.message}
              {note?.(gift)}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
