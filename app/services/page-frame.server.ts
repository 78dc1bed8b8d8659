// What every page's frame shows (the root route's loader data), read in one server module so
// that the root's browser script, part of every page, imports one empty stand-in instead of a
// shared chunk per server module.
import { getTheme } from "~/infra/theme.server";
import { publicOrigin } from "~/infra/public-url.server";
import { getCharitySettings } from "~/services/charity-settings.server";

/**
 * The theme, the site's origin (share pictures) and the charity's details (Settings) for the
 * header, footer and pages: every page shows some, and a save clears the rendered-page cache,
 * so a cached page never shows old ones.
 */
export async function pageFrame(request: Request) {
  return { theme: getTheme(request), origin: publicOrigin(), charity: await getCharitySettings() };
}
