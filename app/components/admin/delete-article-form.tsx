import { adminMessages } from "~/content/admin";
import { adminPaths } from "~/utils/admin-paths";
import { ConfirmForm } from "./confirm-form";
import { dangerButtonClass } from "./styles";

/** Delete from the list, confirmed first (see ConfirmForm). */
export function DeleteArticleForm({ id, title }: { id: number; title: string }) {
  return (
    <ConfirmForm action={adminPaths.deleteArticle(id)} question={adminMessages.deleteConfirmation}>
      <button type="submit" className={dangerButtonClass}>
        Delete<span className="sr-only">: {title}</span>
      </button>
    </ConfirmForm>
  );
}
