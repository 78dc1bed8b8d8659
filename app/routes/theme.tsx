import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { safeRedirect } from "~/utils/safe-redirect";
import { isTheme, serializeThemeCookie } from "~/infra/theme.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isTheme(theme)) {
    return json({ error: 'Choose "light" or "dark".' }, { status: 400 });
  }
  const headers = { "Set-Cookie": serializeThemeCookie(theme) };
  // A fetcher (JavaScript) needs no navigation; a plain form goes back where it came from.
  if (form.get("mode") === "fetch") return json({ theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { status: 303, headers });
}
