import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/services/session.server";
import { adminPaths } from "~/utils/admin-paths";

// The dashboard's own address is kept free for an overview of what needs staff; until then it
// opens the news list, as it did when news was the dashboard's index.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(adminPaths.news);
}
