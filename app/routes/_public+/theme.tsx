import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { BodyError, parseFormBody } from "~/infra/body.server";
import { isTheme, serializeThemeCookie } from "~/infra/theme.server";
import { safeRedirect } from "~/utils/safe-redirect";

/** Three short fields; anything larger is not our toggle. */
const MAX_THEME_FORM_BYTES = 4 * 1024;

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await parseFormBody(request, MAX_THEME_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
  const theme = form.get("theme");
  if (!isTheme(theme)) {
    return json({ error: 'Choose "light" or "dark".' }, { status: 400 });
  }
  const headers = { "Set-Cookie": serializeThemeCookie(theme) };
  // A fetcher (JavaScript) needs no navigation; a plain form goes back where it came from.
  if (form.get("mode") === "fetch") return json({ theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { status: 303, headers });
}
