import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminMessages } from "~/content/admin";
import { adminPaths } from "~/utils/admin-paths";
import { Modal } from "./modal";

/**
 * The dialog for an article that is not there (deleted meanwhile, or a wrong address), or
 * for a failure to act on it: a message and the way back to the list.
 */
export function ArticleMissingDialog({
  title = adminMessages.notFound,
  role,
  children,
}: {
  title?: string;
  role?: "dialog" | "alertdialog";
  children?: ReactNode;
}) {
  return (
    <Modal title={title} closeTo={adminPaths.news} role={role}>
      {children ?? (
        <p className="text-slate-700 dark:text-slate-300">
          There is no news article at this address. It may have been deleted.
        </p>
      )}
      <Link to={adminPaths.news} className="btn-primary mt-6">
        Back to News Management
      </Link>
    </Modal>
  );
}
