import type { ReactNode } from "react";
import { HeadedSection } from "~/components/ui/headed-section";

/**
 * How far a cause is toward its goal: a progress bar (role="progressbar" with its value in
 * words, aria-valuetext) and the same words visible under it, for appeals and supporters' pages.
 */
export interface GoalProgressProps {
  label: string;
  valuePence: number;
  goalPence: number;
  words: string;
}

export function GoalProgress({ label, valuePence, goalPence, words }: GoalProgressProps) {
  const percent = goalPence > 0 ? Math.min(100, Math.floor((valuePence / goalPence) * 100)) : 0;
  return (
    <div className="mt-6">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        className="h-4 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-700 dark:bg-brand-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm font-semibold text-slate-800 dark:text-slate-200">{words}</p>
    </div>
  );
}

/** One figure of a cause (goal, given, promised, donors) in a row of them. */
export interface FigureProps {
  label: string;
  value: string;
  note?: string;
}

export function Figure({ label, value, note }: FigureProps) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
      {note ? <dd className="text-sm text-slate-700 dark:text-slate-300">{note}</dd> : null}
    </div>
  );
}

/**
 * How a cause (an appeal, a supporter's page) is doing, under its title: a section named by a
 * visually hidden heading, its figures in a row, the progress toward its goal where it has one,
 * then what a visitor can do (the children: give, start a page).
 */
export function CauseFigures({
  id,
  heading,
  figures,
  progress,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  figures: readonly FigureProps[];
  progress: GoalProgressProps | null;
  children: ReactNode;
}) {
  return (
    <HeadedSection id={id} heading={heading} className="mt-6" headingClassName="sr-only">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <Figure key={figure.label} {...figure} />
        ))}
      </dl>
      {progress ? <GoalProgress {...progress} /> : null}
      {children}
    </HeadedSection>
  );
}
