import { Form } from "@remix-run/react";
import { adminMessages } from "~/content/admin";
import { adminPaths } from "~/utils/admin-paths";
import { useHydrated } from "~/utils/hydrated";
import { dangerButtonClass } from "./styles";

/**
 * Delete from the list. With JavaScript the browser asks first and the post carries
 * confirmed=yes; without it the post carries nothing, and the server answers with a
 * confirmation page instead of deleting.
 */
export function DeleteArticleForm({ id, title }: { id: number; title: string }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={adminPaths.deleteArticle(id)}
      onSubmit={(event) => {
        if (!window.confirm(adminMessages.deleteConfirmation)) event.preventDefault();
      }}
    >
      {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" className={dangerButtonClass}>
        Delete<span className="sr-only">: {title}</span>
      </button>
    </Form>
  );
}
