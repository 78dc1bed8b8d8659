/** A destructive action: red outline, readable in both themes. */
export const dangerButtonClass =
  "btn border border-red-700 bg-white text-red-700 hover:bg-red-50 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950";
