import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { refuseCrossSite } from "~/routes/_glue/action-guard.server";
import { logout } from "~/routes/_glue/sign-in.server";
import { LOGIN_PATH } from "~/utils/staff-entry-paths";

// Logging out changes state, so it is POST only: a link or an <img> elsewhere cannot do it.
export async function loader() {
  return redirect(LOGIN_PATH);
}

export async function action({ request }: ActionFunctionArgs) {
  refuseCrossSite(request);
  return logout(request);
}
