// "What your gift can do": each example's amount beside what it buys. The donate page's side box
// and the staff preview of the donate page's edited words draw the same list.

/** One example (from the content's words, or a page's edited list, whose fields are strings). */
export interface ValueExample {
  amount?: number | string;
  title?: string;
  description?: string;
}

export function ValueExampleList({
  examples,
  className = "",
}: {
  examples: readonly ValueExample[];
  className?: string;
}) {
  return (
    <ul className={`space-y-4 ${className}`.trim()}>
      {examples.map((example, i) => (
        <li key={i} className="flex gap-4">
          <span className="w-16 shrink-0 text-2xl font-bold text-brand-700 dark:text-brand-300">£{example.amount}</span>
          <span>
            <span className="block font-semibold text-slate-900 dark:text-white">{example.title}</span>
            {example.description}
          </span>
        </li>
      ))}
    </ul>
  );
}
