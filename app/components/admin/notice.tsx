/** The outcome of a staff action shown on the page it returns to: a status or an alert. */
export function ActionNotice({ notice }: { notice?: { ok: boolean; message: string } | null }) {
  if (!notice) return null;
  return notice.ok ? (
    <p
      role="status"
      className="mt-4 rounded border border-green-700 bg-green-50 p-3 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
    >
      {notice.message}
    </p>
  ) : (
    <p
      role="alert"
      className="mt-4 rounded border border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      {notice.message}
    </p>
  );
}
